// ptriage act … --host HOST: confirmed here from the host's evidence as this machine's model judges
// it, done there by its own `ptriage act --json` (which checks each identity again: a pid reused
// there is refused there, and keeps how to undo it), journaled here with the host's name.
#include "Acting.h"

#include "Commands.h"
#include "OneShot.h"
#include <algorithm>

#include "decide/Triage.h"
#include "remote/HostText.h"
#include "remote/RemoteHost.h"
#include "report/EngineLabels.h"
#include "report/ScanReport.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace ptriage::cli {
namespace {

QString nameOf(const RemoteHost &host)
{
    return QString::fromStdString(host.spec().name);
}

// The host `name` and how to reach it; nullopt (said why) when it cannot be asked.
std::optional<RemoteHost> resolve(const std::string &name)
{
    std::string why;
    auto host = RemoteHost::resolve(name, &why);
    if (!host)
        usage(QStringLiteral("act --host: %1").arg(QString::fromStdString(why)));
    return host;
}

// Prints each outcome with this journal's undo; false when one was not done or nothing was said.
bool print(const RemoteHost &host, const RemoteActResult &r)
{
    const std::string &name = host.spec().name;
    if (!r.ok()) {
        fail(QStringLiteral("%1: %2").arg(nameOf(host), QString::fromStdString(r.error)));
        return false;
    }
    if (!r.notes.empty())
        std::fprintf(stderr, "%s: %s\n", name.c_str(), r.notes.c_str());
    if (!r.warning.empty())
        std::fprintf(stderr, "ptriage: warning: %s\n", r.warning.c_str());
    bool allDone = !r.report.outcomes.empty();
    bool askedForPassword = false;
    for (std::size_t i = 0; i < r.report.outcomes.size(); ++i) {
        const ActOutcome &o = r.report.outcomes[i];
        const long long id = i < r.ids.size() ? r.ids[i] : 0;
        printLine(name + ": " + o.target.toString() + ": " + EngineLabels::actStatus(o.status).toStdString() + " — "
            + o.message.translated()
            + (id && !o.undo.isEmpty()
                    ? QCoreApplication::translate("ActText", " (undo: ptriage act undo %1)").arg(id).toStdString()
                    : std::string()));
        allDone = allDone && o.status == ActStatus::Done;
        askedForPassword = askedForPassword || o.status == ActStatus::NotAuthorized;
    }
    if (askedForPassword)
        fail(QString::fromStdString(noPasswordOverSsh(name)));
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
    const auto host = resolve(parser.value(QStringLiteral("host")).toStdString());
    if (!host)
        return Usage;
    const QStringList pos = parser.positionalArguments();
    if (pos.first() == QLatin1String("journal")) {
        const RunResult r = host->run({"act", "journal"}, 60);
        if (!r.spawnError.empty() || r.timedOut || r.exitCode == 255 || r.exitCode < 0) {
            fail(QStringLiteral("%1: %2").arg(nameOf(*host),
                QString::fromStdString(oneLine(r.spawnError.empty() ? r.errTail : r.spawnError, 1000)).trimmed()));
            return Failure;
        }
        writeOut(r.out, Output::Text); // made safe for a terminal there
        return r.exitCode;
    }
    if (!request) { // undo ID --host HOST: an id of that host's journal
        bool ok = false;
        const long long id = pos.size() == 2 ? pos.at(1).toLongLong(&ok) : 0;
        if (!ok || id <= 0)
            return usage(QStringLiteral("act undo: expected one journal ID (see 'ptriage act journal --host %1')")
                             .arg(nameOf(*host)));
        if (!parser.isSet(QStringLiteral("yes"))
            && !confirmOnTerminal(QStringLiteral("Undo action %1 of %2's journal?").arg(id).arg(nameOf(*host)))) {
            fail(QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal)"));
            return Failure;
        }
        std::optional<ActionJournal::Entry> mine; // the same action in this journal, marked undone too
        for (const auto &e : journal.recent(1000))
            if (e.machine == host->machine() && e.remoteId == id && !e.undoing) {
                mine = e;
                break;
            }
        return print(*host, host->undo(id, mine ? &*mine : nullptr, journal)) ? Ok : Failure;
    }

    // What the person decides on, and what the journal keeps: the host's evidence, judged here with
    // what the window judges it with (the config, the learned past of this database).
    ConfigError configError;
    const auto config = TriageConfig::load({}, &configError);
    if (!config) {
        fail(configError.toString());
        return Failure;
    }
    std::optional<double> minAge;
    if (parser.isSet(QStringLiteral("min-age"))) {
        bool ok = false;
        minAge = parser.value(QStringLiteral("min-age")).toDouble(&ok);
        if (!ok || *minAge < 0 || *minAge > 1e9)
            return usage(QStringLiteral("--min-age: expected a number of seconds ≥ 0, got '%1'")
                             .arg(parser.value(QStringLiteral("min-age"))));
    }
    const HostVerdict verdict = host->judge(JudgeInputs{&*config, minAge, journal.path(), nullptr});
    if (!verdict.triage) {
        fail(QStringLiteral("%1: %2").arg(nameOf(*host), QString::fromStdString(verdict.evidence.error)));
        return Failure;
    }
    const TriageResult &context = *verdict.triage;
    // Vetted as here (ActionRules): confirmed, a zombie's End goes to its parent there.
    ActRequest asked = *request;
    if (!parser.isSet(QStringLiteral("yes"))) {
        const VettedRequest vetted = vetRequest(*request, context);
        std::printf("%s %zu process%s on %s:\n", actVerbName(request->verb), request->targets.size(),
            request->targets.size() == 1 ? "" : "es", host->spec().name.c_str());
        for (const auto &t : vetted.targets)
            printLine(describeTarget(context, t).toStdString());
        std::fflush(stdout);
        if (!confirmOnTerminal(QStringLiteral("Proceed on %1?").arg(nameOf(*host)))) {
            fail(QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal)"));
            return Failure;
        }
        asked.targets.clear();
        for (const auto &t : vetted.targets)
            if (std::find(asked.targets.begin(), asked.targets.end(), t.target) == asked.targets.end())
                asked.targets.push_back(t.target);
    }
    return print(*host, host->act(asked, commandsOf(context, asked.targets), journal)) ? Ok : Failure;
}

int undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal)
{
    if (const std::string why = whyNotUndoableThere(entry); !why.empty()) {
        fail(QString::fromStdString(why));
        return Failure;
    }
    const auto host = resolve(entry.machine.hostName());
    if (!host)
        return Usage;
    return print(*host, host->undo(entry.remoteId, &entry, journal)) ? Ok : Failure;
}

} // namespace ptriage::cli
