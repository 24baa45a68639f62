#include "HostVerdicts.h"

#include "Commands.h"

#include "session/database/SessionStore.h"
#include "util/Parallel.h"

#include <QDateTime>
#include <QThreadPool>

#include <algorithm>

namespace ptriage::cli {

bool remoteOptions(RemoteOptions &options, const QCommandLineParser &parser, QString *error)
{
    std::string why;
    if (!remoteOptionsFromEnvironment(options, &why))
        return *error = QString::fromStdString(why), false;
    if (parser.isSet(QStringLiteral("timeout"))) {
        const auto t = parseDuration(parser.value(QStringLiteral("timeout")));
        if (!t || *t <= 0 || *t > 3600)
            return *error = QStringLiteral("--timeout: expected a duration up to 1h, got '%1'")
                                .arg(parser.value(QStringLiteral("timeout"))),
                   false;
        options.timeoutSeconds = *t;
    }
    return true;
}

JudgeInputs judgeInputs(const TriageConfig &config, const OneShotOptions &options, QThreadPool *pool)
{
    return JudgeInputs{&config, options.minAgeSeconds, options.pastDb, pool};
}

std::vector<HostVerdict> judgeHostsSaying(
    const std::vector<HostSpec> &hosts, const RemoteOptions &remote, const JudgeInputs &inputs)
{
    std::vector<HostVerdict> out = judgeHosts(hosts, remote, inputs);
    for (const HostVerdict &v : out)
        if (!v.pastWarning.empty())
            fail(QStringLiteral("past decisions not used for %1: %2")
                     .arg(QString::fromStdString(v.evidence.host), QString::fromStdString(v.pastWarning)));
    return out;
}

std::optional<int> judgeHostsAsked(const QCommandLineParser &parser, const OneShotOptions &options, JudgedHosts &out)
{
    std::vector<HostSpec> hosts;
    RemoteOptions remote;
    QString error;
    if (!hostsAsked(parser.values(QStringLiteral("host")), false, hosts, &error)
        || !remoteOptions(remote, parser, &error))
        return usage(error);
    ConfigError configError;
    out.config = TriageConfig::load({}, &configError);
    if (!out.config) {
        fail(configError.toString());
        return Failure;
    }
    out.pool = std::make_shared<QThreadPool>();
    out.pool->setMaxThreadCount(std::max(1, workerCount() - 1));
    out.verdicts = judgeHostsSaying(hosts, remote, judgeInputs(*out.config, options, out.pool.get()));
    return std::nullopt;
}

bool saveHostScans(const std::vector<HostVerdict> &verdicts, const TriageConfig &config, const QString &path,
    double keepDays, std::vector<long long> &ids, QString *error)
{
    ids.assign(verdicts.size(), 0);
    if (std::none_of(verdicts.begin(), verdicts.end(), [](const HostVerdict &v) { return bool(v.triage); }))
        return true; // nothing to save: the database is not even created
    SessionStore store;
    if (!store.open(path, SessionStore::Mode::Create, error))
        return false;
    std::vector<long long> saved;
    for (std::size_t k = 0; k < verdicts.size(); ++k) {
        const HostVerdict &v = verdicts[k];
        if (!v.triage)
            continue;
        Session session = sessionFromHost(*v.triage, config, v.evidence.host);
        // Dated by this machine's clock: --since, retention and the order of sessions read one clock,
        // whatever the host's says.
        session.info.atMs = v.judgedAtMs;
        ids[k] = store.save(session, error);
        if (!ids[k])
            return false;
        saved.push_back(ids[k]);
    }
    if (saved.size() > static_cast<std::size_t>(SessionStore::kMaxKept))
        saved.erase(saved.begin(), saved.end() - SessionStore::kMaxKept);
    return store.prune(keepDays, saved, error) >= 0;
}

} // namespace ptriage::cli
