#include "HostTriage.h"

#include "config/TriageConfig.h"
#include "session/PastLoader.h"

#include <QDateTime>

namespace ptriage {

std::shared_ptr<const TriageResult> judgeHost(const HostEvidence &evidence, const TriageConfig &config,
    std::optional<double> minAgeSeconds, const QString &pastDb, QThreadPool *pool, QString *pastWarning)
{
    if (!evidence.snapshot)
        return nullptr;
    TriageOptions to;
    to.selfPid = evidence.header.selfPid;
    to.minAgeSeconds = minAgeSeconds;
    to.pool = pool;
    to.host = evidence.host;
    if (!pastDb.isEmpty())
        if (auto past
            = readPastRecords(pastDb, evidence.snapshot->system.bootId, config.priors, pastWarning, evidence.host))
            to.past = buildPast(
                std::move(*past), config.priors, QDateTime::currentMSecsSinceEpoch(), evidence.snapshot.get());
    return triage(evidence.snapshot, config, to);
}

} // namespace ptriage
