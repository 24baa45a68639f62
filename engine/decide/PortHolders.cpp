// Who holds a port, and what ending each holder would mean: the Ports view's rows and
// `ptriage port`. Everything is read from the result: the sockets are the snapshot's socket table,
// tied to a process through the socket inodes among its open files.
#include "PortHolders.h"

#include "decide/relief/ReliefPlan.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace ptriage {
namespace {

Phrase say(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("Ports", source, std::move(args));
}

bool isInet(SocketInfo::Proto p)
{
    return p != SocketInfo::Proto::Unix;
}

// The connections accepted on a TCP port, from the socket table (read every scan, so clients that
// came after the live service read the server's fds count too): the facts' `clients` the same way.
int acceptedOn(const Snapshot &snap, int port)
{
    int n = 0;
    for (const auto &[inode, si] : snap.sockets)
        n += si.established && si.localPort == port
            && (si.proto == SocketInfo::Proto::Tcp || si.proto == SocketInfo::Proto::Tcp6);
    return n;
}

// Its inet listeners and, per TCP port, the connections accepted on it.
void listenersOf(const TriageResult &r, int index, std::vector<PortListener> &out)
{
    const Sample &s = r.snapshot->processes[static_cast<std::size_t>(index)];
    if (!s.deep || !s.deep->filesRead)
        return;
    const std::size_t first = out.size();
    for (const OpenFile &of : s.deep->files) {
        if (of.kind != FdKind::Socket)
            continue;
        const auto it = r.snapshot->sockets.find(of.inode);
        if (it == r.snapshot->sockets.end() || !isInet(it->second.proto))
            continue;
        const SocketInfo &si = it->second;
        if (!si.listening || si.localPort <= 0)
            continue;
        const bool known = std::any_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [&](const PortListener &l) { return l.proto == si.proto && l.address == si.local; });
        if (!known) // one socket shared by threads or fds is one listener
            out.push_back({index, si.proto, si.local, si.localPort, 0});
    }
    for (auto l = out.begin() + static_cast<std::ptrdiff_t>(first); l != out.end(); ++l)
        if (l->proto == SocketInfo::Proto::Tcp || l->proto == SocketInfo::Proto::Tcp6)
            l->clients = acceptedOn(*r.snapshot, l->port);
}

// Clients are counted once per port, however many listeners (IPv4 and IPv6) share it.
int clientsOn(const std::vector<PortListener> &listeners)
{
    int most = 0;
    for (const auto &l : listeners)
        most = std::max(most, l.clients);
    return most;
}

Phrase stopAdviceOf(const TriageResult &r, int index, const std::string &stop)
{
    const ProcessFacts &f = r.facts[static_cast<std::size_t>(index)];
    const Sample &s = r.snapshot->processes[static_cast<std::size_t>(index)];
    switch (f.supervisorKind) {
    case SupervisorKind::SystemdUnit:
        // A unit of the user's own manager is stopped with --user; a system unit without.
        if (s.details && s.details->cgroup.find("/user@") != std::string::npos)
            return say(QT_TRANSLATE_NOOP("Ports",
                           "stop the unit %1 (systemctl --user stop %1): it would restart "
                           "a process that was ended"),
                {stop});
        return say(QT_TRANSLATE_NOOP(
                       "Ports", "stop the unit %1 (systemctl stop %1): it would restart a process that was ended"),
            {stop});
    case SupervisorKind::Container:
        return say(QT_TRANSLATE_NOOP("Ports",
                       "stop the container %1 (docker stop or podman stop): ending one process inside it may "
                       "restart it or leave the container broken"),
            {stop.substr(stop.find(':') + 1)});
    case SupervisorKind::ProcessManager:
        return say(QT_TRANSLATE_NOOP("Ports", "stop it in %1, which would restart a process that was ended"), {stop});
    case SupervisorKind::None:
        break;
    }
    return {};
}

PortHolder holderOf(const TriageResult &r, int index, std::vector<PortListener> listeners)
{
    PortHolder h;
    h.index = index;
    h.listeners = std::move(listeners);
    h.clients = clientsOn(h.listeners);
    const ProcessView p = r.process(index);
    for (GateReason &g : gatesAgainst(*r.snapshot, r.facts, index, r.minAgeSeconds, RecommendedAction::Kill))
        h.notSafe.push_back({gateName(g.kind), std::move(g.why)});
    // What the relief plan refuses as well: a critical blast radius, and files it could not read.
    if (p.blast().risk == Risk::Critical)
        h.notSafe.push_back({"blast_critical",
            say(QT_TRANSLATE_NOOP("Ports", "its blast radius is critical: %1"), {joinFirst(p.blast().reasons, 2)})});
    if (!p.facts().deepKnown && p.sample().state != 'Z')
        h.notSafe.push_back({"files_unknown",
            say(QT_TRANSLATE_NOOP(
                "Ports", "its open files could not be read, so a critical file cannot be ruled out"))});
    h.safeToEnd = h.notSafe.empty();
    const Recommendation &rec = p.recommendation();
    const Posterior &post = p.posterior();
    const Phrase believed = Phrase("Format", "%1 %2",
        {word(post.classification), Phrase::percent(post.probability[static_cast<std::size_t>(post.classification)])});
    if (h.safeToEnd) {
        h.verdict = rec.action == RecommendedAction::Kill
            ? say(QT_TRANSLATE_NOOP("Ports",
                      "safe to end: no gate stands in the way, and ptriage recommends ending "
                      "it (%1)"),
                {believed})
            : say(QT_TRANSLATE_NOOP("Ports", "safe to end: no gate stands in the way, but ptriage recommends %1 (%2)"),
                {word(rec.action), believed});
    } else {
        std::vector<Phrase> why;
        for (const EndGate &g : h.notSafe)
            why.push_back(g.why);
        h.verdict = say(QT_TRANSLATE_NOOP("Ports", "not safe to end: %1"), {joinFirst(why, 3)});
    }
    h.risk = p.blast().risk;
    h.breaks = p.blast().reasons;
    h.affected = p.blast().affected;
    h.endsWith = reliefTree(r, index);
    h.stop = supervisorToStop(p.facts());
    if (!h.stop.empty())
        h.stopAdvice = stopAdviceOf(r, index, h.stop);
    return h;
}

} // namespace

const char *protocolName(SocketInfo::Proto proto)
{
    switch (proto) {
    case SocketInfo::Proto::Tcp:
        return "TCP";
    case SocketInfo::Proto::Tcp6:
        return "TCP6";
    case SocketInfo::Proto::Udp:
        return "UDP";
    case SocketInfo::Proto::Udp6:
        return "UDP6";
    case SocketInfo::Proto::Unix:
        return "unix";
    }
    return "?";
}

std::vector<PortListener> portListeners(const TriageResult &r)
{
    std::vector<PortListener> out;
    for (int i = 0; i < r.size(); ++i)
        if (!r.facts[static_cast<std::size_t>(i)].listenPorts.empty())
            listenersOf(r, i, out);
    std::stable_sort(out.begin(), out.end(), [&](const PortListener &a, const PortListener &b) {
        if (a.port != b.port)
            return a.port < b.port;
        const int pa = r.identityOf(a.index).pid, pb = r.identityOf(b.index).pid;
        if (pa != pb)
            return pa < pb;
        return a.address < b.address;
    });
    return out;
}

PortHolder portHolder(const TriageResult &r, int index, int port)
{
    std::vector<PortListener> all;
    if (index >= 0 && index < r.size())
        listenersOf(r, index, all);
    std::erase_if(all, [port](const PortListener &l) { return l.port != port; });
    if (all.empty()) {
        PortHolder none;
        none.index = index;
        return none;
    }
    return holderOf(r, index, std::move(all));
}

PortHolders portHolders(const TriageResult &r, int port)
{
    PortHolders out;
    out.port = port;
    if (port < 1 || port > 65535)
        return out;
    std::unordered_set<std::uint64_t> owned; // listening inodes some process of the scan has open
    for (int i = 0; i < r.size(); ++i) {
        const auto &ports = r.facts[static_cast<std::size_t>(i)].listenPorts;
        if (std::find(ports.begin(), ports.end(), port) == ports.end())
            continue;
        if (PortHolder h = portHolder(r, i, port); !h.listeners.empty())
            out.holders.push_back(std::move(h));
    }
    for (UnheldListener &l : unheldListeners(r))
        if (l.port == port)
            out.unattributed.push_back(std::move(l));
    return out;
}

std::string UnheldListener::listener() const
{
    return std::string(protocolName(proto)) + ' ' + address;
}

std::vector<UnheldListener> unheldListeners(const TriageResult &r)
{
    std::unordered_set<std::uint64_t> owned; // socket inodes some process of the scan has open
    std::unordered_map<std::int64_t, std::string> users; // uid: the name the scan's processes give it
    for (int i = 0; i < r.size(); ++i) {
        const Sample &s = r.snapshot->processes[static_cast<std::size_t>(i)];
        if (s.uid)
            users.emplace(static_cast<std::int64_t>(*s.uid), r.facts[static_cast<std::size_t>(i)].user);
        if (s.deep)
            for (const OpenFile &of : s.deep->files)
                if (of.kind == FdKind::Socket)
                    owned.insert(of.inode);
    }
    std::vector<UnheldListener> out;
    for (const auto &[inode, si] : r.snapshot->sockets) {
        if (!si.listening || !isInet(si.proto) || si.localPort <= 0 || owned.count(inode))
            continue;
        UnheldListener l{si.proto, si.local, si.localPort, 0, {}};
        if (si.uid >= 0) {
            const auto named = users.find(si.uid);
            l.user = named != users.end() && !named->second.empty() ? named->second : "uid " + std::to_string(si.uid);
        }
        if (si.proto == SocketInfo::Proto::Tcp || si.proto == SocketInfo::Proto::Tcp6)
            l.clients = acceptedOn(*r.snapshot, l.port);
        out.push_back(std::move(l));
    }
    std::sort(out.begin(), out.end(), [](const UnheldListener &a, const UnheldListener &b) {
        return std::tie(a.port, a.proto, a.address) < std::tie(b.port, b.proto, b.address);
    });
    out.erase(std::unique(out.begin(), out.end(),
                  [](const UnheldListener &a, const UnheldListener &b) {
                      return a.port == b.port && a.proto == b.proto && a.address == b.address;
                  }),
        out.end());
    return out;
}

} // namespace ptriage
