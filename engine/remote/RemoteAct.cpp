#include "RemoteAct.h"

#include "ProcessRun.h"
#include "report/ScanReport.h"
#include "util/TerminalText.h"

#include <QString>

namespace ptriage {
namespace {

std::string trimmed(const std::string &text)
{
    return QString::fromStdString(text).trimmed().toStdString();
}

// Runs it there; false with the one line why when it did not get to answer.
bool runThere(
    const RemoteHost &host, const std::vector<std::string> &words, double seconds, RunResult &r, std::string *error)
{
    r = runAll({sshArgv(host.remote, host.spec, words)}, seconds, std::size_t{16} << 20, host.remote.cancel)[0];
    if (r.exitCode == 255 || !r.spawnError.empty() || r.timedOut || r.signal) {
        const std::string said = !r.spawnError.empty() ? r.spawnError
            : r.timedOut ? "no answer within " + std::to_string(static_cast<int>(seconds)) + " s"
                         : forTerminal(r.errTail);
        return *error = trimmed(said), false;
    }
    if (r.exitCode == 127 || r.exitCode == 126)
        return *error = "ptriage is not installed there: install the ptriage package on it, or name its command in "
                        "the hosts file",
               false;
    return true;
}

// What it said, read as outcomes of `asked`; false with why when not in words we trust.
bool readReport(const RunResult &r, const std::vector<ProcessIdentity> &asked, RemoteActResult &out)
{
    const std::string errors = trimmed(forTerminal(r.errTail));
    std::string why;
    if (parseActOutcomes(r.out, asked, out.report, &why)) {
        out.notes = errors;
        return true;
    }
    if (r.out.empty() && errors.find("json") != std::string::npos)
        out.error
            = "its ptriage is older than this one (no act --json): install ptriage " PTRIAGE_VERSION_TEXT " there";
    else if (r.out.empty())
        out.error = errors.empty() ? "no answer" : errors;
    else
        out.error = "sent what is not a ptriage act report: " + forTerminal(why);
    return false;
}

void record(const std::string &host, const std::string &command, ActionJournal &journal, RemoteActResult &out)
{
    for (const ActOutcome &o : out.report.outcomes) {
        ActionJournal::Entry e;
        e.verb = out.report.verb;
        e.undoing = out.report.undoing;
        e.target = o.target;
        e.command = command;
        e.status = o.status;
        e.message = o.message.english();
        e.viaHelper = o.viaHelper;
        e.host = host;
        e.remoteId = o.journalId;
        e.remoteUndo = !o.undo.isEmpty();
        QString error;
        const long long id = journal.record(e, &error);
        if (!id)
            out.warning = "done there but not journaled here: " + error.toStdString();
        out.ids.push_back(id);
    }
}

} // namespace

bool resolveHost(const std::string &name, RemoteHost &out, std::string *why)
{
    if (!validHostName(name, why))
        return false;
    std::vector<HostSpec> listed;
    if (!readHostsFile(defaultHostsFile(), listed, why) || !remoteOptionsFromEnvironment(out.remote, why))
        return false;
    out.spec = HostSpec{name, {"ptriage"}};
    for (const HostSpec &h : listed)
        if (h.name == name)
            out.spec.command = h.command;
    return true;
}

RemoteActResult actThere(const RemoteHost &host, const std::vector<std::string> &words,
    const std::vector<ProcessIdentity> &asked, double seconds, const std::string &command, ActionJournal &journal)
{
    RemoteActResult out;
    RunResult r;
    if (runThere(host, words, seconds, r, &out.error) && readReport(r, asked, out))
        record(host.spec.name, command, journal, out);
    return out;
}

std::vector<std::string> actWords(const ActRequest &request)
{
    std::vector<std::string> words{"act", actVerbName(request.verb)};
    for (const ProcessIdentity &id : request.targets)
        words.push_back(id.toString());
    switch (request.verb) {
    case ActVerb::Signal:
        words.insert(words.end(), {"--signal", request.signal});
        break;
    case ActVerb::Renice:
        words.insert(words.end(), {"--nice", std::to_string(request.nice)});
        break;
    case ActVerb::Throttle:
        words.insert(words.end(), {"--quota", std::to_string(request.quotaPercent)});
        break;
    case ActVerb::Quarantine:
        if (!request.cpus.empty()) {
            std::string cpus;
            for (const int c : request.cpus)
                cpus += (cpus.empty() ? "" : ",") + std::to_string(c);
            words.insert(words.end(), {"--cpus", cpus});
        }
        break;
    case ActVerb::End:
        words.insert(words.end(), {"--timeout", std::to_string(request.endTimeoutMs / 1000.0)});
        break;
    default:
        break;
    }
    if (request.processGroup)
        words.emplace_back("--group");
    words.insert(words.end(), {"--json", "--yes"});
    return words;
}

double actSeconds(const ActRequest &request)
{
    return 60 + request.endTimeoutMs / 1000.0;
}

RemoteActResult undoThere(
    const RemoteHost &host, long long remoteId, const ActionJournal::Entry *local, ActionJournal &journal)
{
    RemoteActResult out = actThere(host, {"act", "undo", std::to_string(remoteId), "--json", "--yes"},
        local ? std::vector<ProcessIdentity>{local->target} : std::vector<ProcessIdentity>{}, 60,
        local ? local->command : std::string(), journal);
    const bool done = out.ok() && !out.report.outcomes.empty() && out.report.outcomes.front().status == ActStatus::Done;
    QString error;
    if (done && local && !out.ids.empty() && out.ids.front() && !journal.markUndone(local->id, out.ids.front(), &error))
        out.warning = "undone there, not marked here: " + error.toStdString();
    return out;
}

std::vector<ActOutcome> actOnHost(const ActRequest &request, const TriageResult &context, ActionJournal &journal)
{
    std::string command;
    for (const ProcessIdentity &id : request.targets)
        if (const Sample *s = context.snapshot->byIdentity(id))
            command += (command.empty() ? "" : "; ") + printableCommandLine(*s).substr(0, 512);
    RemoteHost host;
    std::string why;
    RemoteActResult r;
    if (!resolveHost(context.host, host, &why))
        r.error = why;
    else
        r = actThere(host, actWords(request), request.targets, actSeconds(request), command, journal);
    std::vector<ActOutcome> out;
    if (!r.ok()) {
        for (const ProcessIdentity &id : request.targets)
            out.push_back({id, ActStatus::Failed, Phrase(context.host + ": " + r.error), false, {}, 0});
        return out;
    }
    for (std::size_t i = 0; i < r.report.outcomes.size(); ++i) {
        ActOutcome o = r.report.outcomes[i];
        o.journalId = i < r.ids.size() ? r.ids[i] : 0;
        if (o.status == ActStatus::NotAuthorized)
            o.message = Phrase(o.message.english() + " — " + noPasswordOverSsh(context.host));
        out.push_back(std::move(o));
    }
    return out;
}

std::vector<ActOutcome> undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal)
{
    RemoteHost host;
    std::string why;
    RemoteActResult r;
    if (!entry.remoteUndo || entry.remoteId <= 0 || entry.undoneBy || entry.status != ActStatus::Done)
        r.error = "action " + std::to_string(entry.id) + " cannot be undone (any more)";
    else if (!resolveHost(entry.host, host, &why))
        r.error = why;
    else
        r = undoThere(host, entry.remoteId, &entry, journal);
    if (!r.ok() || r.report.outcomes.empty())
        return {{entry.target, ActStatus::Failed, Phrase(entry.host + ": " + (r.ok() ? "no answer" : r.error)), false,
            {}, 0}};
    ActOutcome o = r.report.outcomes.front();
    o.journalId = r.ids.empty() ? 0 : r.ids.front();
    if (o.status == ActStatus::NotAuthorized)
        o.message = Phrase(o.message.english() + " — " + noPasswordOverSsh(entry.host));
    return {o};
}

std::string noPasswordOverSsh(const std::string &host)
{
    return host
        + ": over ssh no password can be asked (BatchMode): allow the action there with a polkit rule for your "
          "user, or act as the process's owner";
}

} // namespace ptriage
