#include "BlastRadius.h"

#include <QCoreApplication>

#include <cmath>
#include <deque>
#include <unordered_map>

namespace ptriage {
namespace {

Phrase blast(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("BlastRadius", source, std::move(args));
}

Phrase describeMember(const Snapshot &snap, int i)
{
    const Sample &s = snap.processes[static_cast<std::size_t>(i)];
    return Phrase("Format", QT_TRANSLATE_NOOP("Format", "%1 (pid %2)"),
        {s.details ? s.details->comm : std::string("?"), std::to_string(s.id.pid)});
}

} // namespace

BlastGraph::BlastGraph(const Snapshot &snap, const std::vector<ProcessFacts> &facts, const Policy &policy)
    : m_snap(snap), m_facts(facts), m_policy(policy), m_edges(snap.processes.size())
{
    const auto &w = policy.weights;
    const int n = static_cast<int>(snap.processes.size());
    auto link = [&](int from, int to, double weight, const Phrase &why) {
        if (from != to)
            m_edges[static_cast<std::size_t>(from)].push_back({to, weight, why});
    };
    for (int i = 0; i < n; ++i) {
        const Sample &s = snap.processes[static_cast<std::size_t>(i)];
        auto parent = snap.indexByPid.find(s.ppid);
        if (parent != snap.indexByPid.end() && s.ppid > 1)
            link(static_cast<int>(parent->second), i, w.child, blast(QT_TRANSLATE_NOOP("BlastRadius", "child")));
        const auto &f = facts[static_cast<std::size_t>(i)];
        if (f.workloadIndex >= 0) {
            link(i, f.workloadIndex, w.wrapper, blast(QT_TRANSLATE_NOOP("BlastRadius", "its workload")));
            link(f.workloadIndex, i, w.wrapper, blast(QT_TRANSLATE_NOOP("BlastRadius", "its wrapper")));
        }
    }
    // Shared sockets (inherited fds), and clients of a listener.
    std::unordered_map<std::uint64_t, std::vector<int>> holders;
    std::unordered_map<int, std::vector<int>> clientsByRemotePort;
    for (int i = 0; i < n; ++i) {
        const Sample &s = snap.processes[static_cast<std::size_t>(i)];
        if (!s.deep)
            continue;
        for (const auto &of : s.deep->files) {
            if (of.kind != FdKind::Socket)
                continue;
            auto &h = holders[of.inode];
            if (h.empty() || h.back() != i)
                h.push_back(i);
            auto it = snap.sockets.find(of.inode);
            if (it != snap.sockets.end() && it->second.established && it->second.proto != SocketInfo::Proto::Unix)
                clientsByRemotePort[it->second.remotePort].push_back(i);
        }
    }
    for (const auto &[inode, list] : holders) {
        if (list.size() < 2 || list.size() > 64)
            continue; // very widely shared sockets are plumbing (e.g. a log socket)
        auto it = snap.sockets.find(inode);
        const Phrase why = it == snap.sockets.end() ? blast(QT_TRANSLATE_NOOP("BlastRadius", "shares a socket"))
            : it->second.listening ? blast(QT_TRANSLATE_NOOP("BlastRadius", "shares listener %1"), {it->second.local})
                                   : blast(QT_TRANSLATE_NOOP("BlastRadius", "shares socket %1"), {it->second.local});
        for (int a : list)
            for (int b : list)
                link(a, b, w.sharedSocket, why);
    }
    for (int i = 0; i < n; ++i) {
        for (int port : facts[static_cast<std::size_t>(i)].listenPorts) {
            auto it = clientsByRemotePort.find(port);
            if (it == clientsByRemotePort.end())
                continue;
            for (int c : it->second)
                link(i, c, w.listenerClient,
                    blast(QT_TRANSLATE_NOOP("BlastRadius", "connected to its port %1"), {std::to_string(port)}));
        }
    }
    // Processes blocked on a lock it holds.
    std::unordered_map<std::uint64_t, std::vector<int>> waitersByInode;
    for (const auto &l : snap.locks) {
        auto waiter = snap.indexByPid.find(l.pid);
        if (l.waiting && waiter != snap.indexByPid.end())
            waitersByInode[l.inode].push_back(static_cast<int>(waiter->second));
    }
    for (const auto &l : snap.locks) {
        auto holder = snap.indexByPid.find(l.pid);
        auto waiters = waitersByInode.find(l.inode);
        if (l.waiting || holder == snap.indexByPid.end() || waiters == waitersByInode.end())
            continue;
        for (int waiter : waiters->second)
            link(static_cast<int>(holder->second), waiter, w.sharedLock,
                blast(QT_TRANSLATE_NOOP("BlastRadius", "waits for a lock it holds")));
    }
    // Processes of the same systemd unit or container: the supervisor reacts to any of them dying.
    std::unordered_map<std::string, std::vector<int>> units;
    for (int i = 0; i < n; ++i) {
        const auto &f = facts[static_cast<std::size_t>(i)];
        if (f.supervisorKind != SupervisorKind::None)
            units[f.supervisor].push_back(i);
    }
    for (const auto &[unit, list] : units) {
        if (list.size() < 2 || list.size() > 64)
            continue;
        for (int a : list)
            for (int b : list)
                link(a, b, w.supervisor, blast(QT_TRANSLATE_NOOP("BlastRadius", "same %1"), {unit}));
    }
}

BlastRadius BlastGraph::radiusOf(int index) const
{
    BlastRadius r;
    const auto &f = m_facts[static_cast<std::size_t>(index)];
    constexpr std::size_t kMaxAffected = 200;
    std::unordered_map<int, int> hops{{index, 0}};
    std::deque<int> queue{index};
    double raw = 0;
    while (!queue.empty() && r.affected.size() < kMaxAffected) {
        const int cur = queue.front();
        queue.pop_front();
        const int hop = hops[cur];
        if (hop >= m_policy.maxHops)
            continue;
        for (const auto &e : m_edges[static_cast<std::size_t>(cur)]) {
            if (hops.count(e.to))
                continue;
            hops[e.to] = hop + 1;
            r.affected.push_back(e.to);
            raw += e.weight * std::pow(m_policy.hopDecay, hop);
            if (hop == 0)
                r.reasons.push_back(
                    blast(QT_TRANSLATE_NOOP("BlastRadius", "%1: %2"), {describeMember(m_snap, e.to), e.why}));
            queue.push_back(e.to);
            if (r.affected.size() >= kMaxAffected)
                break;
        }
    }
    const std::size_t indirect = r.affected.size() - r.reasons.size();
    if (indirect > 0)
        r.reasons.push_back(indirect > 1
                ? blast(QT_TRANSLATE_NOOP("BlastRadius", "%1 more processes further away"), {std::to_string(indirect)})
                : blast(QT_TRANSLATE_NOOP("BlastRadius", "1 more process further away")));
    r.score = 1 - std::exp(-raw);
    for (const auto &l : f.listeners) {
        r.reasons.push_back(blast(QT_TRANSLATE_NOOP("BlastRadius", "listens on %1: whatever uses it loses it"), {l}));
        r.score = std::max(r.score, m_policy.listenerFloor);
    }
    for (const auto &path : f.lockedFiles) {
        r.reasons.push_back(
            blast(QT_TRANSLATE_NOOP("BlastRadius", "holds a lock on %1: released on exit, maybe mid-update"), {path}));
        r.score = std::min(1.0, r.score + 0.1);
    }
    for (const auto &l : f.heldLocks) {
        r.reasons.push_back(
            blast(QT_TRANSLATE_NOOP("BlastRadius", "holds %1 (%2): removed when it ends"), {l.path, l.hint}));
        r.score = std::min(1.0, r.score + 0.1);
    }
    for (const auto &c : f.criticalFiles) {
        r.reasons.push_back(blast(QT_TRANSLATE_NOOP("BlastRadius", "%1 is open for writing: %2"), {c.path, c.hint}));
        r.score = std::max(r.score, m_policy.levelHigh);
    }
    if (f.supervisorKind != SupervisorKind::None)
        r.reasons.push_back(
            blast(QT_TRANSLATE_NOOP("BlastRadius", "supervised by %1: it may restart the process or fail the unit"),
                {f.supervisor}));
    r.risk = r.score >= m_policy.levelCritical ? Risk::Critical
        : r.score >= m_policy.levelHigh        ? Risk::High
        : r.score >= m_policy.levelMedium      ? Risk::Medium
                                               : Risk::Low;
    return r;
}

} // namespace ptriage
