#include "Commands.h"
#include "HostVerdicts.h"

#include "report/html/HtmlReport.h"
#include "report/html/ReportHistory.h"
#include "session/database/SessionStore.h"
#include "translations/Translations.h"

#include <QDateTime>
#include <QSysInfo>

#include <cstdio>
#include <cstdlib>

namespace ptriage::cli {
namespace {

// "Report made": the scan's own time (a saved session's, a live scan's), so that one session gives
// the same bytes every time; SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention) instead
// when it is set.
std::int64_t generationTime(std::int64_t scannedAtMs)
{
    const char *epoch = std::getenv("SOURCE_DATE_EPOCH");
    if (epoch && *epoch) {
        char *end = nullptr;
        const long long s = std::strtoll(epoch, &end, 10);
        if (*end == '\0' && s > 0)
            return s * 1000;
    }
    return scannedAtMs;
}

bool readId(const QString &text, long long *id)
{
    bool ok = false;
    *id = text.toLongLong(&ok);
    return ok && *id > 0;
}

bool write(const std::string &html, const QString &path, QString *error)
{
    if (path == QLatin1String("-")) {
        if (std::fwrite(html.data(), 1, html.size(), stdout) == html.size() && std::fflush(stdout) == 0)
            return true;
        *error = QStringLiteral("cannot write the report to standard output");
        return false;
    }
    return HtmlReport::save(html, path, error);
}

// A saved session by id (0: the latest), and the config for the methods section.
bool loadSession(const QString &db, long long id, std::optional<Session> &out, QString *error)
{
    SessionStore store;
    if (!store.open(db, SessionStore::Mode::ExistingOnly, error))
        return false;
    if (id == 0) {
        const auto list = store.sessions(0, error);
        if (list.empty()) {
            if (error->isEmpty())
                *error = QStringLiteral("%1: no saved sessions (save one with 'ptriage scan --save')").arg(db);
            return false;
        }
        id = list.back().id;
    }
    out = store.load(id, error);
    return out.has_value();
}

// report --host: every host's evidence judged here, and this machine's live scan with --local; one
// document, a section per machine. Exit 1 when a host failed (named in the report), as scan --host.
int reportHosts(const QCommandLineParser &parser, const OneShotOptions &options)
{
    JudgedHosts judged;
    if (const auto done = judgeHostsAsked(parser, options, judged))
        return *done;
    const TriageConfig &config = *judged.config;
    QString error;
    std::vector<HostReportPart> parts;
    OneShotResult local;
    if (parser.isSet(QStringLiteral("local"))) {
        if (!runOneShot(options, local, &error)) {
            fail(error);
            return Failure;
        }
        parts.push_back({std::string(), reportFromTriage(*local.triage, *local.config), {}});
    }
    bool allOk = true;
    for (const HostVerdict &v : judged.verdicts) {
        HostReportPart part{v.evidence.host, std::nullopt, v.evidence.error};
        if (v.triage) {
            part.input = reportFromTriage(*v.triage, config);
            part.input->header.host = v.evidence.host; // the evidence names neither hostname nor kernel
            part.input->header.kernel.clear();
        }
        allOk = allOk && v.triage;
        parts.push_back(std::move(part));
    }
    const std::int64_t madeAt = generationTime(QDateTime::currentMSecsSinceEpoch());
    const std::string html = HtmlReport::renderHosts(parts, PTRIAGE_VERSION, madeAt);
    QString path = parser.value(QStringLiteral("output"));
    if (path.isEmpty())
        path = QStringLiteral("ptriage-report-hosts-%1.html")
                   .arg(QDateTime::fromMSecsSinceEpoch(madeAt).toString(QStringLiteral("yyyyMMdd-HHmmss")));
    if (!write(html, path, &error)) {
        fail(error);
        return Failure;
    }
    if (path != QLatin1String("-"))
        std::fprintf(stderr, "ptriage: wrote %s (%zu KiB, %zu machines)\n", qUtf8Printable(path), html.size() / 1024,
            parts.size());
    return leaveNow(allOk ? Ok : Failure);
}

} // namespace

int report(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Write one self-contained HTML report: candidates, evidence, blast radius, actions, changes."));
    parser.addOption({QStringLiteral("live"),
        QStringLiteral("Scan now and report the scan (the default, but with --diff: session B).")});
    parser.addOption({QStringLiteral("last"), QStringLiteral("Report the latest saved session.")});
    parser.addOption({QStringLiteral("session"), QStringLiteral("Report the saved session ID."), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("diff"),
        QStringLiteral("Compare sessions A and B (give it twice: --diff A --diff B, or --diff A,B) and report B "
                       "unless --live, --last or --session says otherwise; default: the session before the "
                       "reported one."),
        QStringLiteral("A B")});
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("Write to FILE ('-': standard output; default ptriage-report-HOST-TIME.html)."),
        QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database (default %1).").arg(SessionStore::defaultPath()), QStringLiteral("FILE")});
    addOneShotOptions(parser);
    addHostOptions(parser);
    parser.addOption({QStringLiteral("local"),
        QStringLiteral("With --host: this machine's live scan too, as the report's first section.")});
    // "--diff A B": the second id is a positional argument right after it.
    QStringList argv = args;
    const int diffAt = static_cast<int>(argv.indexOf(QStringLiteral("--diff")));
    if (diffAt > 0 && diffAt + 2 < argv.size() && !argv[diffAt + 2].startsWith(QLatin1Char('-'))
        && !argv[diffAt + 1].contains(QLatin1Char(','))) {
        argv[diffAt + 1] += QLatin1Char(',') + argv[diffAt + 2];
        argv.removeAt(diffAt + 2);
    }
    if (const auto done = parseCommandLine(parser, argv,
            QStringLiteral("report [--live | --last | --session ID] [--diff A B] [--host HOST... [--local] "
                           "[--timeout DURATION]] [-o|--output FILE] [--db FILE] [--proc-root DIR] [--state FILE] "
                           "[--min-age SECONDS]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("report takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    const bool last = parser.isSet(QStringLiteral("last"));
    bool bySession = parser.isSet(QStringLiteral("session"));
    if (int(parser.isSet(QStringLiteral("live"))) + int(last) + int(bySession) > 1)
        return usage(QStringLiteral("choose one of --live, --last and --session"));
    const bool onHosts = parser.isSet(QStringLiteral("host"));
    if (onHosts && (last || bySession || parser.isSet(QStringLiteral("diff"))))
        return usage(QStringLiteral("--host reports live scans of the hosts; it does not go with --last, --session "
                                    "or --diff"));
    if (!onHosts && (parser.isSet(QStringLiteral("local")) || parser.isSet(QStringLiteral("timeout"))))
        return usage(QStringLiteral("--local and --timeout go with --host"));
    long long sessionId = 0;
    if (bySession && !readId(parser.value(QStringLiteral("session")), &sessionId))
        return usage(
            QStringLiteral("--session: expected a session id, got '%1'").arg(parser.value(QStringLiteral("session"))));
    ReportHistoryRequest history;
    history.databasePath
        = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db")) : SessionStore::defaultPath();
    if (parser.isSet(QStringLiteral("diff"))) {
        QStringList ids = parser.values(QStringLiteral("diff")).join(QLatin1Char(',')).split(QLatin1Char(','));
        if (ids.size() != 2 || !readId(ids[0], &history.beforeId) || !readId(ids[1], &history.afterId))
            return usage(QStringLiteral("--diff: expected two session ids, got '%1'")
                             .arg(parser.values(QStringLiteral("diff")).join(QLatin1Char(' '))));
        // "Compare A and B" is about B: a live scan under it would be a third thing, headed "Live scan".
        if (!last && !bySession && !parser.isSet(QStringLiteral("live"))) {
            bySession = true;
            sessionId = history.afterId;
        }
    }
    installTranslations(*QCoreApplication::instance()); // the report speaks the user's language
    if (onHosts) {
        OneShotOptions options;
        QString why;
        if (!readOneShotOptions(parser, options, &why))
            return usage(why);
        options.pastDb = pastDatabase(parser, options);
        return reportHosts(parser, options);
    }

    QString error;
    std::optional<TriageConfig> config;
    std::shared_ptr<const TriageResult> triage;
    std::optional<Session> saved;
    ReportInput input;
    if (last || bySession) {
        if (parser.isSet(QStringLiteral("proc-root")) || parser.isSet(QStringLiteral("state"))
            || parser.isSet(QStringLiteral("min-age")))
            return usage(QStringLiteral("--proc-root, --state and --min-age go with --live"));
        ConfigError configError;
        config = TriageConfig::load({}, &configError);
        if (!config) {
            fail(configError.toString());
            return Failure;
        }
        if (!loadSession(history.databasePath, sessionId, saved, &error)) {
            fail(error);
            return Failure;
        }
        input = reportFromSession(*saved, *config);
        history.sshHost = saved->info.sshHost;
    } else {
        OneShotOptions options;
        if (!readOneShotOptions(parser, options, &error))
            return usage(error);
        options.pastDb = pastDatabase(parser, options);
        OneShotResult scan;
        if (!runOneShot(options, scan, &error)) {
            fail(error);
            return Failure;
        }
        config = std::move(scan.config);
        triage = scan.triage;
        input = reportFromTriage(*triage, *config);
        if (history.afterId == 0)
            history.now = std::make_shared<const Session>(sessionFromTriage(*triage, *config));
    }
    input.config = &*config;
    input.version = PTRIAGE_VERSION;
    input.generatedAtMs = generationTime(input.generatedAtMs);
    if (!addReportHistory(input, history, &error))
        std::fprintf(stderr, "ptriage: warning: the report has no history: %s\n", qUtf8Printable(error));

    const std::string html = HtmlReport::render(input);
    QString path = parser.value(QStringLiteral("output"));
    if (path.isEmpty())
        path = QStringLiteral("ptriage-report-%1-%2.html")
                   .arg(QSysInfo::machineHostName(),
                       QDateTime::fromMSecsSinceEpoch(input.header.scannedAtMs)
                           .toString(QStringLiteral("yyyyMMdd-HHmmss")));
    if (!write(html, path, &error)) {
        fail(error);
        return Failure;
    }
    if (path != QLatin1String("-"))
        std::fprintf(stderr, "ptriage: wrote %s (%zu KiB, %d candidates)\n", qUtf8Printable(path), html.size() / 1024,
            input.header.counts.candidates);
    return Ok;
}

} // namespace ptriage::cli
