#include "Facts.h"

#include "config/ProcessManagers.h"
#include "util/Parallel.h"

#include <QCoreApplication>

#include <pwd.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace ptriage {
namespace {

Phrase fact(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("Facts", source, std::move(args));
}

std::string basename(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string argv0Name(const Sample &s)
{
    if (!s.details || s.details->cmdline.empty())
        return s.details ? s.details->comm : std::string();
    return basename(s.details->cmdline[0]);
}

const std::string *envValue(const Sample &s, std::string_view key)
{
    if (!s.details)
        return nullptr;
    for (const auto &[k, v] : s.details->environ)
        if (k == key)
            return &v;
    return nullptr;
}

bool contains(const std::vector<std::string> &list, const std::string &v)
{
    return std::find(list.begin(), list.end(), v) != list.end();
}

// The user names of every uid in the snapshot (a handful), looked up once before the facts.
std::unordered_map<std::uint32_t, std::string> usersOf(const Snapshot &snap)
{
    std::unordered_map<std::uint32_t, std::string> names;
    for (const auto &s : snap.processes) {
        if (!s.uid || names.count(*s.uid))
            continue;
        passwd pw{};
        passwd *result = nullptr;
        char buf[1024];
        names.emplace(*s.uid,
            (::getpwuid_r(*s.uid, &pw, buf, sizeof buf, &result) == 0 && result) ? std::string(pw.pw_name)
                                                                                 : std::to_string(*s.uid));
    }
    return names;
}

bool isSubreaper(const Sample &s)
{
    // systemd --user (and other user managers) adopt orphans of the session.
    if (!s.details)
        return false;
    const auto &c = s.details->cmdline;
    return s.details->comm == "systemd" && std::find(c.begin(), c.end(), "--user") != c.end();
}

void supervisorFromCgroup(const std::string &cgroup, ProcessFacts &f)
{
    for (const char *marker : {"/docker-", "/docker/", "/libpod-", "/lxc/", "/kubepods", "/containerd/", "/podman-"}) {
        const auto at = cgroup.find(marker);
        if (at != std::string::npos) {
            f.supervisorKind = SupervisorKind::Container;
            f.supervisor = "container:" + cgroup.substr(at + 1, 40);
            return;
        }
    }
    const std::string unit = basename(cgroup);
    if (unit.size() > 8 && unit.ends_with(".service") && !unit.starts_with("user@")) {
        f.supervisorKind = SupervisorKind::SystemdUnit;
        f.supervisor = "systemd:" + unit;
    }
}

// ptriage and its ancestors (the terminal and shell that run it) are never targets.
std::unordered_set<int> selfLineOf(const Snapshot &snap, int selfPid)
{
    std::unordered_set<int> line;
    for (int pid = selfPid, guard = 0; pid > 0 && guard < 64; ++guard) {
        line.insert(pid);
        const Sample *s = snap.byPid(pid);
        pid = s ? s->ppid : 0;
    }
    return line;
}

std::unordered_map<int, std::vector<const FileLock *>> heldLocksByPid(const Snapshot &snap)
{
    std::unordered_map<int, std::vector<const FileLock *>> held;
    for (const auto &l : snap.locks)
        if (!l.waiting)
            held[l.pid].push_back(&l);
    return held;
}

// What the steps look up, built once per snapshot.
// Established TCP connections by their local port: on a listening port, the connections it accepted.
// From the socket table, read anew every scan: a server's fds are read once by the live service, and
// clients that came later must still count.
std::unordered_map<int, int> acceptedConnectionsByPort(const Snapshot &snap)
{
    std::unordered_map<int, int> byPort;
    for (const auto &[inode, si] : snap.sockets)
        if (si.established && (si.proto == SocketInfo::Proto::Tcp || si.proto == SocketInfo::Proto::Tcp6)
            && si.localPort > 0)
            ++byPort[si.localPort];
    return byPort;
}

struct Lookups {
    const Snapshot &snap;
    const TriageConfig &config;
    const FactContext &ctx;
    std::vector<std::vector<int>> children = childrenOf(snap);
    std::unordered_set<int> selfLine = selfLineOf(snap, ctx.selfPid); // ptriage and its ancestors
    std::unordered_map<int, std::vector<const FileLock *>> locksByPid = heldLocksByPid(snap);
    std::unordered_map<std::uint32_t, std::string> users = usersOf(snap); // uid → name
    std::unordered_map<int, int> acceptedByPort = acceptedConnectionsByPort(snap);

    // The facts of the previous triage about this very process, if its details are the same object.
    const ProcessFacts *sameDetailsBefore(const Sample &s) const
    {
        if (!ctx.previous || !ctx.previousFacts || !s.details)
            return nullptr;
        const Sample *b = ctx.previous->byIdentity(s.id);
        if (!b || b->details != s.details)
            return nullptr;
        const auto j = static_cast<std::size_t>(b - ctx.previous->processes.data());
        return j < ctx.previousFacts->size() ? &(*ctx.previousFacts)[j] : nullptr;
    }
};

Phrase protectedCmdlineReason(const Policy &policy, const Sample &s);

// Category, user, age, lifetime CPU share, deleted cwd: read straight off the sample.
void findBasics(const Lookups &look, const Sample &s, ProcessFacts &f)
{
    const auto &d = s.details;
    const auto &sigs = look.config.signatures;
    const double ticks = static_cast<double>(look.snap.system.clockTicks);
    const ProcessFacts *before = look.sameDetailsBefore(s);
    if (before) {
        f.category = before->category;
        f.name = before->name;
        f.cmdlineProtection = before->cmdlineProtection;
    } else {
        f.category = d ? sigs.match(d->comm, d->cmdline) : sigs.unknownCategory;
        f.name = d ? sigs.programName(d->comm, d->cmdline) : s.comm;
        f.cmdlineProtection = protectedCmdlineReason(look.config.policy, s);
    }
    f.user = s.uid ? look.users.at(*s.uid) : std::string("?");
    f.ageSeconds = std::max(0.0, look.snap.system.uptimeSeconds - static_cast<double>(s.id.startTicks) / ticks);
    f.lifetimeCpuShare = f.ageSeconds > 1 ? static_cast<double>(s.cpuTicks) / ticks / f.ageSeconds : 0;
    f.cwdDeleted = d && d->cwdDeleted;
}

// Orphaned: adopted by init or a subreaper; worse when its session leader is gone too.
void findOrphan(const Lookups &look, const Sample &s, ProcessFacts &f)
{
    const Sample *parent = look.snap.byPid(s.ppid);
    if (s.ppid == 1 || (parent && isSubreaper(*parent))) {
        const Sample *leader = look.snap.byPid(s.session);
        const bool sessionAlive = s.session <= 0 || s.session == s.id.pid || (leader && leader->session == s.session);
        f.orphan = sessionAlive ? OrphanState::Reparented : OrphanState::ReparentedSessionGone;
    }
}

void findTty(const Sample &s, ProcessFacts &f)
{
    if (s.ttyNr != 0)
        f.tty = (s.tpgid > 0 && s.tpgid == s.pgrp) ? TtyState::Foreground : TtyState::Background;
}

// What the environment and the ancestors say; intent and supervisor both read it.
struct Surroundings {
    bool inMultiplexer = false;
    bool overSsh = false;
    std::string managerName; // the nearest process manager among the ancestors
};

// TMUX ("socket,server pid,session") or STY ("pid.tty.host") name a multiplexer; it counts only
// while that server is alive (after `tmux kill-server` the variable stays in its orphans).
bool multiplexerAlive(const Snapshot &snap, const Sample &s)
{
    int pid = 0;
    if (const std::string *tmux = envValue(s, managers::kTmuxMarker)) {
        const auto comma = tmux->find(',');
        if (comma != std::string::npos)
            std::from_chars(tmux->data() + comma + 1, tmux->data() + tmux->size(), pid);
    } else if (const std::string *sty = envValue(s, managers::kScreenMarker)) {
        std::from_chars(sty->data(), sty->data() + sty->size(), pid);
    }
    const Sample *server = pid > 0 ? snap.byPid(pid) : nullptr;
    return server && server->state != 'Z' && managers::isTmuxOrScreen(server->comm);
}

Surroundings surroundingsOf(const Lookups &look, const Sample &s)
{
    Surroundings around;
    around.inMultiplexer = multiplexerAlive(look.snap, s);
    around.overSsh = envValue(s, "SSH_CONNECTION") || envValue(s, "SSH_TTY");
    for (const Sample *a = look.snap.byPid(s.ppid); a && a->id.pid > 1; a = look.snap.byPid(a->ppid)) {
        const std::string name = argv0Name(*a);
        const std::string comm = a->details ? a->details->comm : std::string();
        if (managers::multiplexerOf(comm) != managers::Multiplexer::None)
            around.inMultiplexer = true;
        if (comm == "sshd")
            around.overSsh = true;
        if (around.managerName.empty())
            around.managerName = managers::processManagerOf(comm, name);
        if (a->ppid == a->id.pid)
            break;
    }
    return around;
}

// Intent: a multiplexer pane, recent terminal activity, an ssh session.
void findIntent(const Lookups &look, const Sample &s, const Surroundings &around, ProcessFacts &f)
{
    const Snapshot &snap = look.snap;
    const double recentTtySeconds = look.config.priors.recentTtySeconds;
    auto activity = snap.ttyActivityMs.find(s.ttyNr);
    const bool recentTty = s.ttyNr != 0 && activity != snap.ttyActivityMs.end()
        && static_cast<double>(snap.capturedAtMs - activity->second) / 1000.0 <= recentTtySeconds;
    if (around.inMultiplexer) {
        f.intent = IntentKind::Multiplexer;
        const std::string *pane = envValue(s, managers::kTmuxPaneMarker);
        f.intentDetail = pane ? fact(QT_TRANSLATE_NOOP("Facts", "runs in tmux pane %1"), {*pane})
                              : fact(QT_TRANSLATE_NOOP("Facts", "runs in a tmux or screen window"));
    } else if (recentTty) {
        f.intent = IntentKind::RecentTty;
        f.intentDetail = fact(QT_TRANSLATE_NOOP("Facts", "its terminal was used in the last %1 min"),
            {std::to_string(static_cast<int>(recentTtySeconds / 60))});
    } else if (around.overSsh) {
        f.intent = IntentKind::Ssh;
        f.intentDetail = fact(QT_TRANSLATE_NOOP("Facts", "belongs to an ssh session"));
    }
}

// Supervisor: systemd unit or container from the cgroup, process managers from env/ancestry.
void findSupervisor(const Sample &s, const Surroundings &around, ProcessFacts &f)
{
    if (s.details)
        supervisorFromCgroup(s.details->cgroup, f);
    if (f.supervisorKind != SupervisorKind::None)
        return;
    if (envValue(s, "container")) {
        f.supervisorKind = SupervisorKind::Container;
        f.supervisor = "container:" + *envValue(s, "container");
    } else if (envValue(s, managers::kPm2Marker) || around.managerName == "pm2") {
        f.supervisorKind = SupervisorKind::ProcessManager;
        f.supervisor = "pm2";
    } else if (envValue(s, managers::kSupervisordMarker)) {
        f.supervisorKind = SupervisorKind::ProcessManager;
        f.supervisor = "supervisord";
    } else if (!around.managerName.empty()) {
        f.supervisorKind = SupervisorKind::ProcessManager;
        f.supervisor = around.managerName;
    } else if (around.inMultiplexer) {
        f.supervisor = "tmux";
    }
}

void addSocket(const Lookups &look, const OpenFile &of, ProcessFacts &f)
{
    auto it = look.snap.sockets.find(of.inode);
    if (it == look.snap.sockets.end())
        return;
    const SocketInfo &si = it->second;
    const bool inet = si.proto != SocketInfo::Proto::Unix;
    if (si.listening) {
        static const char *const protoNames[] = {"TCP", "TCP", "UDP", "UDP", "unix"};
        std::string text = std::string(protoNames[static_cast<int>(si.proto)]) + ' ' + si.local;
        if (!inet && si.local.empty())
            return; // unnamed unix listeners are private plumbing
        if (!contains(f.listeners, text))
            f.listeners.push_back(std::move(text));
        if (inet && si.localPort > 0)
            f.listenPorts.push_back(si.localPort);
    } else if (si.established && inet) {
        ++f.established;
    }
}

void addIfCritical(const Lookups &look, const Sample &s, const std::string &file, ProcessFacts &f)
{
    const QString path = QString::fromUtf8(file.data(), static_cast<qsizetype>(file.size()));
    if (const auto &any = look.config.policy.anyCriticalFile; any && !any->match(path).hasMatch())
        return;
    for (const auto &cf : look.config.policy.criticalFiles)
        if (cf.pattern.match(path).hasMatch()) {
            const bool removedOnTerm
                = std::find(cf.removedOnTermBy.begin(), cf.removedOnTermBy.end(), s.comm) != cf.removedOnTermBy.end();
            (removedOnTerm ? f.heldLocks : f.criticalFiles).push_back({file, cf.hint});
            break;
        }
}

void addWritableFile(const Lookups &look, const Sample &s, const OpenFile &of, ProcessFacts &f)
{
    if (of.target.starts_with("/proc/") || of.target.starts_with("/sys/"))
        return;
    f.writableFiles.push_back(of.target);
    addIfCritical(look, s, of.target, f);
}

// Sockets, and files open for writing, when its fds were read.
void findOpenFiles(const Lookups &look, const Sample &s, ProcessFacts &f)
{
    if (s.details)
        for (const auto &lock : s.details->gitLocks)
            addIfCritical(look, s, lock, f);
    if (!s.deep || !s.deep->filesRead)
        return; // unknown, not "no sockets, no files"
    f.deepKnown = true;
    std::vector<int> tcpPorts; // its TCP listening ports, each once
    for (const auto &of : s.deep->files) {
        if (of.kind == FdKind::Socket) {
            addSocket(look, of, f);
            auto it = look.snap.sockets.find(of.inode);
            if (it != look.snap.sockets.end() && it->second.listening && it->second.localPort > 0
                && (it->second.proto == SocketInfo::Proto::Tcp || it->second.proto == SocketInfo::Proto::Tcp6)
                && !std::count(tcpPorts.begin(), tcpPorts.end(), it->second.localPort))
                tcpPorts.push_back(it->second.localPort);
        } else if (of.kind == FdKind::File && of.writable)
            addWritableFile(look, s, of, f);
    }
    for (int port : tcpPorts) {
        if (auto accepted = look.acceptedByPort.find(port); accepted != look.acceptedByPort.end())
            f.clients += accepted->second;
        if (auto closed = look.snap.closedByPort.find(port); closed != look.snap.closedByPort.end())
            f.closedRecently += closed->second;
    }
}

// Files it holds a lock on, by path when its fds were read.
void findLocks(const Lookups &look, const Sample &s, ProcessFacts &f)
{
    auto held = look.locksByPid.find(s.id.pid);
    if (held == look.locksByPid.end())
        return;
    for (const FileLock *l : held->second) {
        std::string path = "inode " + std::to_string(l->inode);
        if (s.deep)
            for (const auto &of : s.deep->files)
                if (of.kind == FdKind::File && of.inode == l->inode)
                    path = of.target;
        if (std::find(f.lockedFiles.begin(), f.lockedFiles.end(), path) == f.lockedFiles.end())
            f.lockedFiles.push_back(std::move(path));
    }
}

// `sh -c 'while true; do node server.js; done'` restarts what it runs: a restarter, not a wrapper to
// see through (ending its child alone brings the child back).
bool runsALoop(const std::string &script)
{
    static const QRegularExpression loop(QStringLiteral("(^|[;&|(\\s])(while|until|for)\\s.*(;|\\s)do(\\s|$)"),
        QRegularExpression::DotMatchesEverythingOption);
    return loop.match(QString::fromUtf8(script.data(), static_cast<qsizetype>(script.size()))).hasMatch();
}

// Wrappers: `script`, `timeout`, `nohup`, `sh -c` … are seen through to the workload they run.
bool isWrapper(const Lookups &look, std::size_t i)
{
    const Sample &s = look.snap.processes[i];
    const auto &kids = look.children[i];
    if (!s.details || kids.empty())
        return false;
    const auto &policy = look.config.policy;
    const std::string name = argv0Name(s);
    if (contains(policy.wrapperNames, name) || contains(policy.wrapperNames, s.details->comm))
        return true;
    const auto &c = s.details->cmdline;
    return contains(policy.shellNames, name) && c.size() >= 3 && c[1] == "-c" && kids.size() == 1 && !runsALoop(c[2]);
}

void findWrappers(const Lookups &look, std::vector<ProcessFacts> &facts)
{
    for (std::size_t i = 0; i < facts.size(); ++i)
        facts[i].isWrapper = isWrapper(look, i);
    for (std::size_t i = 0; i < facts.size(); ++i) {
        if (!facts[i].isWrapper || (facts[i].wrapperIndex >= 0))
            continue;
        // Follow single children through nested wrappers to the first real workload.
        int cur = static_cast<int>(i);
        int guard = 0;
        while (facts[static_cast<std::size_t>(cur)].isWrapper && guard++ < 16) {
            const auto &kids = look.children[static_cast<std::size_t>(cur)];
            if (kids.size() != 1)
                break;
            const int next = kids.front();
            facts[static_cast<std::size_t>(next)].wrapperIndex = cur;
            cur = next;
        }
        if (cur != static_cast<int>(i) && !facts[static_cast<std::size_t>(cur)].isWrapper)
            facts[i].workloadIndex = cur;
    }
}

// A workload is judged in the context of its outermost wrapper: `script` gives it a fresh pty
// and stays its parent, so its own tty and parent say nothing about whether anyone still uses it.
void judgeInOuterWrapperContext(std::vector<ProcessFacts> &facts)
{
    for (std::size_t i = 0; i < facts.size(); ++i) {
        auto &f = facts[i];
        if (f.wrapperIndex < 0 || f.isWrapper)
            continue;
        int top = f.wrapperIndex;
        for (int w = f.wrapperIndex, guard = 0; w >= 0 && guard < 16;
             w = facts[static_cast<std::size_t>(w)].wrapperIndex, ++guard) {
            facts[static_cast<std::size_t>(w)].workloadIndex = static_cast<int>(i);
            top = w;
        }
        const ProcessFacts &outer = facts[static_cast<std::size_t>(top)];
        f.orphan = outer.orphan;
        f.tty = outer.tty;
        if (f.intent != IntentKind::Multiplexer) {
            f.intent = outer.intent;
            f.intentDetail = outer.intentDetail;
        }
    }
}

// A live parent that was itself left behind (adopted, its session gone: a nohup'd loop, a restarter
// whose terminal closed) hides nothing: its children are as orphaned as it is. A service or a live
// multiplexer in between keeps them apart.
void judgeInOrphanedTree(const Lookups &look, std::vector<ProcessFacts> &facts)
{
    constexpr int kUnknown = -2;
    constexpr int kNone = -1;
    std::vector<int> origin(facts.size(), kUnknown); // the left-behind ancestor, or kNone
    const auto ownState = [&](std::size_t i) {
        const ProcessFacts &f = facts[i];
        const Sample &s = look.snap.processes[i];
        if (f.orphan == OrphanState::ReparentedSessionGone)
            return static_cast<int>(i);
        if (f.orphan == OrphanState::Reparented || s.ppid <= 1 || f.supervisorKind == SupervisorKind::SystemdUnit
            || f.supervisorKind == SupervisorKind::Container || f.intent == IntentKind::Multiplexer)
            return kNone;
        return kUnknown; // as its parent
    };
    std::vector<std::size_t> chain;
    for (std::size_t i = 0; i < facts.size(); ++i) {
        chain.clear();
        std::size_t at = i;
        int found = kNone;
        while (chain.size() < 64) {
            if (origin[at] != kUnknown) {
                found = origin[at];
                break;
            }
            chain.push_back(at);
            const int own = ownState(at);
            if (own != kUnknown) {
                found = own;
                break;
            }
            const auto parent = look.snap.indexByPid.find(look.snap.processes[at].ppid);
            if (parent == look.snap.indexByPid.end() || parent->second == at)
                break;
            at = parent->second;
        }
        for (const std::size_t c : chain)
            origin[c] = found;
    }
    for (std::size_t i = 0; i < facts.size(); ++i)
        if (facts[i].orphan == OrphanState::ParentAlive && origin[i] >= 0 && static_cast<std::size_t>(origin[i]) != i) {
            facts[i].orphan = OrphanState::ReparentedSessionGone;
            facts[i].orphanedAncestor = origin[i];
        }
}

Phrase protectedCmdlineReason(const Policy &policy, const Sample &s)
{
    if (!s.details || s.details->cmdline.empty())
        return {};
    QString joined;
    for (const auto &a : s.details->cmdline)
        joined += QString::fromUtf8(a.data(), static_cast<qsizetype>(a.size())) + QLatin1Char(' ');
    for (const auto &re : policy.protectedCmdline)
        if (re.match(joined).hasMatch())
            return fact(QT_TRANSLATE_NOOP("Facts", "command line matches protected pattern '%1'"),
                {re.pattern().toStdString()});
    return {};
}

// Protection: never a target, whatever the config says. Empty when not protected.
Phrase protectionReason(const Lookups &look, const Sample &s, const ProcessFacts &f)
{
    const auto &policy = look.config.policy;
    const std::string comm = s.details ? s.details->comm : std::string();
    const std::string name = argv0Name(s);
    const Category &cat = look.config.signatures.categories[static_cast<std::size_t>(f.category)];
    if (s.isKernelThread())
        return fact(QT_TRANSLATE_NOOP("Facts", "kernel thread"));
    if (s.id.pid == 1)
        return fact(QT_TRANSLATE_NOOP("Facts", "PID 1 (init)"));
    if (s.id.pid == look.ctx.selfPid)
        return fact(QT_TRANSLATE_NOOP("Facts", "ptriage itself"));
    if (look.selfLine.count(s.id.pid))
        return fact(QT_TRANSLATE_NOOP("Facts", "runs ptriage (an ancestor of this process)"));
    if (cat.isProtected)
        return cat.word();
    if (contains(policy.protectedNames, comm) || contains(policy.protectedNames, name))
        return fact(
            QT_TRANSLATE_NOOP("Facts", "protected name '%1'"), {contains(policy.protectedNames, comm) ? comm : name});
    if (contains(policy.protectedUsers, f.user))
        return fact(QT_TRANSLATE_NOOP("Facts", "protected user '%1'"), {f.user});
    return f.cmdlineProtection;
}

} // namespace

std::vector<std::vector<int>> childrenOf(const Snapshot &snap)
{
    std::vector<std::vector<int>> children(snap.processes.size());
    for (std::size_t i = 0; i < snap.processes.size(); ++i) {
        auto it = snap.indexByPid.find(snap.processes[i].ppid);
        if (it != snap.indexByPid.end() && it->second != i)
            children[it->second].push_back(static_cast<int>(i));
    }
    return children;
}

namespace {

// Marks every ancestor of process `i` up to init with `i` in `field`, where not marked already.
void markAncestors(const Snapshot &snap, std::vector<ProcessFacts> &facts, std::size_t i, int ProcessFacts::*field)
{
    int pid = snap.processes[i].ppid;
    for (int depth = 0; pid > 1 && depth < 64; ++depth) {
        const auto at = snap.indexByPid.find(pid);
        if (at == snap.indexByPid.end())
            break;
        ProcessFacts &up = facts[at->second];
        if (up.*field >= 0)
            break; // marked from another branch: its ancestors too
        up.*field = static_cast<int>(i);
        pid = snap.processes[at->second].ppid;
    }
}

// Who is at the other end of the local connections to listening ports. A client that is itself left
// behind (adopted with its session gone, or under such an ancestor) does not put a server in use: the
// workers of a closed terminal's job queue keep their connections to its redis. A client on another
// machine, or whose process is not seen, still counts. A process that carries a connection accepted on
// a port it does not listen on itself (a forking server's handler) serves that client.
void judgeClients(const Snapshot &snap, std::vector<ProcessFacts> &facts)
{
    const auto tcp = [](const SocketInfo &si) {
        return si.proto == SocketInfo::Proto::Tcp || si.proto == SocketInfo::Proto::Tcp6;
    };
    std::unordered_set<int> listening;
    for (const auto &[inode, si] : snap.sockets)
        if (tcp(si) && si.listening)
            listening.insert(si.localPort);
    if (listening.empty())
        return;
    // Only the ends of connections to a local listener matter: most scans have few or none, and then no
    // process's fds are walked.
    std::unordered_set<std::uint64_t> ends;
    for (const auto &[inode, si] : snap.sockets)
        if (tcp(si) && si.established && (listening.count(si.remotePort) || listening.count(si.localPort)))
            ends.insert(inode);
    if (ends.empty())
        return;
    std::unordered_map<std::uint64_t, int> holder; // socket inode → process index (the first that has it)
    std::vector<std::pair<std::size_t, const SocketInfo *>> carried; // every process's own server ends
    for (std::size_t i = 0; i < snap.processes.size(); ++i)
        if (const auto &deep = snap.processes[i].deep; deep && deep->filesRead)
            for (const auto &of : deep->files)
                if (of.kind == FdKind::Socket && ends.count(of.inode)) {
                    holder.emplace(of.inode, static_cast<int>(i));
                    const SocketInfo &si = snap.sockets.at(of.inode);
                    if (listening.count(si.localPort))
                        carried.emplace_back(i, &si);
                }
    const auto leftBehind = [&](int j) {
        return j >= 0
            && (facts[static_cast<std::size_t>(j)].orphan == OrphanState::ReparentedSessionGone
                || facts[static_cast<std::size_t>(j)].orphanedAncestor >= 0);
    };
    // Client ends, (client port, server port) → who holds it (-1: not seen).
    std::map<std::pair<int, int>, int> clientEnds;
    std::unordered_map<int, int> leftBehindByPort; // left-behind clients by the port they connect to
    for (const auto &[inode, si] : snap.sockets)
        if (tcp(si) && si.established && listening.count(si.remotePort)) {
            const auto h = holder.find(inode);
            const int j = h == holder.end() ? -1 : h->second;
            clientEnds.emplace(std::pair{si.localPort, si.remotePort}, j);
            if (leftBehind(j))
                ++leftBehindByPort[si.remotePort];
        }
    if (!leftBehindByPort.empty())
        for (ProcessFacts &f : facts)
            for (int port : f.listenPorts)
                if (const auto it = leftBehindByPort.find(port); it != leftBehindByPort.end())
                    f.clients = std::max(0, f.clients - it->second);
    for (const auto &[i, si] : carried) {
        ProcessFacts &f = facts[i];
        if (std::count(f.listenPorts.begin(), f.listenPorts.end(), si->localPort))
            continue; // its own port: counted as its clients
        const auto client = clientEnds.find({si->remotePort, si->localPort});
        if (client == clientEnds.end() || !leftBehind(client->second))
            ++f.connectionsServed;
    }
}

// What keeps a server alive (a process manager, a restarter, the shell that runs it) is in use with it.
void judgeServed(const Snapshot &snap, std::vector<ProcessFacts> &facts)
{
    for (std::size_t i = 0; i < facts.size(); ++i)
        if (facts[i].servesClients())
            markAncestors(snap, facts, i, &ProcessFacts::servingDescendant);
}

// Heavy I/O with files open for writing is work a person waits for (a backup, a build's output, a
// checkpoint), whoever started it and whether or not its terminal is still there; and what it runs
// under (the shell between tar and its gzip) waits for that work.
void judgeWork(const Snapshot &snap, const Priors &p, std::vector<ProcessFacts> &facts)
{
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const Sample &s = snap.processes[i];
        const auto &io = s.ioSteady ? s.ioSteady : s.ioRate;
        ProcessFacts &f = facts[i];
        f.working = f.deepKnown && !f.writableFiles.empty() && io && *io >= p.ioHeavy;
        if (f.working)
            markAncestors(snap, facts, i, &ProcessFacts::workingDescendant);
    }
}

} // namespace

std::vector<ProcessFacts> findFacts(const Snapshot &snap, const TriageConfig &config, const FactContext &ctx)
{
    const Lookups look{snap, config, ctx};
    std::vector<ProcessFacts> facts(snap.processes.size());
    // Each process's own facts read only the snapshot and `look` (QRegularExpression matches const).
    parallelChunks(ctx.pool, facts.size(), ctx.pool ? workerCount() : 1, [&](std::size_t begin, std::size_t end, int) {
        for (std::size_t i = begin; i < end; ++i) {
            const Sample &s = snap.processes[i];
            ProcessFacts &f = facts[i];
            findBasics(look, s, f);
            findOrphan(look, s, f);
            findTty(s, f);
            const Surroundings around = surroundingsOf(look, s);
            findIntent(look, s, around, f);
            findSupervisor(s, around, f);
            findOpenFiles(look, s, f);
            findLocks(look, s, f);
        }
    });
    findWrappers(look, facts);
    judgeInOuterWrapperContext(facts);
    judgeInOrphanedTree(look, facts);
    judgeClients(snap, facts);
    judgeServed(snap, facts);
    judgeWork(snap, config.priors, facts);
    for (std::size_t i = 0; i < facts.size(); ++i)
        facts[i].protectedReason = protectionReason(look, snap.processes[i], facts[i]);
    return facts;
}

} // namespace ptriage
