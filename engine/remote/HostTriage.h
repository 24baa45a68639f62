#pragma once

#include "RemoteEvidence.h"
#include "decide/Triage.h"

#include <QString>

#include <memory>
#include <string>

class QThreadPool;

namespace ptriage {

struct TriageConfig;

// Another machine's evidence judged by this machine's model: its priors, policy and the decisions
// it learned and that host's own saved sessions (read from `pastDb`; empty: none). The result carries the host's
// name. `pastWarning`: why the past was not used, when it was not. Null when the host sent nothing.
std::shared_ptr<const TriageResult> judgeHost(const HostEvidence &evidence, const TriageConfig &config,
    std::optional<double> minAgeSeconds, const QString &pastDb, QThreadPool *pool, QString *pastWarning);

} // namespace ptriage
