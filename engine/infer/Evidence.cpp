#include "Evidence.h"
#include "PastContext.h"

#include "util/Format.h"

#include <cmath>

namespace ptriage {
namespace {

class Observer {
public:
    Observer(const Priors &p, std::vector<Observation> &out) : m_priors(p), m_out(out) { }

    void add(std::string_view termName, std::string_view bin, std::string detail, std::string_view table = {})
    {
        const std::string_view tableName = table.empty() ? termName : table;
        for (std::size_t t = 0; t < m_priors.terms.size(); ++t) {
            if (m_priors.terms[t].name == tableName) {
                m_out.push_back({static_cast<int>(t), m_priors.terms[t].binIndex(bin), std::string(termName),
                    std::move(detail), std::nullopt});
                return;
            }
        }
    }
    void unknown(std::string_view termName, std::string detail)
    {
        m_out.push_back({-1, -1, std::string(termName), std::move(detail), std::nullopt});
    }

private:
    const Priors &m_priors;
    std::vector<Observation> &m_out;
};

// What the terms of one process read.
struct Subject {
    const Snapshot &snap;
    const Priors &p;
    const std::string &over; // " over the last …" when rates have an interval
    const Sample &s;
    const ProcessFacts &f;
    const Category &cat;

    // Run as a service (a systemd unit, a container), a process has no terminal, init or the
    // runtime as its parent, and lives as long as the service: none of that says it was left behind.
    bool runAsService() const
    {
        return f.supervisorKind == SupervisorKind::SystemdUnit || f.supervisorKind == SupervisorKind::Container;
    }
    // An interactive kind (a dev server, a shell) normally has a terminal and a parent session.
    bool expectsTerminal() const { return cat.interactive && !runAsService(); }
};

// A zombie has exited: no CPU, I/O or other state to speak of.
void observeZombie(Observer &o)
{
    o.add("state", "Z", "zombie (Z): it has exited and waits for its parent to reap it");
}

void observeCpu(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    const auto &share = x.s.cpuShare;
    if (!share)
        o.unknown("cpu", "recent CPU unknown: no earlier sample of this process");
    else if (*share < p.cpuIdle)
        o.add("cpu", "idle", "no CPU" + x.over);
    else if (*share < p.cpuTrickle)
        // A trickle is what a timer or a poll costs, in a forgotten process as much as a used one.
        o.add("cpu", "trickle", "used " + formatPercent(*share) + " of a core" + x.over + " (a timer's trickle)");
    else
        o.add("cpu", *share < p.cpuBusy ? "low" : (*share < p.cpuSpinning ? "busy" : "spinning"),
            "used " + formatPercent(*share) + " of a core" + x.over);
}

// How long since it last ran, for a process that did not run in the interval: "no CPU in the
// last 0.1 s" says little, "has not run for 5 h" says much. Left out when it ran (the CPU term
// says so) and unknown when the scheduler does not tell (no CONFIG_SCHED_DEBUG, older captures).
void observeLastRan(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    if (x.s.cpuShare && *x.s.cpuShare >= p.cpuIdle)
        return;
    const auto &since = x.s.sinceLastRanSeconds;
    if (!since) {
        o.unknown("last_ran", "when it last ran is unknown: the scheduler's sched file is not available");
        return;
    }
    const char *bin = *since < p.lastRanMinutes ? "seconds"
        : *since < p.lastRanHours               ? "minutes"
        : *since < p.lastRanDays                ? "hours"
                                                : "days";
    o.add("last_ran", bin,
        *since < 1 ? std::string("ran within the last second")
                   : "has not run on a CPU for " + formatDuration(*since)
                + " (the scheduler's clock, which stops in suspend)");
}

// Whether a busy process gets anywhere: one that writes while it computes (checkpoints, logs,
// output) is working; one that burns CPU with no I/O at all is the stuck one.
void observeProgress(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    if (!x.s.cpuShare || *x.s.cpuShare < p.cpuBusy || !x.s.ioRate)
        return;
    if (*x.s.ioRate < p.ioIdle) {
        // A compiler or a computation may do no I/O for a while; hours of it is the stuck loop.
        if (x.f.ageSeconds >= p.sustainedMinAge && x.f.lifetimeCpuShare >= p.sustainedCpu)
            o.add("progress", "none",
                "busy with no I/O at all" + x.over + ", after " + formatDuration(x.f.ageSeconds) + " of busy life");
    } else if (x.f.deepKnown && !x.f.writableFiles.empty())
        o.add("progress", "writing",
            "busy and doing I/O (" + formatBytes(*x.s.ioRate)
                + "/s) with files open for writing: " + joinFirst(x.f.writableFiles, 2));
    else
        o.add("progress", "io", "busy and doing I/O (" + formatBytes(*x.s.ioRate) + "/s)");
}

// Only for processes old enough that their lifetime average means something.
void observeSustainedCpu(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    if (f.ageSeconds < x.p.sustainedMinAge)
        return;
    o.add("sustained_cpu", f.lifetimeCpuShare >= x.p.sustainedCpu ? "yes" : "no",
        "used " + formatDuration(f.lifetimeCpuShare * f.ageSeconds) + " of CPU time in " + formatDuration(f.ageSeconds)
            + " of life (" + formatPercent(f.lifetimeCpuShare) + " of a core)");
}

void observeIo(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    const auto &rate = x.s.ioRate;
    if (!rate)
        o.unknown("io",
            x.s.ioBytes ? "recent I/O unknown: no earlier sample of this process"
                        : "I/O unknown: its io file is not readable");
    else if (*rate < p.ioIdle)
        o.add("io", "none", "no I/O" + x.over);
    else
        o.add("io", *rate < p.ioHeavy ? "some" : "heavy", "read and wrote " + formatBytes(*rate) + "/s" + x.over);
}

// The scheduler state, other than zombie; unusual letters are not observed.
void observeState(Observer &o, const Subject &x)
{
    const Sample &s = x.s;
    switch (s.state) {
    case 'R':
        o.add("state", "R", "running (R)");
        break;
    case 'S':
        o.add("state", "S", "sleeping (S)");
        break;
    case 'D':
        o.add("state", "D",
            "in uninterruptible sleep (D)" + (s.deep && !s.deep->wchan.empty() ? " in " + s.deep->wchan : std::string())
                + ": no signal is delivered until the I/O finishes");
        break;
    case 'T':
    case 't':
        o.add("state", "T", "stopped (T)");
        break;
    case 'I':
        o.add("state", "I", "idle (I)");
        break;
    default:
        break;
    }
}

// Age against the category's expected lifetime, when it has one.
void observeAge(Observer &o, const Subject &x)
{
    const Category &cat = x.cat;
    if (!cat.expectedLifetimeSeconds)
        return;
    if (x.runAsService()) {
        o.unknown("age",
            formatDuration(x.f.ageSeconds) + " old; a service lives as long as " + x.f.supervisor
                + " keeps it running");
        return;
    }
    const Priors &p = x.p;
    const double ratio = x.f.ageSeconds / *cat.expectedLifetimeSeconds;
    const char *bin = ratio < p.agePast ? "within"
        : ratio < p.ageLongPast         ? "past"
        : ratio < p.ageFarPast          ? "long_past"
                                        : "far_past";
    o.add("age", bin,
        formatDuration(x.f.ageSeconds) + " old; a " + cat.label + " usually ends within "
            + formatDuration(*cat.expectedLifetimeSeconds));
}

void observeOrphan(Observer &o, const Subject &x)
{
    const Sample &s = x.s;
    const Sample *parent = x.snap.byPid(s.ppid);
    const std::string parentName = parent && parent->details ? parent->details->comm : std::string("?");
    // A worker (a pool's, a test run's) that outlives its parent waits for work that never comes.
    const char *orphanTable = x.expectsTerminal() || x.cat.worker ? "orphan_interactive" : "orphan_other";
    if (x.runAsService() && x.f.orphan != OrphanState::ParentAlive) {
        o.add("orphan", "parent_alive",
            "run by " + x.f.supervisor + ": its parent " + parentName + " (pid " + std::to_string(s.ppid)
                + ") manages it",
            orphanTable);
        return;
    }
    switch (s.ppid <= 0 ? OrphanState::ParentAlive : x.f.orphan) {
    case OrphanState::ParentAlive:
        if (s.ppid <= 0)
            break; // started by the kernel: no parent to speak of
        o.add("orphan", "parent_alive", "its parent " + parentName + " (pid " + std::to_string(s.ppid) + ") is alive",
            orphanTable);
        break;
    case OrphanState::Reparented:
        o.add("orphan", "reparented",
            "adopted by " + parentName + " (pid " + std::to_string(s.ppid) + "); its session leader is still there",
            orphanTable);
        break;
    case OrphanState::ReparentedSessionGone:
        o.add("orphan", "reparented_session_gone",
            "adopted by " + parentName + " (pid " + std::to_string(s.ppid) + ") and its session leader (pid "
                + std::to_string(s.session) + ") is gone",
            orphanTable);
        break;
    }
}

void observeTty(Observer &o, const Subject &x)
{
    const Category &cat = x.cat;
    const char *ttyTable = x.expectsTerminal() ? "tty_interactive" : "tty_other";
    switch (x.f.tty) {
    case TtyState::Foreground:
        o.add("tty", "foreground", "in the foreground of its terminal", ttyTable);
        break;
    case TtyState::Background:
        o.add("tty", "background", "in the background of its terminal", ttyTable);
        break;
    case TtyState::None:
        o.add("tty", "none",
            x.expectsTerminal()   ? "no controlling terminal, though a " + cat.label + " normally has one"
                : cat.interactive ? "no controlling terminal, as expected of a service (" + x.f.supervisor + ")"
                                  : std::string("no controlling terminal"),
            ttyTable);
        break;
    }
}

void observeSockets(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    if (!f.deepKnown)
        o.unknown("sockets", "sockets unknown: its open files could not be read");
    else if (!f.listeners.empty() && f.clients > 0)
        o.add("sockets", "serving",
            "listens on " + joinFirst(f.listeners, 3) + " and " + std::to_string(f.clients) + " client connection"
                + (f.clients > 1 ? "s are" : " is") + " open");
    else if (!f.listeners.empty())
        o.add("sockets", "listening", "listens on " + joinFirst(f.listeners, 3) + "; no client is connected");
    else if (f.established > 0)
        o.add("sockets", "established",
            std::to_string(f.established) + " open network connection" + (f.established > 1 ? "s" : ""));
    else
        o.add("sockets", "none", "no listening socket and no network connection");
}

// Left out when its fds were not read: the sockets term already says they are unknown.
void observeWritingFiles(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    if (!f.deepKnown)
        return;
    o.add("writing_files", f.writableFiles.empty() ? "no" : "yes",
        f.writableFiles.empty() ? std::string("no files open for writing")
                                : "files open for writing: " + joinFirst(f.writableFiles, 3));
}

void observeSupervisor(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    switch (f.supervisorKind) {
    case SupervisorKind::SystemdUnit:
        o.add("supervisor", "systemd_unit", "managed by " + f.supervisor);
        break;
    case SupervisorKind::Container:
        o.add("supervisor", "container", "runs in " + f.supervisor);
        break;
    case SupervisorKind::ProcessManager:
        o.add("supervisor", "process_manager", "managed by " + f.supervisor);
        break;
    case SupervisorKind::None:
        o.add("supervisor", "none", "no supervisor");
        break;
    }
}

void observeIntent(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    switch (f.intent) {
    case IntentKind::Multiplexer:
        o.add("intent", "multiplexer", f.intentDetail);
        break;
    case IntentKind::RecentTty:
        o.add("intent", "recent_tty", f.intentDetail);
        break;
    case IntentKind::Ssh:
        o.add("intent", "ssh", f.intentDetail);
        break;
    case IntentKind::None:
        // Without its environment a tmux pane or an ssh session may go unseen: unknown, not none.
        if (x.s.details && !x.s.details->environRead)
            o.unknown("intent",
                "no sign of a person in its ancestry or terminal, but its environment (TMUX, SSH_CONNECTION) could "
                "not be read");
        else
            o.add("intent", "none", "no sign of a person using it (no tmux/screen, no recent terminal input, no ssh)");
        break;
    }
}

void observeCwdDeleted(Observer &o, const Subject &x)
{
    if (!x.f.cwdDeleted)
        return;
    o.add("cwd_deleted", "yes",
        "its working directory " + (x.s.details ? x.s.details->cwd : std::string()) + " was deleted");
}

// "4", "2.5": decayed counts, whole when they are.
std::string formatCount(double v)
{
    const double r = std::round(v * 10) / 10;
    char buf[32];
    std::snprintf(buf, sizeof buf, std::fabs(r - std::round(r)) < 0.05 ? "%.0f" : "%.1f", r);
    return buf;
}

std::string joinedCommand(const Sample &s)
{
    std::string out;
    if (!s.details)
        return out;
    for (std::size_t a = 0; a < s.details->cmdline.size(); ++a) {
        if (a)
            out += '\0';
        out += s.details->cmdline[a];
    }
    return out;
}

// What the person decided about processes like this one before. Absent when nothing matches.
void observePastDecisions(std::vector<Observation> &out, const Sample &s, const PastContext &past)
{
    if (past.patterns.empty() || s.state == 'Z')
        return;
    const auto m = past.patterns.lookup(joinedCommand(s));
    if (!m)
        return;
    const double lo = past.patterns.logOdds(*m) / 2;
    std::string detail = "you ended " + formatCount(m->kills + m->respawned) + " and spared " + formatCount(m->spares)
        + " processes like `" + m->pattern + "` (" + jsonName(m->level) + ")";
    if (m->respawned > 0)
        detail += "; " + formatCount(m->respawned) + " of those ended came right back, which counts against ending";
    out.push_back({-1, -1, "past_decisions", std::move(detail), ClassVector{-lo, -lo, lo, lo}});
}

// Memory that only grew across the saved sessions of this boot, and is higher still now.
void observeLeaking(Observer &o, const Sample &s, const PastContext &past, const LeakParams &leak)
{
    auto it = past.rssSeries.find(s.id);
    if (it == past.rssSeries.end())
        return;
    const auto &series = it->second;
    const auto n = static_cast<int>(series.size());
    if (n < leak.minSessions) {
        o.unknown("leaking",
            "memory across sessions unknown: in " + std::to_string(n) + " saved session" + (n == 1 ? "" : "s")
                + " of this boot, " + std::to_string(leak.minSessions) + " needed");
        return;
    }
    std::string trail;
    bool grew = true;
    for (int k = 0; k < n; ++k) {
        trail += formatBytes(static_cast<double>(series[static_cast<std::size_t>(k)])) + " → ";
        const std::uint64_t next = k + 1 < n ? series[static_cast<std::size_t>(k + 1)] : s.rssBytes;
        grew = grew && next > series[static_cast<std::size_t>(k)];
    }
    trail += "now " + formatBytes(static_cast<double>(s.rssBytes));
    const double first = static_cast<double>(series.front());
    const double growth = static_cast<double>(s.rssBytes) - first;
    if (grew && growth >= leak.minGrowthBytes && growth >= leak.minGrowthRatio * first)
        o.add("leaking", "yes",
            "memory grew in each of the last " + std::to_string(n) + " saved sessions and since: " + trail);
    else
        o.add("leaking", "no",
            std::string(grew ? "memory grew only a little" : "memory did not only grow") + " across the last "
                + std::to_string(n) + " saved sessions: " + trail);
}

} // namespace

std::vector<std::vector<Observation>> observe(
    const Snapshot &snap, const std::vector<ProcessFacts> &facts, const TriageConfig &config, const PastContext *past)
{
    std::vector<std::vector<Observation>> all(snap.processes.size());
    const std::string over
        = snap.intervalSeconds ? " over the last " + formatDuration(*snap.intervalSeconds) : std::string();
    for (std::size_t i = 0; i < snap.processes.size(); ++i) {
        const ProcessFacts &f = facts[i];
        const Subject x{snap, config.priors, over, snap.processes[i], f,
            config.signatures.categories[static_cast<std::size_t>(f.category)]};
        Observer o(config.priors, all[i]);
        if (x.s.state == 'Z') {
            observeZombie(o);
        } else {
            observeCpu(o, x);
            observeLastRan(o, x);
            observeSustainedCpu(o, x);
            observeIo(o, x);
            observeProgress(o, x);
            observeState(o, x);
        }
        observeAge(o, x);
        observeOrphan(o, x);
        observeTty(o, x);
        observeSockets(o, x);
        observeWritingFiles(o, x);
        observeSupervisor(o, x);
        observeIntent(o, x);
        observeCwdDeleted(o, x);
        if (past) {
            if (x.s.state != 'Z')
                observeLeaking(o, x.s, *past, config.priors.leak);
            observePastDecisions(all[i], x.s, *past);
        }
    }
    return all;
}

} // namespace ptriage
