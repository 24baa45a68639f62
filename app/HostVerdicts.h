#pragma once

#include "OneShot.h"

#include "remote/RemoteEvidence.h"

namespace ptriage::cli {

// One host's evidence and this machine's verdict on it (null when the host failed: evidence.error).
struct HostVerdict {
    HostEvidence evidence;
    std::shared_ptr<const TriageResult> triage;
    std::int64_t judgedAtMs = 0; // this machine's clock: what a saved session is dated
};

// RemoteOptions from the environment and --timeout; false with why.
bool remoteOptions(RemoteOptions &options, const QCommandLineParser &parser, QString *error);

// Every host's evidence judged by this machine's model: its priors, policy and learned decisions,
// and the past of that host's own saved sessions.
std::vector<HostVerdict> judgeHosts(
    std::vector<HostEvidence> fetched, const TriageConfig &config, const OneShotOptions &options, QThreadPool *pool);

// What scan --host and report --host show: the hosts named by --host, fetched over ssh at once and
// judged by this machine's model, with the threads that judged them (for what is written from them).
struct JudgedHosts {
    std::optional<TriageConfig> config;
    std::shared_ptr<QThreadPool> pool;
    std::vector<HostVerdict> verdicts;
};
// An exit code when the hosts cannot be asked (a bad --host or --timeout, a bad config: said why).
std::optional<int> judgeHostsAsked(const QCommandLineParser &parser, const OneShotOptions &options, JudgedHosts &out);

// Saves each judged host's scan as a session of that host (SessionInfo::sshHost) in one store
// opened once, then prunes; `ids` gets each verdict's session id (0: the host failed, nothing
// saved). False with why when the database cannot take them (nothing more is saved then).
bool saveHostScans(const std::vector<HostVerdict> &verdicts, const TriageConfig &config, const QString &path,
    double keepDays, std::vector<long long> &ids, QString *error);

} // namespace ptriage::cli
