#include "Session.h"

#include "config/ProcessManagers.h"
#include "decide/Triage.h"
#include "util/Format.h"

#include <QSysInfo>

#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace ptriage {
namespace {

std::string environValue(const ProcessDetails &d, std::string_view key)
{
    for (const auto &[k, v] : d.environ)
        if (k == key)
            return v;
    return {};
}

// Which terminal multiplexer session (or ssh login) a process runs in: an origin people recognise.
std::string terminalOf(const ProcessDetails &d)
{
    const std::string tmux = environValue(d, managers::kTmuxMarker); // SOCKET,SERVER_PID,SESSION
    if (!tmux.empty()) {
        const auto first = tmux.find(',');
        const auto last = tmux.rfind(',');
        const std::string socket = tmux.substr(0, first);
        const std::string name = socket.substr(socket.rfind('/') + 1);
        return "tmux:" + name + ":" + (last == std::string::npos ? std::string() : tmux.substr(last + 1));
    }
    const std::string sty = environValue(d, managers::kScreenMarker);
    if (!sty.empty())
        return "screen:" + sty.substr(sty.find('.') + 1);
    if (!environValue(d, "SSH_CONNECTION").empty())
        return "ssh";
    return {};
}

} // namespace

std::string SessionProcess::commandLine() const
{
    std::string out;
    for (std::size_t a = 0; a < argv.size(); ++a)
        out += (a ? " " : "") + argv[a];
    return out;
}

Session sessionFromTriage(const TriageResult &r, const TriageConfig &config)
{
    const Snapshot &snap = *r.snapshot;
    Session s;
    s.info.atMs = snap.capturedAtMs;
    s.info.host = QSysInfo::machineHostName().toStdString();
    s.info.kernel = QSysInfo::kernelVersion().toStdString();
    s.info.bootId = snap.system.bootId;
    s.info.clockTicks = snap.system.clockTicks;
    s.info.memTotalBytes = snap.system.memTotalBytes;
    s.info.memAvailableBytes = snap.system.memAvailableBytes;
    s.info.memPressureSome = snap.system.memPressureSome;
    s.info.memPressureFull = snap.system.memPressureFull;
    s.processes.reserve(snap.processes.size());
    for (std::size_t i = 0; i < snap.processes.size(); ++i) {
        const Sample &x = snap.processes[i];
        const ProcessFacts &f = r.facts[i];
        const Posterior &post = r.posteriors[i];
        const Recommendation &rec = r.recommendations[i];
        SessionProcess p;
        p.pid = x.id.pid;
        p.startTicks = x.id.startTicks;
        p.ppid = x.ppid;
        if (const Sample *parent = snap.byPid(x.ppid))
            p.parentStartTicks = parent->id.startTicks;
        p.comm = x.details && !x.details->comm.empty() ? x.details->comm : x.comm;
        if (x.details) {
            p.argv = x.details->cmdline;
            p.cwd = x.details->cwd;
            p.cgroup = x.details->cgroup;
            p.terminal = terminalOf(*x.details);
        }
        p.origin = {std::string(origins::jsonName(f.origin.kind)), f.origin.tool, f.origin.key,
            std::string(origins::jsonName(f.origin.owner)), f.origin.projectLabel, originPhrase(f.origin).english()};
        p.user = f.user;
        p.state = x.state;
        p.orphaned = f.orphan != OrphanState::ParentAlive;
        p.cpuShare = x.cpuRecent();
        p.ioRate = x.ioRate;
        p.rssBytes = x.rssBytes;
        p.cpuTicks = x.cpuTicks;
        p.ageSeconds = f.ageSeconds;
        p.classification = post.classification;
        p.posterior = post.probability;
        p.action = rec.action;
        p.review = rec.review;
        p.candidate = rec.candidate;
        p.score = rec.score;
        for (const auto &b : rec.blockedBy)
            p.gates.push_back(b.english()); // stored in English, whatever the locale
        p.risk = r.blast[i].risk;
        for (const EvidenceTerm &t : ledgerOf(r, static_cast<int>(i), config)) {
            // Rounded as the store writes it, so a saved session reads back equal.
            const std::string bits = formatNumber(t.bits, 1);
            double rounded = 0;
            std::from_chars(bits.data(), bits.data() + bits.size(), rounded);
            p.ledger.push_back({t.term, rounded, t.favors});
        }
        s.info.rssBytes += p.rssBytes;
        s.info.candidateCount += p.candidate ? 1 : 0;
        s.processes.push_back(std::move(p));
    }
    s.info.processCount = static_cast<int>(s.processes.size());
    return s;
}

Session sessionFromHost(const TriageResult &result, const TriageConfig &config, const std::string &sshHost)
{
    Session s = sessionFromTriage(result, config);
    s.info.host = sshHost;
    s.info.sshHost = sshHost;
    s.info.kernel.clear();
    return s;
}

} // namespace ptriage
