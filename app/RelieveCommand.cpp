// ptriage relieve: the relief plan for a goal (free memory, or a port), and on --yes its steps
// through the same action path as `ptriage act`.
#include "Commands.h"
#include "OneShot.h"

#include "act/ActionController.h"
#include "decide/relief/ReliefPlan.h"
#include "report/EngineLabels.h"
#include "util/ByteSize.h"

#include <cstdio>

namespace ptriage::cli {
namespace {

// Carries out the steps ptriage may do itself: one End (TERM, then KILL) for each target and its
// tree, journaled. Advice steps are only repeated. False when any process was not ended.
bool carryOut(const ReliefPlan &plan, const TriageResult &context, const QString &journalPath, int timeoutMs)
{
    ActionJournal journal;
    QString error;
    if (!journal.open(journalPath, &error)) {
        fail(QStringLiteral("cannot open the action journal: %1").arg(error));
        return false;
    }
    if (!journal.warning().isEmpty())
        std::fprintf(stderr, "ptriage: warning: %s\n", qUtf8Printable(journal.warning()));
    ActionController controller(makePrivilegedTransport(), journal);
    bool allDone = true;
    for (const ReliefStep &step : plan.steps) {
        if (!step.stopUnit.empty()) {
            std::fprintf(stderr, "advice, not carried out: stop %s yourself\n", step.stopUnit.c_str());
            continue;
        }
        ActRequest request;
        request.verb = ActVerb::End;
        request.endTimeoutMs = timeoutMs;
        request.targets.push_back(step.target);
        for (int m : step.tree)
            request.targets.push_back(context.identityOf(m));
        for (const ActOutcome &o : controller.run(request, context)) {
            std::fprintf(stderr, "%s: %s — %s\n", o.target.toString().c_str(),
                qPrintable(EngineLabels::actStatus(o.status)), o.message.translated().c_str());
            allDone = allDone && (o.status == ActStatus::Done || o.status == ActStatus::NoSuchProcess);
        }
    }
    return allDone;
}

} // namespace

int relieve(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The least costly set of processes to end to free memory or a TCP port."));
    parser.addOption({QStringLiteral("free-memory"),
        QStringLiteral("Free this much memory: 512M, 4G, 1.5GiB or bytes (powers of 1024)."), QStringLiteral("SIZE")});
    parser.addOption({QStringLiteral("free-port"), QStringLiteral("Free this TCP port."), QStringLiteral("PORT")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.relief.v1 JSON.")});
    parser.addOption({QStringLiteral("yes"),
        QStringLiteral("Carry the plan out (end = TERM, then KILL; journaled). Without it, only print.")});
    parser.addOption({QStringLiteral("timeout"),
        QStringLiteral("For --yes: seconds between TERM and KILL (default 5)."), QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database: past decisions, and the action journal (default %1).")
            .arg(ActionJournal::defaultPath()),
        QStringLiteral("FILE")});
    addOneShotOptions(parser);
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("relieve --free-memory SIZE | --free-port PORT [--json] [--yes [--timeout SECONDS]] [--db "
                           "FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("relieve takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    const bool memory = parser.isSet(QStringLiteral("free-memory"));
    if (memory == parser.isSet(QStringLiteral("free-port")))
        return usage(QStringLiteral("relieve: give one goal, --free-memory SIZE or --free-port PORT"));
    ReliefGoal goal;
    if (memory) {
        const QString text = parser.value(QStringLiteral("free-memory"));
        const auto bytes = parseByteSize(text.toStdString());
        if (!bytes || *bytes == 0)
            return usage(QStringLiteral("--free-memory: '%1' is not a size (expected e.g. 512M, 4G, 1.5GiB or bytes)")
                             .arg(text));
        goal.freeBytes = *bytes;
    } else {
        bool ok = false;
        goal.freePort = parser.value(QStringLiteral("free-port")).toInt(&ok);
        if (!ok || goal.freePort < 1 || goal.freePort > 65535)
            return usage(QStringLiteral("--free-port: expected a TCP port 1..65535, got '%1'")
                             .arg(parser.value(QStringLiteral("free-port"))));
    }
    int timeoutMs = 5000;
    if (parser.isSet(QStringLiteral("timeout"))) {
        bool ok = false;
        const double s = parser.value(QStringLiteral("timeout")).toDouble(&ok);
        if (!ok || s < 0 || s > 3600)
            return usage(QStringLiteral("--timeout: expected 0..3600 seconds"));
        timeoutMs = static_cast<int>(s * 1000);
    }
    OneShotOptions options;
    QString error;
    if (!readOneShotOptions(parser, options, &error))
        return usage(error);
    if (parser.isSet(QStringLiteral("yes")) && options.procRoot != QLatin1String("/proc"))
        return usage(QStringLiteral("--yes acts on this machine's processes: not with --proc-root"));
    options.pastDb = pastDatabase(parser, options);
    OneShotResult result;
    if (!runOneShot(options, result, &error)) {
        fail(error);
        return Failure;
    }
    const TriageResult &context = *result.triage;
    const ReliefPlan plan = planRelief(context, readFootprints(context, options.procRoot), goal, *result.config);
    const bool json = parser.isSet(QStringLiteral("json"));
    if (!writeOut(json ? reliefPlanJson(plan, context) : reliefPlanText(plan, context, terminalWidth()),
            json ? Output::Json : Output::Text)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    if (!plan.reached) {
        if (parser.isSet(QStringLiteral("yes")))
            fail(QStringLiteral("the goal cannot be reached safely; nothing was done"));
        return Failure;
    }
    if (!parser.isSet(QStringLiteral("yes")))
        return Ok;
    const QString journalPath
        = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db")) : ActionJournal::defaultPath();
    return carryOut(plan, context, journalPath, timeoutMs) ? Ok : Failure;
}

} // namespace ptriage::cli
