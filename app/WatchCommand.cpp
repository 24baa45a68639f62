#include "Commands.h"
#include "OneShot.h"

#include "live/TriageService.h"
#include "report/EngineLabels.h"
#include "report/JsonWriter.h"
#include "session/database/SessionStore.h"
#include "util/Format.h"
#include "util/ThreadPriority.h"

#include <QCoreApplication>
#include <QDateTime>

#include <unistd.h>

namespace ptriage::cli {
namespace {

struct WatchOptions {
    bool json = false;
    bool all = false; // every process, not only the candidates
    long long count = -1; // refreshes to print; -1: until interrupted
};

// One object a line: a "refresh" line with the counts, then a "process" line per process shown.
std::string watchJson(const TriageResult &r, long long refresh, const WatchOptions &o)
{
    JsonWriter w;
    w.beginObject();
    w.key("schema").value("ptriage.watch.v1");
    w.key("kind").value("refresh");
    w.key("refresh").value(refresh);
    w.key("at_ms").value(static_cast<long long>(r.snapshot->capturedAtMs));
    w.key("process_count").value(r.size());
    w.key("candidate_count").value(r.counts.candidates);
    w.key("reclaimable_bytes").value(static_cast<long long>(r.counts.reclaimableBytes));
    w.key("candidates_by_class").beginObject();
    for (int c = 0; c < kClassCount; ++c)
        w.key(jsonName(static_cast<ProcessClass>(c))).value(r.counts.byClass[static_cast<std::size_t>(c)]);
    w.endObject();
    w.endObject();
    std::string out = w.str() + '\n';
    for (int i : r.ranking) {
        const ProcessView p = r.process(i);
        const Recommendation &rec = p.recommendation();
        if (!o.all && !rec.candidate)
            continue;
        JsonWriter x;
        x.beginObject();
        x.key("schema").value("ptriage.watch.v1");
        x.key("kind").value("process");
        x.key("refresh").value(refresh);
        x.key("start_id").value(p.identity().toString());
        x.key("pid").value(p.identity().pid);
        x.key("comm").value(p.sample().details ? p.sample().details->comm : p.sample().comm);
        x.key("name").value(p.facts().name);
        x.key("class").value(jsonName(p.posterior().classification));
        x.key("action").value(jsonName(rec.action));
        x.key("review").value(rec.review);
        x.key("candidate").value(rec.candidate);
        x.key("score").value(rec.score);
        x.key("p_abandoned").value(p.posterior().probability[static_cast<std::size_t>(ProcessClass::Abandoned)], 6);
        x.key("since_ms").value(static_cast<long long>(rec.sinceMs));
        if (rec.changed.empty())
            x.key("changed").null();
        else
            x.key("changed").value(rec.changed.english());
        x.endObject();
        out += x.str() + '\n';
    }
    return out;
}

// Characters, not bytes (UTF-8 continuation bytes do not count): what a terminal gives a column each.
// `text` in lines of at most `width` columns, each indented by `indent`, broken between words.
std::string wrapped(const std::string &text, std::size_t indent, std::size_t width)
{
    std::string out, line;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string word = text.substr(start, end - start);
        if (!line.empty() && indent + displayColumns(line) + 1 + displayColumns(word) > width) {
            out += std::string(indent, ' ') + cutColumns(line, width - indent) + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        start = end + 1;
    }
    if (!line.empty())
        out += std::string(indent, ' ') + cutColumns(line, width - indent) + '\n';
    return out;
}

std::string q(const QString &s)
{
    return s.toStdString();
}

// The Action column's word: a zombie's parent action short ("reap→"), "-" for no candidate.
std::string actionOf(const Recommendation &rec)
{
    if (!rec.candidate)
        return "-";
    return q(rec.parentAction != ParentAction::None ? EngineLabels::parentActionShort(rec.parentAction)
                                                    : EngineLabels::recommendation(rec));
}

// For people, in 80 columns: a line of counts, then the candidates (or every process) one a line.
std::string watchText(const TriageResult &r, const WatchOptions &o)
{
    const QString at = QDateTime::fromMSecsSinceEpoch(r.snapshot->capturedAtMs).toString(QStringLiteral("HH:mm:ss"));
    const CandidateCounts &c = r.counts;
    const QString counts = c.candidates == 1
        ? QCoreApplication::translate("WatchText", "%1  %2 processes · 1 candidate · %3 reclaimable")
              .arg(at)
              .arg(r.size())
        : QCoreApplication::translate("WatchText", "%1  %2 processes · %3 candidates · %4 reclaimable")
              .arg(at)
              .arg(r.size())
              .arg(c.candidates);
    std::string out = q(counts.arg(localBytes(static_cast<double>(c.reclaimableBytes)))) + '\n';
    bool header = false;
    for (int i : r.ranking) {
        const ProcessView p = r.process(i);
        const Recommendation &rec = p.recommendation();
        if ((!o.all && !rec.candidate) || (o.all && p.sample().isKernelThread()))
            continue;
        if (!header) {
            header = true;
            out += padColumns(q(QCoreApplication::translate("WatchText", "PID")), 8, true) + ' '
                + padColumns(q(QCoreApplication::translate("WatchText", "NAME")), 16) + ' '
                + padColumns(q(QCoreApplication::translate("WatchText", "CLASS")), 17) + ' '
                + padColumns(q(QCoreApplication::translate("WatchText", "ACTION")), 10) + ' '
                + padColumns(q(QCoreApplication::translate("WatchText", "SCORE")), 5, true) + ' '
                + padColumns(q(QCoreApplication::translate("WatchText", "P(ABAND.)")), 9, true) + '\n';
        }
        char pid[16];
        std::snprintf(pid, sizeof pid, "%8d ", p.identity().pid);
        const double abandoned = p.posterior().probability[static_cast<std::size_t>(ProcessClass::Abandoned)];
        out += pid + padColumns(cutColumns(p.facts().name, 16), 16) + ' '
            + padColumns(cutColumns(q(EngineLabels::processClass(p.posterior().classification)), 17), 17) + ' '
            + padColumns(cutColumns(actionOf(rec), 10), 10) + ' ' + padColumns(std::to_string(rec.score), 5, true) + ' '
            + padColumns(q(localPercent(abandoned)), 9, true) + '\n';
        if (!rec.changed.empty() && rec.sinceMs == r.snapshot->capturedAtMs)
            out += wrapped(rec.changed.translated(), 10, 80);
    }
    return out;
}

} // namespace

int watch(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The window's live verdicts without a window: the same refresh, held verdicts and inputs, "
                       "printed at every refresh until interrupted."));
    parser.addOption({QStringLiteral("json"),
        QStringLiteral("One ptriage.watch.v1 JSON object a line: a refresh's counts, then each process shown.")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("Every process, not only the candidates.")});
    parser.addOption({QStringLiteral("interval"),
        QStringLiteral("Time between refreshes (seconds, or 1m; default 2 s, the window's)."),
        QStringLiteral("DURATION")});
    parser.addOption({QStringLiteral("count"), QStringLiteral("Stop after N refreshes."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("min-age"),
        QStringLiteral("Never recommend acting on a process younger than this (default from policy.json)."),
        QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database the past terms read (default %1).").arg(SessionStore::defaultPath()),
        QStringLiteral("FILE")});
    parser.addOption(
        {QStringLiteral("proc-root"), QStringLiteral("Read DIR instead of /proc."), QStringLiteral("DIR")});
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("watch [--json] [--all] [--interval DURATION] [--count N] [--min-age SECONDS] [--db FILE] "
                           "[--proc-root DIR]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("watch takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    WatchOptions o;
    o.json = parser.isSet(QStringLiteral("json"));
    o.all = parser.isSet(QStringLiteral("all"));
    int intervalMs = 2000;
    if (parser.isSet(QStringLiteral("interval"))) {
        const auto seconds = parseDuration(parser.value(QStringLiteral("interval")));
        if (!seconds || *seconds < 0.5 || *seconds > 86400)
            return usage(QStringLiteral("--interval: expected a duration from 0.5 s to 1 day (2, 10, 1m), got '%1'")
                             .arg(parser.value(QStringLiteral("interval"))));
        intervalMs = static_cast<int>(*seconds * 1000 + 0.5);
    }
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        o.count = parser.value(QStringLiteral("count")).toLongLong(&ok);
        if (!ok || o.count < 1)
            return usage(
                QStringLiteral("--count: expected a number ≥ 1, got '%1'").arg(parser.value(QStringLiteral("count"))));
    }
    TriageOptions triage;
    triage.selfPid = static_cast<int>(::getpid());
    if (parser.isSet(QStringLiteral("min-age"))) {
        bool ok = false;
        const double v = parser.value(QStringLiteral("min-age")).toDouble(&ok);
        if (!ok || v < 0 || v > 1e9)
            return usage(QStringLiteral("--min-age: expected a number of seconds ≥ 0, got '%1'")
                             .arg(parser.value(QStringLiteral("min-age"))));
        triage.minAgeSeconds = v;
    }
    ConfigError configError;
    const auto config = TriageConfig::load({}, &configError);
    if (!config) {
        fail(configError.toString());
        return Failure;
    }
    // As the window's service: fds and sockets of new processes only, the rest on demand.
    CollectOptions collect;
    collect.deep = DeepReads::NewOnly;
    const QString procRoot = parser.isSet(QStringLiteral("proc-root")) ? parser.value(QStringLiteral("proc-root"))
                                                                       : QStringLiteral("/proc");
    collect.procRoot = procRoot.toStdString();
    const QString db = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db"))
        : procRoot == QLatin1String("/proc")              ? SessionStore::defaultPath()
                                                          : QString();

    noWindowToGiveWayTo(); // the service's threads give way only to a window's
    TriageService service(*config, collect, triage);
    if (!stopOnSignals(&service)) {
        fail(QStringLiteral("cannot catch SIGINT and SIGTERM"));
        return Failure;
    }
    long long refreshes = 0;
    QObject::connect(
        &service, &TriageService::resultReady, &service, [&](std::shared_ptr<const TriageResult> result, qint64) {
            ++refreshes;
            const bool written = o.json ? writeOut(watchJson(*result, refreshes, o), Output::Json)
                                        : writeOut(watchText(*result, o), Output::Text);
            if (!written)
                QCoreApplication::exit(Failure); // stdout closed: nobody is watching
            else if (o.count > 0 && refreshes >= o.count)
                QCoreApplication::exit(Ok);
        });
    QObject::connect(&service, &TriageService::failed, &service, [](const QString &message) {
        fail(message);
        QCoreApplication::exit(Failure);
    });
    // Said once; the refreshes go on without the past, as the window's do.
    QObject::connect(&service, &TriageService::pastUnavailable, &service, [](const QString &m) { fail(m); });
    service.setSessionDatabase(db);
    service.setLeavesLiveState(true); // for scan and explain meanwhile
    service.setIntervalMs(intervalMs);
    service.start();
    return QCoreApplication::exec();
}

} // namespace ptriage::cli
