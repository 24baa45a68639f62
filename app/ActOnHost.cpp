// ptriage act … --host HOST: confirmed here from the host's evidence as this machine's model judges
// it, done there by its own `ptriage act --json` (which checks each identity again: a pid reused
// there is refused there, and keeps how to undo it), journaled here with the host's name.
#include "Acting.h"
#include "Commands.h"
#include "OneShot.h"

#include "decide/Triage.h"
#include "remote/ActOutcomesJson.h"
#include "remote/ProcessRun.h"
#include "remote/RemoteAct.h"
#include "remote/RemoteEvidence.h"
#include "report/EngineLabels.h"
#include "report/ScanReport.h"
#include "util/TerminalText.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace ptriage::cli {
namespace {

QString nameOf(const RemoteHost &host)
{
    return QString::fromStdString(host.spec.name);
}

// The host `name` and how to reach it; false (said why) when it cannot be asked.
bool resolve(const QString &name, RemoteHost &out)
{
    std::string why;
    if (!resolveHost(name.toStdString(), out, &why)) {
        usage(QStringLiteral("act --host: %1").arg(QString::fromStdString(why)));
        return false;
    }
    return true;
}

// Prints each outcome with this journal's undo; false when one was not done or nothing was said.
bool print(const RemoteHost &host, const RemoteActResult &r)
{
    if (!r.ok()) {
        fail(QStringLiteral("%1: %2").arg(nameOf(host), QString::fromStdString(r.error)));
        return false;
    }
    if (!r.notes.empty())
        std::fprintf(stderr, "%s: %s\n", host.spec.name.c_str(), r.notes.c_str());
    if (!r.warning.empty())
        std::fprintf(stderr, "ptriage: warning: %s\n", r.warning.c_str());
    bool allDone = true;
    bool askedForPassword = false;
    for (std::size_t i = 0; i < r.report.outcomes.size(); ++i) {
        const ActOutcome &o = r.report.outcomes[i];
        const long long id = i < r.ids.size() ? r.ids[i] : 0;
        printLine(host.spec.name + ": " + o.target.toString() + ": " + EngineLabels::actStatus(o.status).toStdString()
            + " — " + o.message.translated()
            + (id && !o.undo.isEmpty()
                    ? QCoreApplication::translate("ActText", " (undo: ptriage act undo %1)").arg(id).toStdString()
                    : std::string()));
        allDone = allDone && o.status == ActStatus::Done;
        askedForPassword = askedForPassword || o.status == ActStatus::NotAuthorized;
    }
    if (askedForPassword)
        fail(QString::fromStdString(noPasswordOverSsh(host.spec.name)));
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

} // namespace

int actOnHost(const QCommandLineParser &parser, const ActRequest *request, ActionJournal &journal)
{
    RemoteHost host;
    if (!resolve(parser.value(QStringLiteral("host")), host))
        return Usage;
    const QStringList pos = parser.positionalArguments();
    if (pos.first() == QLatin1String("journal")) {
        const RunResult r = runAll({sshArgv(host.remote, host.spec, {"act", "journal"})}, 60, std::size_t{16} << 20)[0];
        if (!r.spawnError.empty() || r.timedOut || r.exitCode == 255 || r.exitCode < 0) {
            fail(QStringLiteral("%1: %2").arg(nameOf(host),
                QString::fromStdString(forTerminal(r.spawnError.empty() ? r.errTail : r.spawnError)).trimmed()));
            return Failure;
        }
        writeOut(r.out, Output::Text);
        return r.exitCode;
    }
    if (!request) { // undo ID --host HOST: an id of that host's journal
        bool ok = false;
        const long long id = pos.size() == 2 ? pos.at(1).toLongLong(&ok) : 0;
        if (!ok || id <= 0)
            return usage(QStringLiteral("act undo: expected one journal ID (see 'ptriage act journal --host %1')")
                             .arg(nameOf(host)));
        if (!parser.isSet(QStringLiteral("yes"))
            && !confirmOnTerminal(QStringLiteral("Undo action %1 of %2's journal?").arg(id).arg(nameOf(host)))) {
            fail(QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal)"));
            return Failure;
        }
        std::optional<ActionJournal::Entry> mine; // the same action in this journal, marked undone too
        for (const auto &e : journal.recent(1000))
            if (e.host == host.spec.name && e.remoteId == id && !e.undoing) {
                mine = e;
                break;
            }
        return print(host, undoThere(host, id, mine ? &*mine : nullptr, journal)) ? Ok : Failure;
    }

    // What the person decides on, and what the journal keeps: the host's evidence, judged here.
    const std::vector<HostEvidence> fetched = fetchEvidence({host.spec}, host.remote);
    if (!fetched[0].snapshot) {
        fail(QStringLiteral("%1: %2").arg(nameOf(host), QString::fromStdString(fetched[0].error)));
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
        if (!confirmOnTerminal(QStringLiteral("Proceed on %1?").arg(nameOf(host)))) {
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
    return print(host,
               actThere(host, words, request->targets, actSeconds(*request), commandsOf(*context, request->targets),
                   journal))
        ? Ok
        : Failure;
}

int undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal)
{
    RemoteHost host;
    if (!resolve(QString::fromStdString(entry.host), host))
        return Usage;
    if (!entry.remoteUndo || entry.remoteId <= 0 || entry.status != ActStatus::Done || entry.undoing) {
        fail(QStringLiteral("action %1 (%2 on %3) cannot be undone")
                 .arg(entry.id)
                 .arg(QLatin1String(actVerbName(entry.verb)), nameOf(host)));
        return Failure;
    }
    if (entry.undoneBy) {
        fail(QStringLiteral("action %1 was already undone by action %2").arg(entry.id).arg(entry.undoneBy));
        return Failure;
    }
    return print(host, undoThere(host, entry.remoteId, &entry, journal)) ? Ok : Failure;
}

} // namespace ptriage::cli
