// ptriage act … --host HOST: confirmed here from the host's evidence as this machine's model judges
// it, done there by its own `ptriage act --json` (which checks each identity again: a pid reused
// there is refused there, and keeps how to undo it), journaled here with the host's name.
#include "Acting.h"
#include "Commands.h"
#include "OneShot.h"

#include "decide/Triage.h"
#include "remote/ActOutcomesJson.h"
#include "remote/ProcessRun.h"
#include "remote/RemoteEvidence.h"
#include "report/EngineLabels.h"
#include "report/ScanReport.h"
#include "util/TerminalText.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace ptriage::cli {
namespace {

struct Host {
    HostSpec spec;
    RemoteOptions remote;
    QString name() const { return QString::fromStdString(spec.name); }
};

// The host `name` and how to reach it; false (said why) when it cannot be asked.
bool resolve(const QString &name, Host &out)
{
    std::vector<HostSpec> asked;
    QString error;
    std::string why;
    if (!hostsAsked({name}, false, asked, &error)) {
        usage(QStringLiteral("act %1").arg(error));
        return false;
    }
    if (!remoteOptionsFromEnvironment(out.remote, &why)) {
        usage(QStringLiteral("act --host: %1").arg(QString::fromStdString(why)));
        return false;
    }
    out.spec = asked.front();
    return true;
}

// Runs `ptriage WORDS…` there; false (said why) when it did not get to answer.
bool runThere(const Host &host, const std::vector<std::string> &words, double seconds, RunResult &r)
{
    r = runAll({sshArgv(host.remote, host.spec, words)}, seconds, std::size_t{16} << 20)[0];
    if (r.exitCode == 255 || !r.spawnError.empty() || r.timedOut || r.signal) {
        const std::string said = !r.spawnError.empty() ? r.spawnError
            : r.timedOut ? "no answer within " + std::to_string(static_cast<int>(seconds)) + " s"
                         : r.errTail;
        fail(QStringLiteral("%1: %2").arg(host.name(), QString::fromStdString(said).trimmed()));
        return false;
    }
    if (r.exitCode == 127 || r.exitCode == 126) {
        fail(QStringLiteral("%1: ptriage is not installed there: install the ptriage package on it, or name its "
                            "command in the hosts file")
                 .arg(host.name()));
        return false;
    }
    return true;
}

// What `act --json` there said it did; false (said why) when it did not say it in words we trust.
bool readReport(const Host &host, const RunResult &r, const std::vector<ProcessIdentity> &asked, ActReport &report)
{
    const QString errors = QString::fromStdString(forTerminal(r.errTail)).trimmed();
    std::string why;
    if (parseActOutcomes(r.out, asked, report, &why)) {
        if (!errors.isEmpty())
            std::fprintf(stderr, "%s: %s\n", qUtf8Printable(host.name()), qUtf8Printable(errors));
        return true;
    }
    if (r.out.empty() && errors.contains(QLatin1String("json")))
        fail(QStringLiteral("%1: its ptriage is older than this one (no act --json): install ptriage %2 there")
                 .arg(host.name(), QStringLiteral(PTRIAGE_VERSION)));
    else if (r.out.empty())
        fail(QStringLiteral("%1: %2").arg(host.name(), errors.isEmpty() ? QStringLiteral("no answer") : errors));
    else
        fail(QStringLiteral("%1: sent what is not a ptriage act report: %2")
                 .arg(host.name(), QString::fromStdString(forTerminal(why))));
    return false;
}

// Journals each outcome here under the host's name and prints it with this journal's undo.
bool recordAndPrint(const Host &host, const ActReport &report, const std::string &command, ActionJournal &journal,
    std::vector<long long> *ids = nullptr)
{
    bool allDone = true;
    bool askedForPassword = false;
    for (const ActOutcome &o : report.outcomes) {
        ActionJournal::Entry e;
        e.verb = report.verb;
        e.undoing = report.undoing;
        e.target = o.target;
        e.command = command;
        e.status = o.status;
        e.message = o.message.english();
        e.viaHelper = o.viaHelper;
        e.host = host.spec.name;
        e.remoteId = o.journalId;
        e.remoteUndo = !o.undo.isEmpty();
        QString error;
        const long long id = journal.record(e, &error);
        if (!id)
            std::fprintf(stderr, "ptriage: warning: done there but not journaled here: %s\n", qUtf8Printable(error));
        if (ids)
            ids->push_back(id);
        printLine(host.spec.name + ": " + o.target.toString() + ": " + EngineLabels::actStatus(o.status).toStdString()
            + " — " + o.message.translated()
            + (id && e.remoteUndo
                    ? QCoreApplication::translate("ActText", " (undo: ptriage act undo %1)").arg(id).toStdString()
                    : std::string()));
        allDone = allDone && o.status == ActStatus::Done;
        askedForPassword = askedForPassword || o.status == ActStatus::NotAuthorized;
    }
    if (askedForPassword)
        fail(QStringLiteral("%1: over ssh no password can be asked (BatchMode): allow the action there with a polkit "
                            "rule for your user, or act as the process's owner")
                 .arg(host.name()));
    return allDone;
}

// The command lines of the targets as the host's evidence shows them, for the journal.
std::string commandsOf(const TriageResult &r, const std::vector<ProcessIdentity> &targets)
{
    std::string out;
    for (const auto &id : targets)
        if (const Sample *s = r.snapshot->byIdentity(id))
            out += (out.empty() ? "" : "; ") + printableCommandLine(*s).substr(0, 512);
    return out;
}

int undoThere(const Host &host, long long remoteId, const ActionJournal::Entry *local, ActionJournal &journal)
{
    RunResult r;
    if (!runThere(host, {"act", "undo", std::to_string(remoteId), "--json", "--yes"}, 60, r))
        return Failure;
    ActReport report;
    if (!readReport(
            host, r, local ? std::vector<ProcessIdentity>{local->target} : std::vector<ProcessIdentity>{}, report))
        return Failure;
    std::vector<long long> ids;
    const bool done = recordAndPrint(host, report, local ? local->command : std::string(), journal, &ids);
    QString error;
    if (done && local && !ids.empty() && ids.front() && !journal.markUndone(local->id, ids.front(), &error))
        std::fprintf(stderr, "ptriage: warning: undone there, not marked here: %s\n", qUtf8Printable(error));
    return done ? Ok : Failure;
}

} // namespace

int actOnHost(const QCommandLineParser &parser, const ActRequest *request, ActionJournal &journal)
{
    Host host;
    if (!resolve(parser.value(QStringLiteral("host")), host))
        return Usage;
    const QStringList pos = parser.positionalArguments();
    if (pos.first() == QLatin1String("journal")) {
        RunResult r;
        if (!runThere(host, {"act", "journal"}, 60, r))
            return Failure;
        writeOut(r.out, Output::Text);
        return r.exitCode;
    }
    if (!request) { // undo ID --host HOST: an id of that host's journal
        bool ok = false;
        const long long id = pos.size() == 2 ? pos.at(1).toLongLong(&ok) : 0;
        if (!ok || id <= 0)
            return usage(QStringLiteral("act undo: expected one journal ID (see 'ptriage act journal --host %1')")
                             .arg(host.name()));
        if (!parser.isSet(QStringLiteral("yes"))
            && !confirmOnTerminal(QStringLiteral("Undo action %1 of %2's journal?").arg(id).arg(host.name()))) {
            fail(QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal)"));
            return Failure;
        }
        std::optional<ActionJournal::Entry> mine; // the same action in this journal, marked undone too
        for (const auto &e : journal.recent(1000))
            if (e.host == host.spec.name && e.remoteId == id && !e.undoing) {
                mine = e;
                break;
            }
        return undoThere(host, id, mine ? &*mine : nullptr, journal);
    }

    // What the person decides on, and what the journal keeps: the host's evidence, judged here.
    const std::vector<HostEvidence> fetched = fetchEvidence({host.spec}, host.remote);
    if (!fetched[0].snapshot) {
        fail(QStringLiteral("%1: %2").arg(host.name(), QString::fromStdString(fetched[0].error)));
        return Failure;
    }
    ConfigError configError;
    const auto config = TriageConfig::load({}, &configError);
    if (!config) {
        fail(configError.toString());
        return Failure;
    }
    TriageOptions to;
    to.selfPid = fetched[0].header.selfPid;
    const auto context = triage(fetched[0].snapshot, *config, to);
    if (!parser.isSet(QStringLiteral("yes"))) {
        std::printf("%s %zu process%s on %s:\n", actVerbName(request->verb), request->targets.size(),
            request->targets.size() == 1 ? "" : "es", host.spec.name.c_str());
        for (const auto &id : request->targets)
            printLine(describeTarget(*context, id, *request).toStdString());
        std::fflush(stdout);
        if (!confirmOnTerminal(QStringLiteral("Proceed on %1?").arg(host.name()))) {
            fail(QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal)"));
            return Failure;
        }
    }
    std::vector<std::string> words{"act"};
    for (const QString &p : pos)
        words.push_back(p.toStdString());
    for (const char *option : {"signal", "nice", "cpus", "quota", "timeout"})
        if (parser.isSet(QLatin1String(option)))
            words.insert(words.end(), {std::string("--") + option, parser.value(QLatin1String(option)).toStdString()});
    if (parser.isSet(QStringLiteral("group")))
        words.emplace_back("--group");
    words.insert(words.end(), {"--json", "--yes"}); // confirmed here: there is no terminal there to ask on
    RunResult r;
    if (!runThere(host, words, 60 + request->endTimeoutMs / 1000.0, r))
        return Failure;
    ActReport report;
    if (!readReport(host, r, request->targets, report))
        return Failure;
    return recordAndPrint(host, report, commandsOf(*context, request->targets), journal) ? Ok : Failure;
}

int undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal)
{
    Host host;
    if (!resolve(QString::fromStdString(entry.host), host))
        return Usage;
    if (!entry.remoteUndo || entry.remoteId <= 0 || entry.status != ActStatus::Done || entry.undoing) {
        fail(QStringLiteral("action %1 (%2 on %3) cannot be undone")
                 .arg(entry.id)
                 .arg(QLatin1String(actVerbName(entry.verb)), host.name()));
        return Failure;
    }
    if (entry.undoneBy) {
        fail(QStringLiteral("action %1 was already undone by action %2").arg(entry.id).arg(entry.undoneBy));
        return Failure;
    }
    return undoThere(host, entry.remoteId, &entry, journal);
}

} // namespace ptriage::cli
