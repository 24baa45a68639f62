#include "ProcessOrigin.h"

#include "Facts.h"
#include "Origin.h"
#include "config/ProcessManagers.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>

namespace ptriage {

using origins::OriginKind;
using origins::OwnerState;

namespace {

Phrase originSaid(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("Origins", source, std::move(args));
}

const std::string *envOf(const Sample &s, std::string_view key)
{
    if (!s.details)
        return nullptr;
    for (const auto &[k, v] : s.details->environ)
        if (k == key)
            return &v;
    return nullptr;
}

int pidIn(std::string_view text)
{
    int pid = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), pid);
    return ec == std::errc() && pid > 0 ? pid : 0;
}

// Whether `pid` is the process that started a process which began at `startTicks`: alive, and not
// younger than it (a younger one got the pid after the owner ended).
OwnerState ownerAt(const Snapshot &snap, int pid, std::uint64_t startTicks, std::uint64_t *ownerStart)
{
    const Sample *owner = pid > 0 ? snap.byPid(pid) : nullptr;
    if (!owner || owner->state == 'Z' || owner->state == 'X')
        return OwnerState::Gone;
    if (owner->id.startTicks > startTicks)
        return OwnerState::Reused;
    *ownerStart = owner->id.startTicks;
    return OwnerState::Alive;
}

// A session tool named in the environment (an agent, an editor), strongest first.
bool fromSessionTool(const Snapshot &snap, const Sample &s, ProcessOrigin &o)
{
    for (const origins::SessionTool &tool : origins::kSessionTools) {
        const std::string *value = envOf(s, tool.marker);
        if (!value || value->empty() || (!tool.markerValue.empty() && *value != tool.markerValue))
            continue;
        o.kind = tool.kind;
        o.tool = tool.name;
        const std::string *id = tool.idKey.empty() ? nullptr : envOf(s, tool.idKey);
        const int pid = tool.pidKey.empty() ? 0 : pidIn(envOf(s, tool.pidKey) ? *envOf(s, tool.pidKey) : "");
        const std::string prefix = std::string(origins::jsonName(tool.kind)) + ':' + o.tool + ':';
        if (pid > 0) {
            o.owner = ownerAt(snap, pid, s.id.startTicks, &o.ownerStartTicks);
            o.ownerPid = pid;
            o.key = prefix + "pid:" + std::to_string(pid);
        } else if (id && !id->empty()) {
            o.sessionId = id->substr(0, 64);
            o.key = prefix + o.sessionId;
        } else {
            o.key = prefix + "session:" + std::to_string(s.session);
        }
        return true;
    }
    return false;
}

// A multiplexer (TMUX names "socket,server pid,session"; STY "pid.tty.host"), an ssh login, a terminal.
bool fromTerminal(const Snapshot &snap, const Sample &s, ProcessOrigin &o)
{
    if (const std::string *tmux = envOf(s, managers::kTmuxMarker)) {
        const auto first = tmux->find(',');
        const auto second = first == std::string::npos ? first : tmux->find(',', first + 1);
        if (second != std::string::npos) {
            o.ownerPid = pidIn(std::string_view(*tmux).substr(first + 1, second - first - 1));
            o.sessionId = tmux->substr(second + 1, 16);
            o.tool = "tmux";
        }
    } else if (const std::string *sty = envOf(s, managers::kScreenMarker)) {
        o.ownerPid = pidIn(std::string_view(*sty).substr(0, sty->find('.')));
        o.sessionId = sty->substr(0, 64);
        o.tool = "screen";
    }
    if (o.ownerPid > 0) {
        o.kind = OriginKind::Terminal;
        o.owner = ownerAt(snap, o.ownerPid, s.id.startTicks, &o.ownerStartTicks);
        const Sample *server = snap.byPid(o.ownerPid);
        if (o.owner == OwnerState::Alive && server && !managers::isTmuxOrScreen(server->comm))
            o.owner = OwnerState::Reused; // the pid is another program's now
        o.key = "terminal:" + o.tool + ':' + std::to_string(o.ownerPid) + ':' + o.sessionId;
        return true;
    }
    const std::string *ssh = envOf(s, "SSH_CONNECTION");
    if (!ssh && s.ttyNr == 0)
        return false;
    // The login's session leader (its shell) owns what was started there.
    o.kind = OriginKind::Terminal;
    o.tool = ssh ? "ssh" : "terminal";
    o.ownerPid = s.session;
    o.owner = s.session == s.id.pid ? OwnerState::Alive : ownerAt(snap, s.session, s.id.startTicks, &o.ownerStartTicks);
    if (s.session == s.id.pid)
        o.ownerStartTicks = s.id.startTicks;
    o.key = "terminal:" + o.tool + ':' + std::to_string(s.session);
    if (ssh)
        o.sessionId = ssh->substr(0, 96);
    return true;
}

bool isRunner(const TriageConfig &config, int category)
{
    if (category < 0 || category >= static_cast<int>(config.signatures.categories.size()))
        return false;
    const std::string &id = config.signatures.categories[static_cast<std::size_t>(category)].id;
    return id == "test_runner" || id == "build_tool";
}

// A test or build run: the process group of a runner, whose leader started the workers in it.
bool fromRun(const Snapshot &snap, const Sample &s, const ProcessFacts &f, const TriageConfig &config,
    const std::vector<ProcessFacts> &facts, ProcessOrigin &o)
{
    if (s.pgrp <= 0)
        return false;
    const Sample *leader = snap.byPid(s.pgrp);
    const bool leaderIsRunner
        = leader && isRunner(config, facts[static_cast<std::size_t>(leader - snap.processes.data())].category);
    if (!leaderIsRunner && !isRunner(config, f.category))
        return false;
    o.kind = OriginKind::TestRun;
    o.tool = leaderIsRunner && leader->details ? leader->details->comm : (s.details ? s.details->comm : s.comm);
    o.ownerPid = s.pgrp;
    o.key = "run:" + std::to_string(s.pgrp);
    if (leaderIsRunner || s.pgrp == s.id.pid) {
        o.owner = s.pgrp == s.id.pid ? OwnerState::Alive : ownerAt(snap, s.pgrp, s.id.startTicks, &o.ownerStartTicks);
        if (s.pgrp == s.id.pid)
            o.ownerStartTicks = s.id.startTicks;
        return true;
    }
    // The group's leader is gone or no runner (a shell that started the run in the background and
    // exited, `( make & )`): the run is the topmost runner above this one in its group, and it runs on
    // while that runner still has its parent. Workers whose runner was killed have none: that run ended.
    const Sample *data = snap.processes.data();
    std::size_t at = static_cast<std::size_t>(&s - data), top = at;
    for (std::size_t steps = 0; steps < snap.processes.size(); ++steps) {
        const Sample &here = snap.processes[at];
        const Sample *parent = here.ppid > 0 && here.ppid != here.id.pid ? snap.byPid(here.ppid) : nullptr;
        if (!parent || parent->pgrp != s.pgrp)
            break;
        at = static_cast<std::size_t>(parent - data);
        if (isRunner(config, facts[at].category))
            top = at;
    }
    o.owner = facts[top].orphan == OrphanState::ParentAlive ? OwnerState::Alive : OwnerState::Gone;
    if (o.owner == OwnerState::Alive)
        o.ownerStartTicks = snap.processes[top].id.startTicks;
    return true;
}

bool fromSupervisor(const ProcessFacts &f, ProcessOrigin &o)
{
    if (f.supervisorKind == SupervisorKind::None)
        return false;
    o.kind = f.supervisorKind == SupervisorKind::Container ? OriginKind::Container : OriginKind::Unit;
    const auto colon = f.supervisor.find(':');
    o.tool = colon == std::string::npos ? f.supervisor : f.supervisor.substr(0, colon);
    o.unit = colon == std::string::npos ? f.supervisor : f.supervisor.substr(colon + 1);
    o.key = "unit:" + f.supervisor;
    return true;
}

void fromSession(const Snapshot &snap, const Sample &s, ProcessOrigin &o)
{
    o.kind = OriginKind::Session;
    if (s.isKernelThread()) {
        o.tool = "kernel";
        o.key = "kernel";
        return;
    }
    o.ownerPid = s.session > 0 ? s.session : s.id.pid;
    if (o.ownerPid == s.id.pid) {
        o.owner = OwnerState::Alive;
        o.ownerStartTicks = s.id.startTicks;
    } else {
        o.owner = ownerAt(snap, o.ownerPid, s.id.startTicks, &o.ownerStartTicks);
    }
    const Sample *leader = snap.byPid(o.ownerPid);
    o.tool = o.owner == OwnerState::Alive && leader ? leader->comm : std::string();
    o.key = "session:" + std::to_string(o.ownerPid);
}

void findProject(const Sample &s, const std::string &home, ProcessOrigin &o)
{
    if (!s.details)
        return;
    if (!s.details->project.empty()) {
        o.project = s.details->project;
        o.projectLabel = s.details->projectLabel;
    } else if (!s.details->cwd.empty() && s.details->cwd != "/") {
        o.project = s.details->cwd;
        o.projectLabel = origin::normalizePath(s.details->cwd, home);
    }
}

// An owner gone after the members were reparented: the groups whose members all lost their parent
// outside the group, for origins that name no owner pid (an agent session by its id).
void ownersByEscape(const Snapshot &snap, std::vector<ProcessFacts> &facts)
{
    struct Escape {
        int pid = 0;
        std::uint64_t start = 0;
        bool sawMember = false;
    };
    std::unordered_map<std::string, Escape> escapes;
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const ProcessOrigin &o = facts[i].origin;
        if (o.ownerPid != 0 || o.kind == OriginKind::Session || o.key.empty())
            continue;
        Escape &e = escapes[o.key];
        e.sawMember = true;
        const Sample &s = snap.processes[i];
        const Sample *parent = snap.byPid(s.ppid);
        if (e.pid || !parent || facts[i].orphan != OrphanState::ParentAlive)
            continue;
        const auto p = static_cast<std::size_t>(parent - snap.processes.data());
        if (facts[p].origin.key != o.key) { // its parent is outside the session: the session's owner
            e.pid = parent->id.pid;
            e.start = parent->id.startTicks;
        }
    }
    for (std::size_t i = 0; i < facts.size(); ++i) {
        ProcessOrigin &o = facts[i].origin;
        auto it = o.ownerPid == 0 && !o.key.empty() ? escapes.find(o.key) : escapes.end();
        if (it == escapes.end())
            continue;
        o.owner = it->second.pid ? OwnerState::Alive : OwnerState::Gone;
        o.ownerPid = it->second.pid;
        o.ownerStartTicks = it->second.start;
    }
}

// What the last scan knew of an owner that this one cannot see any more.
void carryOver(const Snapshot &snap, std::vector<ProcessFacts> &facts, const Snapshot &previous,
    const std::vector<ProcessFacts> &previousFacts)
{
    for (std::size_t i = 0; i < facts.size(); ++i) {
        ProcessOrigin &o = facts[i].origin;
        const Sample *before = previous.byIdentity(snap.processes[i].id);
        if (!before)
            continue;
        const ProcessOrigin &was = previousFacts[static_cast<std::size_t>(before - previous.processes.data())].origin;
        if (was.key != o.key)
            continue;
        if (o.owner == OwnerState::Alive) {
            o.ownerSeenAliveMs = snap.capturedAtMs;
            continue;
        }
        o.ownerSeenAliveMs = was.owner == OwnerState::Alive ? previous.capturedAtMs : was.ownerSeenAliveMs;
        if (o.ownerPid == 0 && was.ownerPid != 0) {
            o.ownerPid = was.ownerPid;
            o.ownerStartTicks = was.ownerStartTicks;
        }
    }
}

// A test or build tool (a compiler, a test worker) under a runner that still runs — make above cc1plus,
// jest above its worker — works for that run: busy is what it is there for (the cpu_in_run table).
// Itself a runner is not enough: a lone spinning pytest has no run above it to vouch for it.
// Runs in one pass over the runners, each ancestor walked once.
void findLiveRuns(const Snapshot &snap, std::vector<ProcessFacts> &facts, const TriageConfig &config)
{
    constexpr int kUnknown = -2;
    std::vector<int> runnerAbove(facts.size(), kUnknown); // the nearest runner among its ancestors, or -1
    std::vector<std::size_t> chain;
    for (std::size_t i = 0; i < facts.size(); ++i) {
        if (!isRunner(config, facts[i].category))
            continue;
        chain.clear();
        std::size_t at = i;
        int found = -1;
        while (runnerAbove[at] == kUnknown) {
            const Sample &s = snap.processes[at];
            const Sample *parent = s.ppid > 0 && s.ppid != s.id.pid ? snap.byPid(s.ppid) : nullptr;
            if (!parent || chain.size() > facts.size()) {
                runnerAbove[at] = -1;
                break;
            }
            chain.push_back(at);
            at = static_cast<std::size_t>(parent - snap.processes.data());
            if (isRunner(config, facts[at].category)) {
                found = static_cast<int>(at);
                break;
            }
        }
        if (found < 0)
            found = runnerAbove[at];
        for (const std::size_t c : chain)
            runnerAbove[c] = found;
        // A run left behind with its session (make of a closed terminal) vouches for nothing.
        const int run = runnerAbove[i];
        if (run >= 0 && facts[static_cast<std::size_t>(run)].orphan != OrphanState::ReparentedSessionGone)
            facts[i].liveRun = run;
    }
}

} // namespace

void findOrigins(const Snapshot &snap, std::vector<ProcessFacts> &facts, const TriageConfig &config,
    const Snapshot *previous, const std::vector<ProcessFacts> *previousFacts)
{
    static const std::string home = origin::homeDirectory();
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const Sample &s = snap.processes[i];
        ProcessFacts &f = facts[i];
        ProcessOrigin &o = f.origin;
        if (!fromSessionTool(snap, s, o) && !fromTerminal(snap, s, o) && !fromRun(snap, s, f, config, facts, o)
            && !fromSupervisor(f, o))
            fromSession(snap, s, o);
        if (o.owner == OwnerState::Reused) // the members of the earlier owner: a group of their own
            o.key += ":ended";
        // A session id or an owner pid is a string any process can carry: a group never joins two users.
        if (o.key != "kernel")
            o.key += s.uid ? '@' + std::to_string(*s.uid) : std::string("@?");
        if (o.kind != OriginKind::Unit && o.kind != OriginKind::Container
            && f.supervisorKind != SupervisorKind::ProcessManager && !f.supervisor.empty())
            o.unit = f.supervisor.substr(f.supervisor.find(':') + 1);
        findProject(s, home, o);
    }
    ownersByEscape(snap, facts);
    findLiveRuns(snap, facts, config);
    if (previous && previousFacts && previousFacts->size() == previous->processes.size())
        carryOver(snap, facts, *previous, *previousFacts);
    else
        for (ProcessFacts &f : facts)
            if (f.origin.owner == OwnerState::Alive)
                f.origin.ownerSeenAliveMs = snap.capturedAtMs;
}

std::vector<OriginGroup> groupByOrigin(const Snapshot &snap, const std::vector<ProcessFacts> &facts)
{
    std::vector<OriginGroup> groups;
    std::unordered_map<std::string_view, std::size_t> byKey;
    byKey.reserve(facts.size() / 4 + 8);
    std::vector<int> order(facts.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    // Oldest first, so a parent comes before the children it started.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return snap.processes[static_cast<std::size_t>(a)].id.startTicks
            < snap.processes[static_cast<std::size_t>(b)].id.startTicks;
    });
    for (int i : order) {
        const std::string &key = facts[static_cast<std::size_t>(i)].origin.key;
        auto [it, fresh] = byKey.try_emplace(key, groups.size());
        if (fresh)
            groups.push_back({key, {}});
        groups[it->second].members.push_back(i);
    }
    return groups;
}

Phrase originPhrase(const ProcessOrigin &o)
{
    // Named by tool and project, as a person would say it; a pid only where nothing else tells two
    // apart (the owner's phrase says its pid and whether it lives).
    const std::string id = o.sessionId.size() > 8 ? o.sessionId.substr(0, 8) + "…" : o.sessionId;
    const std::string &in = o.projectLabel;
    switch (o.kind) {
    case OriginKind::Agent:
        return id.empty() ? originSaid(QT_TRANSLATE_NOOP("Origins", "the %1 session"), {o.tool})
                          : originSaid(QT_TRANSLATE_NOOP("Origins", "the %1 session %2"), {o.tool, id});
    case OriginKind::Editor:
        if (!in.empty())
            return originSaid(QT_TRANSLATE_NOOP("Origins", "the %1 window on %2"), {o.tool, in});
        return o.ownerPid
            ? originSaid(QT_TRANSLATE_NOOP("Origins", "the %1 window (pid %2)"), {o.tool, std::to_string(o.ownerPid)})
            : originSaid(QT_TRANSLATE_NOOP("Origins", "a %1 terminal"), {o.tool});
    case OriginKind::Terminal:
        if (o.tool == "tmux" || o.tool == "screen")
            return in.empty()
                ? originSaid(QT_TRANSLATE_NOOP("Origins", "%1 session %2"), {o.tool, o.sessionId})
                : originSaid(QT_TRANSLATE_NOOP("Origins", "%1 session %2 in %3"), {o.tool, o.sessionId, in});
        if (o.tool == "ssh")
            return in.empty()
                ? originSaid(QT_TRANSLATE_NOOP("Origins", "an ssh login (session %1)"), {std::to_string(o.ownerPid)})
                : originSaid(QT_TRANSLATE_NOOP("Origins", "an ssh login in %1"), {in});
        return in.empty()
            ? originSaid(QT_TRANSLATE_NOOP("Origins", "a terminal (session %1)"), {std::to_string(o.ownerPid)})
            : originSaid(QT_TRANSLATE_NOOP("Origins", "a terminal in %1"), {in});
    case OriginKind::TestRun:
        return in.empty() ? originSaid(
                   QT_TRANSLATE_NOOP("Origins", "a %1 run (process group %2)"), {o.tool, std::to_string(o.ownerPid)})
                          : originSaid(QT_TRANSLATE_NOOP("Origins", "a %1 run in %2"), {o.tool, in});
    case OriginKind::Unit:
        return originSaid(QT_TRANSLATE_NOOP("Origins", "the unit %1"), {o.unit});
    case OriginKind::Container:
        return originSaid(QT_TRANSLATE_NOOP("Origins", "the container %1"), {o.unit});
    case OriginKind::Session:
        break;
    }
    if (o.key == "kernel")
        return originSaid(QT_TRANSLATE_NOOP("Origins", "the kernel"));
    if (o.tool.empty())
        return in.empty() ? originSaid(QT_TRANSLATE_NOOP("Origins", "session %1"), {std::to_string(o.ownerPid)})
                          : originSaid(QT_TRANSLATE_NOOP("Origins", "a session in %1"), {in});
    return in.empty() ? originSaid(QT_TRANSLATE_NOOP("Origins", "a %1 session"), {o.tool})
                      : originSaid(QT_TRANSLATE_NOOP("Origins", "a %1 session in %2"), {o.tool, in});
}

Phrase ownerPhrase(const ProcessOrigin &o, std::int64_t nowMs)
{
    switch (o.owner) {
    case OwnerState::Alive:
        return o.ownerPid ? originSaid(QT_TRANSLATE_NOOP("Origins", "alive (pid %1)"), {std::to_string(o.ownerPid)})
                          : originSaid(QT_TRANSLATE_NOOP("Origins", "alive"));
    case OwnerState::Reused:
        return originSaid(
            QT_TRANSLATE_NOOP("Origins", "ended; pid %1 now belongs to a newer process"), {std::to_string(o.ownerPid)});
    case OwnerState::Gone:
        if (o.ownerSeenAliveMs > 0 && nowMs > o.ownerSeenAliveMs)
            return originSaid(QT_TRANSLATE_NOOP("Origins", "ended (last seen alive %1 ago)"),
                {Phrase::duration(static_cast<double>(nowMs - o.ownerSeenAliveMs) / 1000.0)});
        return originSaid(QT_TRANSLATE_NOOP("Origins", "ended"));
    case OwnerState::Unknown:
        break;
    }
    return originSaid(QT_TRANSLATE_NOOP("Origins", "unknown"));
}

bool startedByOneGone(const ProcessOrigin &o, int pid)
{
    const bool named = o.kind == OriginKind::Agent || o.kind == OriginKind::Editor || o.kind == OriginKind::Terminal
        || o.kind == OriginKind::TestRun;
    return named && o.ownerPid != pid && origins::ownerGone(o.owner);
}

} // namespace ptriage
