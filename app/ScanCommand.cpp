#include "Commands.h"
#include "OneShot.h"

#include "report/ScanReport.h"
#include "session/database/SessionStore.h"

#include <QFileInfo>

#include <cstdio>

namespace ptriage::cli {
namespace {

// Rows are cut to the terminal's width; into a pipe or a file (or with --wide) nothing is cut: 0.
int outputWidth(bool wide)
{
    return wide ? 0 : terminalWidth();
}

} // namespace

int scan(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Scan every process and rank what is worth acting on."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.scan.v1 JSON.")});
    parser.addOption({QStringLiteral("pretty"), QStringLiteral("Indent the JSON.")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("List every process, not only the candidates.")});
    parser.addOption({QStringLiteral("wide"),
        QStringLiteral("Never cut a row to the terminal's width (into a pipe or a file nothing is cut anyway).")});
    parser.addOption({QStringLiteral("save"),
        QStringLiteral("Also save the scan as a session (with --host: each reachable host's scan, as a session of that "
                       "host).")});
    addSaveOptions(parser);
    addOneShotOptions(parser);
    addHostOptions(parser);
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("scan [--json [--pretty]] [--all] [--wide] [--save [--keep-days DAYS]] [--db FILE] "
                           "[--proc-root DIR] [--state FILE] [--min-age SECONDS] [--host HOST]... "
                           "[--timeout DURATION]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("scan takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    const bool onHosts = parser.isSet(QStringLiteral("host"));
    for (const char *local : {"proc-root", "state"})
        if (onHosts && parser.isSet(QLatin1String(local)))
            return usage(
                QStringLiteral("--%1 is for this machine; it does not go with --host").arg(QLatin1String(local)));
    if (!onHosts && parser.isSet(QStringLiteral("timeout")))
        return usage(QStringLiteral("--timeout goes with --host"));
    const bool save = parser.isSet(QStringLiteral("save"));
    if (!save && parser.isSet(QStringLiteral("keep-days")))
        return usage(QStringLiteral("--keep-days goes with --save"));
    OneShotOptions options;
    QString error;
    double keepDays = 30;
    if (!readOneShotOptions(parser, options, &error) || !readKeepDays(parser, &keepDays, &error))
        return usage(error);
    options.pastDb = pastDatabase(parser, options);
    if (onHosts) {
        ScanReportOptions ro;
        ro.all = parser.isSet(QStringLiteral("all"));
        ro.pretty = parser.isSet(QStringLiteral("pretty"));
        return scanHosts(parser, options, ro, parser.isSet(QStringLiteral("json")),
            outputWidth(parser.isSet(QStringLiteral("wide"))));
    }
    OneShotResult result;
    if (!runOneShot(options, result, &error)) {
        fail(error);
        return Failure;
    }
    // Saved before printing: a scan that could not be saved is an error, not a half success.
    if (save) {
        long long id = 0;
        const QString path = saveDbPath(parser);
        if (!saveScan(result, path, keepDays, &id, &error)) {
            fail(error);
            return Failure;
        }
        std::fprintf(stderr, "saved session %lld (%zu processes) in %s\n", id,
            result.triage->snapshot->processes.size(), qUtf8Printable(path));
    }
    ScanReportOptions ro;
    ro.all = parser.isSet(QStringLiteral("all"));
    ro.pretty = parser.isSet(QStringLiteral("pretty"));
    ro.pool = result.workers.get();
    const bool json = parser.isSet(QStringLiteral("json"));
    const std::string text = json
        ? scanJson(*result.triage, *result.config, ro)
        : scanText(*result.triage, *result.config, ro, outputWidth(parser.isSet(QStringLiteral("wide"))));
    const Output kind = json ? Output::Json : parser.isSet(QStringLiteral("wide")) ? Output::WideText : Output::Text;
    if (!writeOut(text, kind)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return leaveNow(Ok);
}

int explain(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Explain the verdict on one process."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.explain.v1 JSON.")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database past decisions are read from (default %1 for a live scan).")
            .arg(SessionStore::defaultPath()),
        QStringLiteral("FILE")});
    addOneShotOptions(parser);
    parser.addPositionalArgument(
        QStringLiteral("process"), QStringLiteral("PID or START_ID (boot_id:start_ticks:pid)."));
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral(
                "explain PID|START_ID [--json] [--db FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]")))
        return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1)
        return usage(QStringLiteral("explain takes one PID or START_ID"));
    std::optional<ProcessIdentity> wanted;
    bool isPid = false;
    const int pid = pos.first().toInt(&isPid);
    if (!isPid) {
        wanted = ProcessIdentity::parse(pos.first().toStdString());
        if (!wanted)
            return usage(
                QStringLiteral("'%1' is neither a PID nor a START_ID (boot_id:start_ticks:pid)").arg(pos.first()));
    } else if (pid <= 0) {
        return usage(QStringLiteral("'%1' is not a PID").arg(pos.first()));
    }
    OneShotOptions options;
    QString error;
    if (!readOneShotOptions(parser, options, &error))
        return usage(error);
    options.pastDb = pastDatabase(parser, options);
    OneShotResult result;
    if (!runOneShot(options, result, &error)) {
        fail(error);
        return Failure;
    }
    const auto &snap = *result.triage->snapshot;
    const int lookup = wanted ? wanted->pid : pid;
    auto it = snap.indexByPid.find(lookup);
    if (it == snap.indexByPid.end()) {
        fail(QStringLiteral("no process %1").arg(lookup));
        return Failure;
    }
    const int index = static_cast<int>(it->second);
    if (wanted && !(result.triage->identityOf(index) == *wanted)) {
        fail(QStringLiteral("process %1 is gone; pid %2 now belongs to %3")
                 .arg(pos.first())
                 .arg(lookup)
                 .arg(QString::fromStdString(result.triage->identityOf(index).toString())));
        return Failure;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    // What ptriage did to it and has not undone (the journal, when there is one): a frozen process is thawed.
    ActedOn acted;
    if (QFileInfo::exists(ActionJournal::defaultPath())) {
        ActionJournal journal;
        QString unreadable; // explain without it: nothing known of what ptriage did
        if (journal.open(ActionJournal::defaultPath(), &unreadable))
            acted = actedOn(journal.undoable(), result.triage->identityOf(index), result.triage->machine);
    }
    const std::string text = json ? explainJson(*result.triage, *result.config, index, acted)
                                  : explainText(*result.triage, *result.config, index, acted);
    if (!writeOut(text, json ? Output::Json : Output::Text)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return Ok;
}

} // namespace ptriage::cli
