#pragma once

#include "OneShot.h"

#include "remote/RemoteHost.h"

namespace ptriage::cli {

// RemoteOptions from the environment and --timeout; false with why.
bool remoteOptions(RemoteOptions &options, const QCommandLineParser &parser, QString *error);

// What hosts are judged with here: the config, --min-age and the past of --db, as this machine's
// scan is. A past that cannot be read is said once per host (that term is then left out).
JudgeInputs judgeInputs(const TriageConfig &config, const OneShotOptions &options, QThreadPool *pool);
std::vector<HostVerdict> judgeHostsSaying(
    const std::vector<HostSpec> &hosts, const RemoteOptions &remote, const JudgeInputs &inputs);

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
