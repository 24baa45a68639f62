// ptriage act: the same path as the window's actions, from a terminal.
#include "Acting.h"
#include "Commands.h"
#include "OneShot.h"

#include "act/ActionController.h"
#include "act/ActionRules.h"
#include "remote/ActOutcomesJson.h"
#include "report/EngineLabels.h"
#include "report/ScanReport.h"
#include "util/Format.h"
#include "util/TerminalText.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace ptriage::cli {
namespace {

// A zombie to end, with --yes: its parent is not ended unconfirmed; what to do instead, as commands to
// run (the parent is the one the engine's vetting offers). Empty when `t` is no such zombie.
QString zombieAdvice(const TriageResult &r, const VettedTarget &t)
{
    if (!t.substituted())
        return {};
    const auto parent = r.find(t.target);
    return QCoreApplication::translate("ActText",
        "      a zombie cannot be signalled; its parent is pid %1 (%2):\n"
        "        ask the parent to reap it (SIGCHLD): ptriage act reap %3\n"
        "        or end the parent:                  ptriage act end %4")
        .arg(t.target.pid)
        .arg(parent ? QString::fromStdString(
                 parent->sample().details ? parent->sample().details->comm : parent->sample().comm)
                    : QString(),
            t.asked.toQString(), t.target.toQString());
}

void printOutcome(const ActOutcome &o)
{
    printLine(o.target.toString() + ": " + EngineLabels::actStatus(o.status).toStdString() + " — "
        + o.message.translated()
        + (o.journalId > 0 && !o.undo.isEmpty()
                ? QCoreApplication::translate("ActText", " (undo: ptriage act undo %1)").arg(o.journalId).toStdString()
                : std::string()));
}

bool parseCpus(const QString &text, std::vector<int> &out)
{
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int c = part.trimmed().toInt(&ok);
        if (!ok || c < 0)
            return false;
        out.push_back(c);
    }
    return !out.empty();
}

int listJournal(ActionJournal &journal, const QString &path)
{
    const auto recent = journal.recent(50);
    if (recent.empty()) // said, so an empty journal is not mistaken for a failure
        printLine(QCoreApplication::translate("ActText", "No actions in the journal %1 yet.").arg(path).toStdString());
    for (const auto &e : recent) {
        const std::string verb = (e.undoing ? "undo " : "") + std::string(actVerbName(e.verb));
        char head[256];
        std::snprintf(head, sizeof head, "%lld  %s  %-12s %-16s %s  ", e.id,
            qPrintable(QDateTime::fromMSecsSinceEpoch(e.atMs).toString(Qt::ISODate)), verb.c_str(),
            qPrintable(EngineLabels::actStatus(e.status)), e.target.toString().c_str());
        const bool undoable = e.status == ActStatus::Done && (!e.undo.isEmpty() || e.remoteUndo);
        // The command as journaled: from a process, or from a database someone else could have written.
        printLine(head + (e.machine.isThis() ? std::string() : "on " + e.machine.hostName() + "  ") + e.command
            + (e.undoneBy      ? " (undone)"
                    : undoable ? " (undo possible)"
                               : ""));
    }
    return Ok;
}

} // namespace

bool confirmOnTerminal(const QString &question)
{
    FILE *tty = std::fopen("/dev/tty", "r+");
    if (!tty)
        return false;
    std::fprintf(tty, "%s [y/N] ", forTerminal(question.toStdString()).c_str());
    std::fflush(tty);
    char line[16] = {};
    const bool yes = std::fgets(line, sizeof line, tty) && (line[0] == 'y' || line[0] == 'Y');
    std::fclose(tty);
    return yes;
}

void printLine(const std::string &line)
{
    const std::string safe = forTerminal(line) + '\n';
    std::fwrite(safe.data(), 1, safe.size(), stdout);
}

QString describeTarget(const TriageResult &r, const VettedTarget &t)
{
    QString text;
    if (!t.instead.empty())
        text = QCoreApplication::translate("ActText", "  %1\n      instead:").arg(t.instead.text());
    const auto found = t.index >= 0 ? std::optional(r.process(t.index)) : std::nullopt;
    if (!found)
        return text
            + QCoreApplication::translate(
                "ActText", "  %1  (not running any more, or its PID now names another process)")
                  .arg(t.target.toQString());
    const ProcessView &p = *found;
    const std::string command = printableCommandLine(p.sample());
    text += QCoreApplication::translate(
        "ActText", "  %1  %2\n      %3, %4 resident, blast radius %5 (%6 other processes)")
                .arg(p.identity().pid)
                .arg(QString::fromStdString(command.substr(0, 120)),
                    EngineLabels::processClass(p.posterior().classification),
                    localBytes(static_cast<double>(p.sample().rssBytes)), EngineLabels::risk(p.blast().risk))
                .arg(p.blast().affected.size());
    for (const auto &b : t.blocks)
        text += QCoreApplication::translate("ActText", "\n      will be refused: %1").arg(b.text());
    return text;
}

int act(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Act on processes by identity (START_ID = boot_id:start:pid)."));
    parser.addPositionalArgument(QStringLiteral("verb"),
        QStringLiteral("end kill pause resume freeze thaw throttle unthrottle renice quarantine unquarantine signal "
                       "reap (a zombie: SIGCHLD to its parent), or undo ID, or journal"));
    parser.addOption({QStringLiteral("signal"), QStringLiteral("For signal: HUP INT TERM KILL USR1 USR2 STOP CONT."),
        QStringLiteral("NAME")});
    parser.addOption(
        {QStringLiteral("group"), QStringLiteral("Pause/resume/signal the target's whole process group.")});
    parser.addOption({QStringLiteral("nice"),
        QStringLiteral("For renice: -20..19 (default: lower than each target's priority now: 10, or 19 from 10 on)."),
        QStringLiteral("N")});
    parser.addOption({QStringLiteral("cpus"),
        QStringLiteral("For quarantine: CPUs, e.g. 3 or 2,3 (default: the last)."), QStringLiteral("LIST")});
    parser.addOption({QStringLiteral("quota"), QStringLiteral("For throttle: percent of one core (default 25)."),
        QStringLiteral("PERCENT")});
    parser.addOption({QStringLiteral("timeout"), QStringLiteral("For end: seconds between TERM and KILL (default 5)."),
        QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database, which holds the action journal (default %1).")
            .arg(ActionJournal::defaultPath()),
        QStringLiteral("FILE")});
    parser.addOption(
        {QStringLiteral("journal"), QStringLiteral("The same as --db (its older name)."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("yes"), QStringLiteral("Do not ask for confirmation.")});
    parser.addOption({QStringLiteral("host"),
        QStringLiteral("Act on HOST over ssh: confirmed here, done there by its own ptriage act (which checks each "
                       "identity again and keeps how to undo it); journaled here too, with the host."),
        QStringLiteral("HOST")});
    parser.addOption({QStringLiteral("min-age"),
        QStringLiteral("With --host: judge the host's processes with this minimum age, as a window set to it does "
                       "(default from policy.json)."),
        QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("json"),
        QStringLiteral("Print what was done as JSON (ptriage.act.v1): what another machine's act --host reads.")});
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral(
                "act VERB START_ID... [--signal NAME] [--group] [--nice N] [--cpus LIST] [--quota PERCENT] "
                "[--timeout SECONDS] [--db FILE | --journal FILE] [--yes] [--host HOST] [--min-age SECONDS] [--json]\n"
                "       ptriage act undo ID [--yes] [--db FILE] [--host HOST] [--json]\n"
                "       ptriage act journal [--db FILE] [--host HOST]")))
        return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.isEmpty())
        return usage(QStringLiteral("act: which action? (end, kill, pause, … or undo ID, journal)"));
    const bool onHost = parser.isSet(QStringLiteral("host"));
    const bool json = parser.isSet(QStringLiteral("json"));
    if (json && (onHost || pos.first() == QLatin1String("journal") || !parser.isSet(QStringLiteral("yes"))))
        return usage(
            QStringLiteral("act --json: for an action done here and confirmed (--yes) by the machine that asked"));

    if (parser.isSet(QStringLiteral("min-age")) && !onHost)
        return usage(QStringLiteral("act --min-age: for --host, where this machine judges the host's processes"));
    if (parser.isSet(QStringLiteral("db")) && parser.isSet(QStringLiteral("journal")))
        return usage(QStringLiteral("act: --db and --journal name the same file; give one"));
    ActionJournal journal;
    QString error;
    const QString journalPath = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db"))
        : parser.isSet(QStringLiteral("journal"))                  ? parser.value(QStringLiteral("journal"))
                                                                   : ActionJournal::defaultPath();
    if (!journal.open(journalPath, &error)) {
        fail(QStringLiteral("cannot open the action journal: %1").arg(error));
        return Failure;
    }
    if (!journal.warning().isEmpty())
        std::fprintf(stderr, "ptriage: warning: %s\n", qUtf8Printable(journal.warning()));
    else if (journal.imported() > 0)
        std::fprintf(stderr,
            "ptriage: imported %d actions from the old journal %s (kept, renamed with the suffix .migrated)\n",
            journal.imported(), qUtf8Printable(ActionJournal::legacyPath(journalPath)));
    if (pos.first() == QLatin1String("journal") && !onHost)
        return listJournal(journal, journalPath);
    if (onHost && (pos.first() == QLatin1String("journal") || pos.first() == QLatin1String("undo")))
        return actOnHost(parser, nullptr, journal);
    ActionController controller(makePrivilegedTransport(), journal);

    if (pos.first() == QLatin1String("undo")) {
        bool ok = false;
        const long long id = pos.size() == 2 ? pos.at(1).toLongLong(&ok) : 0;
        if (!ok || id <= 0)
            return usage(QStringLiteral("act undo: expected one journal ID (see 'ptriage act journal')"));
        const auto e = journal.entry(id);
        if (!e) {
            fail(QStringLiteral("no action %1 in %2").arg(id).arg(journal.path()));
            return Failure;
        }
        if (!parser.isSet(QStringLiteral("yes"))
            && !confirmOnTerminal(
                QStringLiteral("Undo action %1 (%2 of %3%4, %5)?")
                    .arg(id)
                    .arg(QLatin1String(actVerbName(e->verb)), e->target.toQString(),
                        e->machine.isThis() ? QString()
                                            : QStringLiteral(" on ") + QString::fromStdString(e->machine.hostName()),
                        QString::fromStdString(e->command)))) {
            fail(QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal)"));
            return Failure;
        }
        if (!e->machine.isThis() && !json)
            return undoOnHost(*e, journal);
        const ActOutcome o = controller.undo(id);
        if (json)
            std::fputs(actOutcomesJson({e->verb, true, {o}}).c_str(), stdout);
        else
            printOutcome(o);
        return o.status == ActStatus::Done ? Ok : Failure;
    }

    const auto verb = actVerbFromName(pos.first().toStdString());
    if (!verb)
        return usage(QStringLiteral("act: unknown action '%1'").arg(pos.first()));
    ActRequest request;
    request.verb = *verb;
    for (const QString &t : pos.mid(1)) {
        const auto id = ProcessIdentity::parse(t.toStdString());
        if (!id)
            return usage(QStringLiteral("act: '%1' is not a START_ID (boot_id:start:pid); a bare PID may name another "
                                        "process by now — get its START_ID from 'ptriage explain PID'")
                             .arg(t));
        request.targets.push_back(*id);
    }
    if (request.targets.empty())
        return usage(QStringLiteral("act %1: which processes? (START_ID…)").arg(pos.first()));
    bool ok = true;
    if (parser.isSet(QStringLiteral("signal")))
        request.signal = parser.value(QStringLiteral("signal")).toUpper().toStdString();
    else if (request.verb == ActVerb::Signal)
        return usage(QStringLiteral("act signal: --signal NAME is required"));
    request.processGroup = parser.isSet(QStringLiteral("group"));
    if (parser.isSet(QStringLiteral("nice")))
        request.nice = parser.value(QStringLiteral("nice")).toInt(&ok);
    if (!ok || request.nice < -20 || request.nice > 19)
        return usage(QStringLiteral("--nice: expected -20..19"));
    if (parser.isSet(QStringLiteral("cpus")) && !parseCpus(parser.value(QStringLiteral("cpus")), request.cpus))
        return usage(QStringLiteral("--cpus: expected CPU numbers such as 3 or 2,3"));
    if (parser.isSet(QStringLiteral("quota")))
        request.quotaPercent = parser.value(QStringLiteral("quota")).toInt(&ok);
    if (!ok || request.quotaPercent < 1)
        return usage(QStringLiteral("--quota: expected a percent of one core ≥ 1"));
    if (parser.isSet(QStringLiteral("timeout"))) {
        const double s = parser.value(QStringLiteral("timeout")).toDouble(&ok);
        if (!ok || s < 0 || s > 3600)
            return usage(QStringLiteral("--timeout: expected 0..3600 seconds"));
        request.endTimeoutMs = static_cast<int>(s * 1000);
    }

    if (onHost)
        return actOnHost(parser, &request, journal);
    // What the person decides on: a fresh scan of the machine.
    OneShotResult scanned;
    if (!runOneShot({}, scanned, &error)) {
        fail(error);
        return Failure;
    }
    const TriageResult &context = *scanned.triage;
    // A renice without --nice lowers every target's priority (never raises it, as a fixed 10 would
    // for a process at 19): the lowest the targets need; one already at 19 has nothing to lower.
    if (request.verb == ActVerb::Renice && !parser.isSet(QStringLiteral("nice"))) {
        int nice = 10;
        for (const auto &id : request.targets) {
            const Sample *s = context.snapshot->byIdentity(id);
            if (!s)
                continue;
            const auto to = lowerPriorityNice(s->nice);
            if (!to) {
                fail(QStringLiteral("pid %1 is already at nice %2, the lowest priority: a renice cannot lower it "
                                    "(--nice N sets another value)")
                         .arg(s->id.pid)
                         .arg(s->nice));
                return Failure;
            }
            nice = std::max(nice, *to);
        }
        request.nice = nice;
    }
    // What the request becomes is the engine's (ActionRules): a zombie's End is its parent's, shown in
    // the confirmation; unconfirmed (--yes), the zombie stays the target, is refused, and the way is said.
    const VettedRequest vetted = vetRequest(request, context);
    // Nothing would go (every target gone or refused): nothing to confirm; the outcomes say why.
    const bool anyGoes
        = std::any_of(vetted.targets.begin(), vetted.targets.end(), [](const auto &t) { return t.goes(); });
    const bool confirmed = !parser.isSet(QStringLiteral("yes"));
    if (confirmed) {
        std::printf("%s %zu process%s:\n", actVerbName(request.verb), request.targets.size(),
            request.targets.size() == 1 ? "" : "es");
        for (const auto &t : vetted.targets)
            printLine(describeTarget(context, t).toStdString());
        std::fflush(stdout);
        if (anyGoes && !confirmOnTerminal(QStringLiteral("Proceed?"))) {
            fail(QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal)"));
            return Failure;
        }
        request.targets.clear();
        for (const auto &t : vetted.targets)
            if (std::find(request.targets.begin(), request.targets.end(), t.target) == request.targets.end())
                request.targets.push_back(t.target); // the blocked too: the controller refuses and journals them
    }
    bool allDone = true;
    ActReport report{request.verb, false, controller.run(request, context)};
    for (const auto &o : report.outcomes) {
        allDone = allDone && o.status == ActStatus::Done;
        if (json)
            continue;
        printOutcome(o);
        const auto t = std::find_if(
            vetted.targets.begin(), vetted.targets.end(), [&](const VettedTarget &v) { return v.asked == o.target; });
        if (!confirmed && t != vetted.targets.end())
            if (const QString advice = zombieAdvice(context, *t); !advice.isEmpty())
                printLine(advice.toStdString());
    }
    if (json)
        std::fputs(actOutcomesJson(report).c_str(), stdout);
    return allDone ? Ok : Failure;
}

} // namespace ptriage::cli
