#include "RemoteHost.h"

#include "HostText.h"
#include "config/TriageConfig.h"
#include "session/PastLoader.h"

#include <QDateTime>

namespace ptriage {
namespace {

HostVerdict judged(HostEvidence evidence, const JudgeInputs &inputs)
{
    HostVerdict v{std::move(evidence), nullptr, QDateTime::currentMSecsSinceEpoch(), {}};
    if (!v.evidence.snapshot)
        return v;
    TriageOptions to;
    to.selfPid = v.evidence.header.selfPid;
    to.minAgeSeconds = inputs.minAgeSeconds;
    to.pool = inputs.pool;
    to.machine = Machine::host(v.evidence.host);
    if (!inputs.pastDb.isEmpty()) {
        QString warning;
        if (auto past = readPastRecords(
                inputs.pastDb, v.evidence.snapshot->system.bootId, inputs.config->priors, &warning, v.evidence.host))
            to.past = buildPast(std::move(*past), inputs.config->priors, v.judgedAtMs, v.evidence.snapshot.get());
        v.pastWarning = warning.toStdString();
    }
    v.triage = triage(v.evidence.snapshot, *inputs.config, to);
    return v;
}

} // namespace

std::vector<HostVerdict> judgeHosts(
    const std::vector<HostSpec> &hosts, const RemoteOptions &remote, const JudgeInputs &inputs)
{
    std::vector<HostVerdict> out;
    for (HostEvidence &e : fetchEvidence(hosts, remote))
        out.push_back(judged(std::move(e), inputs));
    return out;
}

std::optional<RemoteHost> RemoteHost::resolve(const std::string &name, std::string *why)
{
    if (!validHostName(name, why))
        return std::nullopt;
    std::vector<HostSpec> listed;
    RemoteOptions remote;
    if (!readHostsFile(defaultHostsFile(), listed, why) || !remoteOptionsFromEnvironment(remote, why))
        return std::nullopt;
    HostSpec spec{name, {"ptriage"}, {}};
    for (const HostSpec &h : listed)
        if (h.name == name && h.error.empty())
            spec.command = h.command;
    return RemoteHost(std::move(spec), std::move(remote));
}

HostVerdict RemoteHost::judge(const JudgeInputs &inputs) const
{
    return std::move(judgeHosts({m_spec}, m_remote, inputs).front());
}

RunResult RemoteHost::run(const std::vector<std::string> &words, double seconds) const
{
    return runAll({sshArgv(m_remote, m_spec, words)}, seconds, std::size_t{16} << 20, m_remote.cancel).front();
}

} // namespace ptriage
