#include "Facts.h"

#include <pwd.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace ptriage {
namespace {

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

std::string userName(std::uint32_t uid, std::unordered_map<std::uint32_t, std::string> &cache)
{
    auto it = cache.find(uid);
    if (it != cache.end())
        return it->second;
    passwd pw{};
    passwd *result = nullptr;
    char buf[1024];
    std::string name = (::getpwuid_r(uid, &pw, buf, sizeof buf, &result) == 0 && result) ? std::string(pw.pw_name)
                                                                                         : std::to_string(uid);
    cache.emplace(uid, name);
    return name;
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

std::vector<ProcessFacts> findFacts(const Snapshot &snap, const TriageConfig &config, const FactContext &ctx)
{
    const auto &procs = snap.processes;
    const auto &sigs = config.signatures;
    const auto &policy = config.policy;
    std::vector<ProcessFacts> facts(procs.size());
    std::unordered_map<std::uint32_t, std::string> users;
    const auto children = childrenOf(snap);
    const double ticks = static_cast<double>(snap.system.clockTicks);

    // ptriage and its ancestors (the terminal and shell that run it) are never targets.
    std::unordered_set<int> selfLine;
    for (int pid = ctx.selfPid, guard = 0; pid > 0 && guard < 64; ++guard) {
        selfLine.insert(pid);
        const Sample *s = snap.byPid(pid);
        pid = s ? s->ppid : 0;
    }

    auto parentOf = [&](const Sample &s) { return snap.byPid(s.ppid); };
    std::unordered_map<int, std::vector<const FileLock *>> locksByPid;
    for (const auto &l : snap.locks)
        if (!l.waiting)
            locksByPid[l.pid].push_back(&l);

    for (std::size_t i = 0; i < procs.size(); ++i) {
        const Sample &s = procs[i];
        ProcessFacts &f = facts[i];
        const auto &d = s.details;
        f.category = d ? sigs.match(d->comm, d->cmdline) : sigs.unknownCategory;
        f.user = s.uid ? userName(*s.uid, users) : std::string("?");
        f.ageSeconds = std::max(0.0, snap.system.uptimeSeconds - static_cast<double>(s.key.startTicks) / ticks);
        f.lifetimeCpuShare = f.ageSeconds > 1 ? static_cast<double>(s.cpuTicks) / ticks / f.ageSeconds : 0;
        f.cwdDeleted = d && d->cwdDeleted;

        // Orphaned: adopted by init or a subreaper; worse when its session leader is gone too.
        const Sample *parent = parentOf(s);
        if (s.ppid == 1 || (parent && isSubreaper(*parent))) {
            const Sample *leader = snap.byPid(s.session);
            const bool sessionAlive
                = s.session <= 0 || s.session == s.key.pid || (leader && leader->session == s.session);
            f.orphan = sessionAlive ? OrphanState::Reparented : OrphanState::ReparentedSessionGone;
        }

        if (s.ttyNr != 0)
            f.tty = (s.tpgid > 0 && s.tpgid == s.pgrp) ? TtyState::Foreground : TtyState::Background;

        // Intent: a multiplexer pane, recent terminal activity, an ssh session.
        bool inMultiplexer = envValue(s, "TMUX") || envValue(s, "STY");
        bool overSsh = envValue(s, "SSH_CONNECTION") || envValue(s, "SSH_TTY");
        std::string managerName;
        for (const Sample *a = parent; a && a->key.pid > 1; a = parentOf(*a)) {
            const std::string name = argv0Name(*a);
            const std::string comm = a->details ? a->details->comm : std::string();
            if (comm == "tmux: server" || comm.starts_with("tmux") || comm == "screen" || comm == "SCREEN"
                || comm == "zellij")
                inMultiplexer = true;
            if (comm == "sshd")
                overSsh = true;
            if (managerName.empty()
                && (comm.starts_with("PM2") || comm == "supervisord" || comm == "runsv" || comm == "s6-supervise"
                    || name == "nodemon"))
                managerName = comm.starts_with("PM2") ? std::string("pm2") : (name == "nodemon" ? name : comm);
            if (a->ppid == a->key.pid)
                break;
        }
        auto activity = snap.ttyActivityMs.find(s.ttyNr);
        const bool recentTty = s.ttyNr != 0 && activity != snap.ttyActivityMs.end()
            && static_cast<double>(snap.capturedAtMs - activity->second) / 1000.0 <= config.priors.recentTtySeconds;
        if (inMultiplexer) {
            f.intent = IntentKind::Multiplexer;
            const std::string *pane = envValue(s, "TMUX_PANE");
            f.intentDetail = pane ? "runs in tmux pane " + *pane : std::string("runs in a tmux or screen window");
        } else if (recentTty) {
            f.intent = IntentKind::RecentTty;
            f.intentDetail = "its terminal was used in the last "
                + std::to_string(static_cast<int>(config.priors.recentTtySeconds / 60)) + " min";
        } else if (overSsh) {
            f.intent = IntentKind::Ssh;
            f.intentDetail = "belongs to an ssh session";
        }

        // Supervisor: systemd unit or container from the cgroup, process managers from env/ancestry.
        if (d)
            supervisorFromCgroup(d->cgroup, f);
        if (f.supervisorKind == SupervisorKind::None) {
            if (envValue(s, "container")) {
                f.supervisorKind = SupervisorKind::Container;
                f.supervisor = "container:" + *envValue(s, "container");
            } else if (envValue(s, "pm_id") || managerName == "pm2") {
                f.supervisorKind = SupervisorKind::ProcessManager;
                f.supervisor = "pm2";
            } else if (envValue(s, "SUPERVISOR_ENABLED")) {
                f.supervisorKind = SupervisorKind::ProcessManager;
                f.supervisor = "supervisord";
            } else if (!managerName.empty()) {
                f.supervisorKind = SupervisorKind::ProcessManager;
                f.supervisor = managerName;
            } else if (inMultiplexer) {
                f.supervisor = "tmux";
            }
        }

        // Sockets and files.
        if (s.deep) {
            f.deepKnown = true;
            for (const auto &of : s.deep->files) {
                if (of.kind == FdKind::Socket) {
                    auto it = snap.sockets.find(of.inode);
                    if (it == snap.sockets.end())
                        continue;
                    const SocketInfo &si = it->second;
                    const bool inet = si.proto != SocketInfo::Proto::Unix;
                    if (si.listening) {
                        static const char *const protoNames[] = {"TCP", "TCP", "UDP", "UDP", "unix"};
                        std::string text = std::string(protoNames[static_cast<int>(si.proto)]) + ' ' + si.local;
                        if (!inet && si.local.empty())
                            continue; // unnamed unix listeners are private plumbing
                        if (!contains(f.listeners, text))
                            f.listeners.push_back(std::move(text));
                        if (inet && si.localPort > 0)
                            f.listenPorts.push_back(si.localPort);
                    } else if (si.established && inet) {
                        ++f.established;
                    }
                } else if (of.kind == FdKind::File && of.writable) {
                    if (of.target.starts_with("/proc/") || of.target.starts_with("/sys/"))
                        continue;
                    f.writableFiles.push_back(of.target);
                    const QString path = QString::fromUtf8(of.target.data(), static_cast<qsizetype>(of.target.size()));
                    for (const auto &cf : policy.criticalFiles)
                        if (cf.pattern.match(path).hasMatch()) {
                            f.criticalFiles.push_back({of.target, cf.hint});
                            break;
                        }
                }
            }
        }
        auto held = locksByPid.find(s.key.pid);
        if (held != locksByPid.end()) {
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
    }

    // Wrappers: `script`, `timeout`, `nohup`, `sh -c` … are seen through to the workload they run.
    auto isWrapper = [&](std::size_t i) {
        const Sample &s = procs[i];
        if (!s.details || children[i].empty())
            return false;
        const std::string name = argv0Name(s);
        if (contains(policy.wrapperNames, name) || contains(policy.wrapperNames, s.details->comm))
            return true;
        const auto &c = s.details->cmdline;
        return contains(policy.shellNames, name) && c.size() >= 3 && c[1] == "-c" && children[i].size() == 1;
    };
    for (std::size_t i = 0; i < procs.size(); ++i)
        facts[i].isWrapper = isWrapper(i);
    for (std::size_t i = 0; i < procs.size(); ++i) {
        if (!facts[i].isWrapper || (facts[i].wrapperIndex >= 0))
            continue;
        // Follow single children through nested wrappers to the first real workload.
        int cur = static_cast<int>(i);
        int guard = 0;
        while (facts[static_cast<std::size_t>(cur)].isWrapper && guard++ < 16) {
            const auto &kids = children[static_cast<std::size_t>(cur)];
            if (kids.size() != 1)
                break;
            const int next = kids.front();
            facts[static_cast<std::size_t>(next)].wrapperIndex = cur;
            cur = next;
        }
        if (cur != static_cast<int>(i) && !facts[static_cast<std::size_t>(cur)].isWrapper)
            facts[i].workloadIndex = cur;
    }
    // A workload is judged in the context of its outermost wrapper: `script` gives it a fresh pty
    // and stays its parent, so its own tty and parent say nothing about whether anyone still uses it.
    for (std::size_t i = 0; i < procs.size(); ++i) {
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

    // Protection: never a target, whatever the config says.
    for (std::size_t i = 0; i < procs.size(); ++i) {
        const Sample &s = procs[i];
        ProcessFacts &f = facts[i];
        const std::string comm = s.details ? s.details->comm : std::string();
        const std::string name = argv0Name(s);
        const Category &cat = sigs.categories[static_cast<std::size_t>(f.category)];
        if (s.isKernelThread())
            f.protectedReason = "kernel thread";
        else if (s.key.pid == 1)
            f.protectedReason = "PID 1 (init)";
        else if (s.key.pid == ctx.selfPid)
            f.protectedReason = "ptriage itself";
        else if (selfLine.count(s.key.pid))
            f.protectedReason = "runs ptriage (an ancestor of this process)";
        else if (cat.isProtected)
            f.protectedReason = cat.label;
        else if (contains(policy.protectedNames, comm) || contains(policy.protectedNames, name))
            f.protectedReason = "protected name '" + (contains(policy.protectedNames, comm) ? comm : name) + "'";
        else if (contains(policy.protectedUsers, f.user))
            f.protectedReason = "protected user '" + f.user + "'";
        else if (s.details && !s.details->cmdline.empty()) {
            QString joined;
            for (const auto &a : s.details->cmdline)
                joined += QString::fromUtf8(a.data(), static_cast<qsizetype>(a.size())) + QLatin1Char(' ');
            for (const auto &re : policy.protectedCmdline)
                if (re.match(joined).hasMatch()) {
                    f.protectedReason = "command line matches protected pattern '" + re.pattern().toStdString() + "'";
                    break;
                }
        }
    }
    return facts;
}

} // namespace ptriage
