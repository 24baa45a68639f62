// Acting on a host: its own `ptriage act --json --yes` over ssh does it; this machine journals what
// it asked, and reads the answer only as outcomes of that.
#include "RemoteHost.h"

#include "HostText.h"
#include "report/ScanReport.h"

namespace ptriage {
namespace {

// Verbs whose effect a journal can take back (pause, freeze, throttle, renice, quarantine).
bool undoableVerb(ActVerb verb)
{
    return verb == ActVerb::Pause || verb == ActVerb::Freeze || verb == ActVerb::Throttle || verb == ActVerb::Renice
        || verb == ActVerb::Quarantine;
}

// Why it did not get to answer, in one line; empty when it did.
std::string whyNoAnswer(const RunResult &r, double seconds)
{
    if (!r.spawnError.empty())
        return "cannot run ssh: " + oneLine(r.spawnError, 300);
    if (r.timedOut)
        return "no answer within " + std::to_string(static_cast<int>(seconds)) + " s";
    if (r.outputTooLarge)
        return "sent more than an act report can hold: refused";
    if (r.signal)
        return "ssh was ended by signal " + std::to_string(r.signal);
    if (r.exitCode == 255)
        return oneLine(QString::fromStdString(r.errTail).trimmed().toStdString(), 300);
    if (r.exitCode == 127 || r.exitCode == 126)
        return "ptriage is not installed there: install the ptriage package on it, or name its command in the hosts "
               "file";
    return {};
}

} // namespace

RemoteActResult RemoteHost::ask(const std::vector<std::string> &words, double seconds,
    const std::vector<ProcessIdentity> &asked, std::optional<ActVerb> verb, bool undoing) const
{
    RemoteActResult out;
    const RunResult r = run(words, seconds);
    out.error = whyNoAnswer(r, seconds);
    if (!out.error.empty())
        return out;
    const std::string errors = oneLine(QString::fromStdString(r.errTail).trimmed().toStdString(), 1000);
    std::string why;
    if (parseActOutcomes(r.out, asked, out.report, &why)) {
        // Read only as an answer to what was asked: another verb, or an undo for an act, is a lie.
        if ((verb && out.report.verb != *verb) || out.report.undoing != undoing)
            out.error = std::string("answered for another action (") + actVerbName(out.report.verb)
                + (out.report.undoing ? ", undoing" : "") + "): refused, nothing journaled";
        else
            out.notes = errors;
        return out;
    }
    if (r.out.empty() && errors.find("json") != std::string::npos)
        out.error
            = "its ptriage is older than this one (no act --json): install ptriage " PTRIAGE_VERSION_TEXT " there";
    else if (r.out.empty())
        out.error = errors.empty() ? "no answer" : errors;
    else
        out.error = "sent what is not a ptriage act report: " + oneLine(why, 1000);
    return out;
}

RemoteActResult RemoteHost::act(const ActRequest &request, const std::string &command, ActionJournal &journal) const
{
    RemoteActResult out = ask(actWords(request), actSeconds(request), request.targets, request.verb, false);
    if (!out.ok())
        return out;
    for (const ActOutcome &o : out.report.outcomes) {
        ActionJournal::Entry e;
        e.verb = request.verb; // what was asked, never what the host claims it did
        e.target = o.target; // one of request.targets (parseActOutcomes)
        e.command = command;
        e.status = o.status;
        e.message = o.message.english(); // one escaped line (parseActOutcomes)
        e.viaHelper = o.viaHelper;
        e.machine = machine();
        e.remoteId = o.journalId;
        e.remoteUndo = !o.undo.isEmpty() && o.status == ActStatus::Done && undoableVerb(request.verb);
        QString error;
        const long long id = journal.record(e, &error);
        if (!id)
            out.warning = "done there but not journaled here: " + error.toStdString();
        out.ids.push_back(id);
    }
    return out;
}

RemoteActResult RemoteHost::undo(long long remoteId, const ActionJournal::Entry *local, ActionJournal &journal) const
{
    const std::vector<ProcessIdentity> asked
        = local ? std::vector<ProcessIdentity>{local->target} : std::vector<ProcessIdentity>{};
    RemoteActResult out = ask({"act", "undo", std::to_string(remoteId), "--json", "--yes"}, 60, asked,
        local ? std::optional<ActVerb>(local->verb) : std::nullopt, true);
    if (!out.ok())
        return out;
    for (const ActOutcome &o : out.report.outcomes) {
        ActionJournal::Entry e;
        e.verb = local ? local->verb : out.report.verb; // asked by id alone: its verb is only known there
        e.undoing = true;
        e.target = o.target;
        e.command = local ? local->command : std::string();
        e.status = o.status;
        e.message = o.message.english();
        e.viaHelper = o.viaHelper;
        e.machine = machine();
        e.remoteId = o.journalId;
        QString error;
        const long long id = journal.record(e, &error);
        if (!id)
            out.warning = "done there but not journaled here: " + error.toStdString();
        out.ids.push_back(id);
    }
    const bool done = !out.report.outcomes.empty() && out.report.outcomes.front().status == ActStatus::Done;
    QString error;
    if (done && local && !out.ids.empty() && out.ids.front() && !journal.markUndone(local->id, out.ids.front(), &error))
        out.warning = "undone there, not marked here: " + error.toStdString();
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

std::string whyNotUndoableThere(const ActionJournal::Entry &entry)
{
    if (entry.machine.isThis())
        return "action " + std::to_string(entry.id) + " was done on this machine";
    if (entry.undoneBy)
        return "action " + std::to_string(entry.id) + " was already undone by action " + std::to_string(entry.undoneBy);
    if (!entry.remoteUndo || entry.remoteId <= 0 || entry.undoing || entry.status != ActStatus::Done)
        return "action " + std::to_string(entry.id) + " (" + actVerbName(entry.verb) + " on " + entry.machine.hostName()
            + ") cannot be undone";
    return {};
}

std::vector<ActOutcome> actOnHost(const ActRequest &request, const TriageResult &context, ActionJournal &journal)
{
    const std::string &name = context.machine.hostName();
    std::string command;
    for (const ProcessIdentity &id : request.targets)
        if (const Sample *s = context.snapshot->byIdentity(id))
            command += (command.empty() ? "" : "; ") + printableCommandLine(*s).substr(0, 512);
    std::string why;
    const auto host = context.machine.isThis() ? std::nullopt : RemoteHost::resolve(name, &why);
    const RemoteActResult r = host ? host->act(request, command, journal) : RemoteActResult{{}, {}, why, {}, {}};
    std::vector<ActOutcome> out;
    if (!r.ok()) {
        for (const ProcessIdentity &id : request.targets)
            out.push_back({id, ActStatus::Failed, Phrase(name + ": " + r.error), false, {}, 0});
        return out;
    }
    for (std::size_t i = 0; i < r.report.outcomes.size(); ++i) {
        ActOutcome o = r.report.outcomes[i];
        o.journalId = i < r.ids.size() ? r.ids[i] : 0;
        if (o.status == ActStatus::NotAuthorized)
            o.message = Phrase(o.message.english() + " — " + noPasswordOverSsh(name));
        out.push_back(std::move(o));
    }
    return out;
}

std::vector<ActOutcome> undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal)
{
    const std::string &name = entry.machine.hostName();
    std::string why = whyNotUndoableThere(entry);
    const auto host = why.empty() ? RemoteHost::resolve(name, &why) : std::nullopt;
    const RemoteActResult r = host ? host->undo(entry.remoteId, &entry, journal) : RemoteActResult{{}, {}, why, {}, {}};
    if (!r.ok() || r.report.outcomes.empty())
        return {
            {entry.target, ActStatus::Failed, Phrase(name + ": " + (r.ok() ? "no answer" : r.error)), false, {}, 0}};
    ActOutcome o = r.report.outcomes.front();
    o.journalId = r.ids.empty() ? 0 : r.ids.front();
    if (o.status == ActStatus::NotAuthorized)
        o.message = Phrase(o.message.english() + " — " + noPasswordOverSsh(name));
    return {o};
}

std::string noPasswordOverSsh(const std::string &host)
{
    return host
        + ": over ssh no password can be asked (BatchMode): allow the action there with a polkit rule for your "
          "user, or act as the process's owner";
}

} // namespace ptriage
