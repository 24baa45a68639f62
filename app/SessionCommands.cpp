#include "Commands.h"
#include "OneShot.h"

#include "remote/HostsFile.h"
#include "report/SessionReport.h"
#include "report/html/ReportHistory.h"
#include "session/database/SessionStore.h"

#include <QDateTime>
#include <QThread>

#include <cmath>
#include <cstdio>
#include <map>

namespace ptriage::cli {
namespace {

void addDbOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database (default %1).").arg(SessionStore::defaultPath()), QStringLiteral("FILE")});
}

QString dbPath(const QCommandLineParser &parser)
{
    return parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db")) : SessionStore::defaultPath();
}

int finish(const std::string &text, Output kind)
{
    if (!writeOut(text, kind)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return Ok;
}

// Loads sessions by id; false with a message when one cannot be read.
bool loadAll(const SessionStore &store, const std::vector<long long> &ids, std::vector<Session> &out)
{
    for (long long id : ids) {
        QString error;
        auto s = store.load(id, &error);
        if (!s) {
            fail(error);
            return false;
        }
        out.push_back(std::move(*s));
    }
    return true;
}

// The actions journaled in [fromMs, toMs), from the journal in the same database.
bool actionsBetween(const QString &path, long long fromMs, long long toMs, std::vector<SessionAction> &out)
{
    ActionJournal journal;
    QString error;
    if (!journal.open(path, &error)) {
        fail(QStringLiteral("cannot read the actions: %1").arg(error));
        return false;
    }
    if (!journal.warning().isEmpty())
        std::fprintf(stderr, "ptriage: warning: %s\n", qUtf8Printable(journal.warning()));
    out = sessionActions(journal.actionsBetween(fromMs, toMs));
    return true;
}

// --host of diff and accumulation: the machine whose sessions they read ('' this one).
void addMachineOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("host"),
        QStringLiteral("The sessions of HOST, as saved by 'scan --host HOST --save' (default: this machine's)."),
        QStringLiteral("HOST")});
}

bool readMachine(const QCommandLineParser &parser, std::string *host, QString *error)
{
    const QStringList values = parser.values(QStringLiteral("host"));
    if (values.size() > 1)
        return *error = QStringLiteral("--host: one host, got %1").arg(values.size()), false;
    host->clear();
    if (values.isEmpty())
        return true;
    std::string why;
    *host = values.first().toStdString();
    if (!validHostName(*host, &why))
        return *error = QStringLiteral("--host: %1").arg(QString::fromStdString(why)), false;
    return true;
}

QString machineText(const std::string &sshHost)
{
    return sshHost.empty() ? QStringLiteral("this machine") : QString::fromStdString(sshHost);
}

} // namespace

std::optional<double> parseDuration(const QString &text)
{
    static const std::pair<QLatin1String, double> units[]
        = {{QLatin1String("ms"), 1e-3}, {QLatin1String("s"), 1}, {QLatin1String("min"), 60}, {QLatin1String("m"), 60},
            {QLatin1String("h"), 3600}, {QLatin1String("d"), 86400}, {QLatin1String("w"), 604800}};
    QString number = text.trimmed();
    double scale = 1;
    for (const auto &[suffix, factor] : units) {
        if (number.endsWith(suffix)) {
            number.chop(suffix.size());
            scale = factor;
            break;
        }
    }
    bool ok = false;
    const double v = number.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0 || v * scale > 1e10)
        return std::nullopt;
    return v * scale;
}

bool saveScan(const OneShotResult &result, const QString &path, double keepDays, long long *id, QString *error)
{
    SessionStore store;
    if (!store.open(path, SessionStore::Mode::Create, error))
        return false;
    Session session = sessionFromTriage(*result.triage, *result.config);
    *id = store.save(session, error);
    if (!*id)
        return false;
    return store.prune(keepDays, {*id}, error) >= 0;
}

void addSaveOptions(QCommandLineParser &parser)
{
    addDbOption(parser);
    parser.addOption({QStringLiteral("keep-days"),
        QStringLiteral("Delete saved sessions older than this many days (default 30)."), QStringLiteral("DAYS")});
}

bool readKeepDays(const QCommandLineParser &parser, double *days, QString *error)
{
    *days = 30;
    if (!parser.isSet(QStringLiteral("keep-days")))
        return true;
    bool ok = false;
    *days = parser.value(QStringLiteral("keep-days")).toDouble(&ok);
    if (!ok || !(*days > 0) || *days > 36500) {
        *error = QStringLiteral("--keep-days: expected a number of days > 0, got '%1'")
                     .arg(parser.value(QStringLiteral("keep-days")));
        return false;
    }
    return true;
}

QString saveDbPath(const QCommandLineParser &parser)
{
    return dbPath(parser);
}

int record(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Save scans as sessions, headless (cron, systemd timers)."));
    parser.addOption({QStringLiteral("interval"),
        QStringLiteral("Save one every DURATION (seconds, or 15m, 1h); without it, save once."),
        QStringLiteral("DURATION")});
    parser.addOption({QStringLiteral("count"),
        QStringLiteral("Stop after N sessions (default: 1 without --interval, "
                       "no limit with it)."),
        QStringLiteral("N")});
    addSaveOptions(parser);
    addOneShotOptions(parser);
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("record [--interval DURATION] [--count N] [--db FILE] [--keep-days DAYS] [--proc-root DIR] "
                           "[--state FILE] [--min-age SECONDS]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("record takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    std::optional<double> interval;
    if (parser.isSet(QStringLiteral("interval"))) {
        interval = parseDuration(parser.value(QStringLiteral("interval")));
        if (!interval || *interval < 1)
            return usage(QStringLiteral("--interval: expected a duration of at least 1 s (900, 15m, 1h), got '%1'")
                             .arg(parser.value(QStringLiteral("interval"))));
    }
    long long count = interval ? -1 : 1;
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        count = parser.value(QStringLiteral("count")).toLongLong(&ok);
        if (!ok || count < 1)
            return usage(
                QStringLiteral("--count: expected a number ≥ 1, got '%1'").arg(parser.value(QStringLiteral("count"))));
    }
    OneShotOptions options;
    QString error;
    double keepDays = 30;
    if (!readOneShotOptions(parser, options, &error) || !readKeepDays(parser, &keepDays, &error))
        return usage(error);
    options.pastDb = pastDatabase(parser, options);
    const QString path = dbPath(parser);
    for (long long n = 0; count < 0 || n < count; ++n) {
        const qint64 started = QDateTime::currentMSecsSinceEpoch();
        OneShotResult result;
        long long id = 0;
        if (!runOneShot(options, result, &error) || !saveScan(result, path, keepDays, &id, &error)) {
            fail(error);
            return Failure;
        }
        std::fprintf(stderr, "saved session %lld (%zu processes) in %s\n", id,
            result.triage->snapshot->processes.size(), qUtf8Printable(path));
        if (interval && (count < 0 || n + 1 < count)) {
            const qint64 wait = static_cast<qint64>(*interval * 1000) - (QDateTime::currentMSecsSinceEpoch() - started);
            if (wait > 0)
                QThread::msleep(static_cast<unsigned long>(wait));
        }
    }
    return Ok;
}

int sessions(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the saved sessions: this machine's and those of the hosts scan --host --save saved."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.sessions.v1 JSON.")});
    parser.addOption({QStringLiteral("host"), QStringLiteral("Only the sessions of HOST ('' for this machine's)."),
        QStringLiteral("HOST")});
    addDbOption(parser);
    if (const auto done = parseCommandLine(parser, args, QStringLiteral("sessions [--host HOST] [--json] [--db FILE]")))
        return *done;
    std::optional<std::string> machine = SessionStore::kEveryHost;
    if (parser.isSet(QStringLiteral("host"))) {
        machine = parser.value(QStringLiteral("host")).toStdString();
        std::string why;
        if (!machine->empty() && !validHostName(*machine, &why))
            return usage(QStringLiteral("--host: %1").arg(QString::fromStdString(why)));
    }
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("sessions takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    SessionStore store;
    QString error;
    if (!store.open(dbPath(parser), SessionStore::Mode::ExistingOnly, &error)) {
        fail(error);
        return Failure;
    }
    const auto list = store.sessions(0, &error, machine);
    if (!error.isEmpty()) {
        fail(error);
        return Failure;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    return finish(json ? sessionsJson(list) : sessionsText(list), json ? Output::Json : Output::Text);
}

int diff(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("What changed between two saved sessions."));
    parser.addOption({QStringLiteral("last"), QStringLiteral("The latest two sessions (the default).")});
    parser.addOption(
        {QStringLiteral("since"), QStringLiteral("The first session in the last DURATION (6h, 2d) against the latest."),
            QStringLiteral("DURATION")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("List stable processes too.")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.diff.v1 JSON.")});
    addMachineOption(parser);
    addDbOption(parser);
    parser.addPositionalArgument(
        QStringLiteral("A B"), QStringLiteral("Two session ids of one machine (see 'ptriage sessions')."));
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("diff [--last | --since DURATION | A B] [--host HOST] [--all] [--json] [--db FILE]")))
        return *done;
    std::string machine;
    if (QString why; !readMachine(parser, &machine, &why))
        return usage(why);
    const QStringList pos = parser.positionalArguments();
    const bool last = parser.isSet(QStringLiteral("last"));
    const bool since = parser.isSet(QStringLiteral("since"));
    if ((last ? 1 : 0) + (since ? 1 : 0) + (pos.isEmpty() ? 0 : 1) > 1)
        return usage(QStringLiteral("diff takes --last, --since DURATION or two session ids, not several"));
    if (!pos.isEmpty() && pos.size() != 2)
        return usage(QStringLiteral("diff takes two session ids A B"));
    std::vector<long long> ids;
    for (const QString &p : pos) {
        bool ok = false;
        const long long id = p.toLongLong(&ok);
        if (!ok || id <= 0)
            return usage(QStringLiteral("'%1' is not a session id").arg(p));
        ids.push_back(id);
    }
    std::optional<double> span;
    if (since) {
        span = parseDuration(parser.value(QStringLiteral("since")));
        if (!span)
            return usage(QStringLiteral("--since: expected a duration (6h, 2d, 90m), got '%1'")
                             .arg(parser.value(QStringLiteral("since"))));
    }
    SessionStore store;
    QString error;
    if (!store.open(dbPath(parser), SessionStore::Mode::ExistingOnly, &error)) {
        fail(error);
        return Failure;
    }
    if (ids.empty()) {
        const std::int64_t from
            = span ? QDateTime::currentMSecsSinceEpoch() - static_cast<std::int64_t>(*span * 1000) : 0;
        const auto list = store.sessions(from, &error, machine);
        if (!error.isEmpty()) {
            fail(error);
            return Failure;
        }
        if (list.size() < 2) {
            fail(QStringLiteral("%1: a diff needs two sessions of %2%3, and there %4 %5")
                     .arg(store.path(), machineText(machine), span ? QStringLiteral(" in that span") : QString(),
                         list.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"))
                     .arg(list.size()));
            return Failure;
        }
        ids = {span ? list.front().id : list[list.size() - 2].id, list.back().id};
    }
    std::vector<Session> loaded;
    if (!loadAll(store, ids, loaded))
        return Failure;
    // Two machines' sessions share no processes: comparing them would report everything as changed.
    if (loaded[0].info.sshHost != loaded[1].info.sshHost) {
        fail(QStringLiteral("session %1 is of %2 and session %3 of %4: a diff compares two sessions of one machine")
                 .arg(loaded[0].info.id)
                 .arg(machineText(loaded[0].info.sshHost))
                 .arg(loaded[1].info.id)
                 .arg(machineText(loaded[1].info.sshHost)));
        return Failure;
    }
    if (parser.isSet(QStringLiteral("host")) && loaded[0].info.sshHost != machine) {
        fail(QStringLiteral("sessions %1 and %2 are of %3, not of %4")
                 .arg(loaded[0].info.id)
                 .arg(loaded[1].info.id)
                 .arg(machineText(loaded[0].info.sshHost), machineText(machine)));
        return Failure;
    }
    const SessionDiff d = diffSessions(loaded[0], loaded[1]);
    // The actions taken while the earlier session was current, up to the later one; this machine's
    // journal holds only its own (a host keeps its actions in its journal: act journal --host).
    std::vector<SessionAction> actions;
    const long long from = std::min(loaded[0].info.atMs, loaded[1].info.atMs);
    const long long to = std::max(loaded[0].info.atMs, loaded[1].info.atMs);
    if (loaded[0].info.sshHost.empty() && !actionsBetween(store.path(), from, to, actions))
        return Failure;
    const bool all = parser.isSet(QStringLiteral("all"));
    const bool json = parser.isSet(QStringLiteral("json"));
    return finish(json ? diffJson(d, all, actions) : diffText(d, all, actions), json ? Output::Json : Output::Text);
}

int accumulation(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("What keeps spawning processes: sessions grouped by origin."));
    parser.addOption({QStringLiteral("since"), QStringLiteral("Sessions of the last DURATION (default 24h)."),
        QStringLiteral("DURATION")});
    parser.addOption({QStringLiteral("limit"), QStringLiteral("Rows in the table (default 20)."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("json"),
        QStringLiteral("Print ptriage.accumulation.v1 JSON (with --across-hosts: ptriage.accumulation-hosts.v1).")});
    addMachineOption(parser);
    parser.addOption({QStringLiteral("across-hosts"),
        QStringLiteral("The same commands on several machines: every machine's sessions, each accumulated on its "
                       "own, then grouped by command (\"node server.js — devbox1 ×1, buildbox ×4\").")});
    addDbOption(parser);
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("accumulation [--since DURATION] [--host HOST | --across-hosts] [--limit N] [--json] "
                           "[--db FILE]")))
        return *done;
    std::string machine;
    if (QString why; !readMachine(parser, &machine, &why))
        return usage(why);
    const bool acrossHosts = parser.isSet(QStringLiteral("across-hosts"));
    if (acrossHosts && parser.isSet(QStringLiteral("host")))
        return usage(QStringLiteral("--across-hosts reads every machine's sessions; it does not go with --host"));
    if (!parser.positionalArguments().isEmpty())
        return usage(
            QStringLiteral("accumulation takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    const auto span
        = parseDuration(parser.value(QStringLiteral("since")).isEmpty() ? QStringLiteral("24h")
                                                                        : parser.value(QStringLiteral("since")));
    if (!span)
        return usage(QStringLiteral("--since: expected a duration (24h, 2d, 90m), got '%1'")
                         .arg(parser.value(QStringLiteral("since"))));
    int limit = 20;
    if (parser.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        limit = parser.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1)
            return usage(
                QStringLiteral("--limit: expected a number ≥ 1, got '%1'").arg(parser.value(QStringLiteral("limit"))));
    }
    SessionStore store;
    QString error;
    if (!store.open(dbPath(parser), SessionStore::Mode::ExistingOnly, &error)) {
        fail(error);
        return Failure;
    }
    const auto list = store.sessions(QDateTime::currentMSecsSinceEpoch() - static_cast<std::int64_t>(*span * 1000),
        &error, acrossHosts ? SessionStore::kEveryHost : std::optional<std::string>(machine));
    if (!error.isEmpty()) {
        fail(error);
        return Failure;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    if (acrossHosts) {
        // Each machine on its own, one at a time: at most one machine's sessions are in memory.
        std::map<std::string, std::vector<long long>> idsByHost;
        for (const auto &i : list)
            idsByHost[i.sshHost].push_back(i.id);
        std::vector<std::pair<std::string, Accumulation>> perHost;
        for (const auto &[host, ids] : idsByHost) {
            std::vector<Session> loaded;
            if (!loadAll(store, ids, loaded))
                return Failure;
            perHost.emplace_back(host, accumulate(loaded));
        }
        const HostAccumulation acc = accumulateAcrossHosts(perHost);
        return finish(
            json ? hostAccumulationJson(acc) : hostAccumulationText(acc, limit), json ? Output::Json : Output::Text);
    }
    std::vector<long long> ids;
    for (const auto &i : list)
        ids.push_back(i.id);
    std::vector<Session> loaded;
    if (!loadAll(store, ids, loaded))
        return Failure;
    const Accumulation acc = accumulate(loaded);
    return finish(json ? accumulationJson(acc) : accumulationText(acc, limit), json ? Output::Json : Output::Text);
}

} // namespace ptriage::cli
