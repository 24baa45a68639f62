#include "Evidence.h"
#include "PastContext.h"
#include "ProcessOrigin.h"
#include "config/EvidenceTerms.h"

#include "util/Format.h"

#include <QCoreApplication>

#include <cmath>

namespace ptriage {
namespace {

Phrase ev(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("Evidence", source, std::move(args));
}

// Where each evidence table is in priors.json's terms, found once per scan, not per observation.
using TermIndex = std::array<int, kEvidenceTables.size()>;

TermIndex termIndexOf(const Priors &p)
{
    TermIndex index;
    index.fill(-1);
    for (std::size_t k = 0; k < kEvidenceTables.size(); ++k)
        for (std::size_t t = 0; t < p.terms.size() && index[k] < 0; ++t)
            if (p.terms[t].name == kEvidenceTables[k].name)
                index[k] = static_cast<int>(t);
    return index;
}

// The terms of one process. A term's sentence is made only when sentences are wanted (its ledger):
// for the whole table at every refresh, most of the evidence's time went into sentences no one read.
class Observer {
public:
    Observer(const Priors &p, const TermIndex &index, std::vector<Observation> &out, bool sentences)
        : m_priors(p), m_index(index), m_out(out), m_sentences(sentences)
    { }

    // The loader checked that priors.json has every table of kEvidenceTables with all its bins.
    template<typename MakeDetail> void add(EvidenceTable table, std::string_view bin, MakeDetail &&detail)
    {
        const int t = m_index[static_cast<std::size_t>(table)];
        if (t < 0)
            return;
        m_out.push_back({t, m_priors.terms[static_cast<std::size_t>(t)].binIndex(bin), evidenceTable(table).term,
            m_sentences ? std::make_shared<const Phrase>(detail()) : nullptr, nullptr});
    }
    template<typename MakeDetail> void unknown(EvidenceTable table, MakeDetail &&detail)
    {
        m_out.push_back({-1, -1, evidenceTable(table).term,
            m_sentences ? std::make_shared<const Phrase>(detail()) : nullptr, nullptr});
    }

private:
    const Priors &m_priors;
    const TermIndex &m_index;
    std::vector<Observation> &m_out;
    const bool m_sentences;
};

// What the terms of one process read.
struct Subject {
    const Snapshot &snap;
    const Priors &p;
    const Phrase &over; // " over the last …" when rates have an interval
    // When a steady rate is not the interval's own (Sample::cpuSteady): a one-shot's interval filled with
    // the lifetime average, or a refresh's rate smoothed over about half a minute.
    const Phrase &overLife;
    const Phrase &overRecent;
    const Sample &s;
    const ProcessFacts &f;
    const Category &cat;

    // Run as a service (a systemd unit, a container), a process has no terminal, init or the
    // runtime as its parent, and lives as long as the service: none of that says it was left behind.
    bool runAsService() const
    {
        return f.supervisorKind == SupervisorKind::SystemdUnit || f.supervisorKind == SupervisorKind::Container;
    }
    // The rates the evidence reads: steady ones (Sample::cpuSteady) where the collector has them.
    const std::optional<double> &cpu() const { return s.cpuSteady ? s.cpuSteady : s.cpuShare; }
    const std::optional<double> &io() const { return s.ioSteady ? s.ioSteady : s.ioRate; }
    // Over what a steady rate was read, in words.
    const Phrase &overOf(const std::optional<double> &steady, const std::optional<double> &raw) const
    {
        if (!steady || !raw)
            return over;
        return s.steadyFrom == Sample::SteadyFrom::Life     ? overLife
            : s.steadyFrom == Sample::SteadyFrom::Refreshes ? overRecent
                                                            : over;
    }
    // What started it is gone: adopted with its session gone, or its agent, editor, terminal or test run ended.
    bool ownerGone() const
    {
        return f.orphan == OrphanState::ReparentedSessionGone || startedByOneGone(f.origin, s.id.pid);
    }
    // An interactive kind (a dev server, a shell) normally has a terminal and a parent session.
    bool expectsTerminal() const { return cat.interactive && !runAsService(); }
};

// A zombie has exited: no CPU, I/O or other state to speak of.
void observeZombie(Observer &o)
{
    o.add(EvidenceTable::State, "Z", [&] {
        return ev(QT_TRANSLATE_NOOP("Evidence", "zombie (Z): it has exited and waits for its parent to reap it"));
    });
}

// Under a run that still runs (ProcessFacts::liveRun), a test or build tool's CPU is read in its own
// table: busy is the run's work, not a loop that went wrong.
void observeCpu(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    const auto &share = x.cpu();
    const Phrase &overCpu = x.overOf(x.s.cpuSteady, x.s.cpuShare);
    const EvidenceTable table = x.f.liveRun >= 0 ? EvidenceTable::CpuInRun : EvidenceTable::Cpu;
    if (!share)
        o.unknown(table,
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "recent CPU unknown: no earlier sample of this process")); });
    else if (*share < p.cpuIdle)
        o.add(table, "idle", [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "no CPU%1"), {overCpu}); });
    else if (*share < p.cpuTrickle)
        // A trickle is what a timer or a poll costs, in a forgotten process as much as a used one.
        o.add(table, "trickle", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "used %1 of a core%2 (a timer's trickle)"),
                {Phrase::percent(*share), overCpu});
        });
    else
        o.add(table, *share < p.cpuBusy ? "low" : (*share < p.cpuSpinning ? "busy" : "spinning"), [&] {
            if (x.f.liveRun < 0)
                return ev(QT_TRANSLATE_NOOP("Evidence", "used %1 of a core%2"), {Phrase::percent(*share), overCpu});
            const Sample &run = x.snap.processes[static_cast<std::size_t>(x.f.liveRun)];
            return ev(QT_TRANSLATE_NOOP("Evidence", "used %1 of a core%2, at work for %3 (pid %4), which still runs"),
                {Phrase::percent(*share), overCpu, run.details ? run.details->comm : run.comm,
                    std::to_string(run.id.pid)});
        });
}

const char *lastRanBin(const Priors &p, double seconds)
{
    return seconds < p.lastRanMinutes ? "seconds"
        : seconds < p.lastRanHours    ? "minutes"
        : seconds < p.lastRanDays     ? "hours"
                                      : "days";
}

// How long since it last ran, for a process that did not run in the interval: "no CPU in the
// last 0.1 s" says little, "has not run for 5 h" says much. Left out when it ran (the CPU term
// says so) and unknown when the scheduler does not tell (no CONFIG_SCHED_DEBUG, older captures).
void observeLastRan(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    if (x.cpu() && *x.cpu() >= p.cpuIdle)
        return;
    const auto &since = x.s.sinceLastRanSeconds;
    const ProcessFacts &f = x.f;
    if (!since && f.ageSeconds >= p.lastRanMinutes && f.lifetimeCpuShare < p.idleLifeCpuShare) {
        // Without the scheduler's clock, a life with almost no CPU says it as well: it has hardly run
        // since it started, so its age stands for how long since it last ran.
        o.add(EvidenceTable::LastRan, lastRanBin(p, f.ageSeconds), [&] {
            return ev(
                QT_TRANSLATE_NOOP("Evidence",
                    "used %1 of CPU in %2 of life: it has hardly run since it started (the scheduler does not say "
                    "when it last ran)"),
                {Phrase::duration(f.lifetimeCpuShare * f.ageSeconds), Phrase::duration(f.ageSeconds)});
        });
        return;
    }
    if (!since) {
        o.unknown(EvidenceTable::LastRan, [&] {
            return ev(QT_TRANSLATE_NOOP(
                "Evidence", "when it last ran is unknown: the scheduler's sched file is not available"));
        });
        return;
    }
    o.add(EvidenceTable::LastRan, lastRanBin(p, *since), [&] {
        return *since < 1 ? ev(QT_TRANSLATE_NOOP("Evidence", "ran within the last second"))
                          : ev(QT_TRANSLATE_NOOP("Evidence",
                                   "has not run on a CPU for %1 (the scheduler's clock, which stops in suspend)"),
                              {Phrase::duration(*since)});
    });
}

// Whether a busy process gets anywhere: one that writes while it computes (checkpoints, logs,
// output) is working; one that burns CPU with no I/O at all is the stuck one.
void observeProgress(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    if (!x.cpu() || *x.cpu() < p.cpuBusy || !x.io())
        return;
    if (*x.io() < p.ioIdle) {
        // A compiler or a computation may do no I/O for a while; hours of it is the stuck loop.
        if (x.f.ageSeconds >= p.sustainedMinAge && x.f.lifetimeCpuShare >= p.sustainedCpu)
            o.add(EvidenceTable::Progress, "none", [&] {
                return ev(QT_TRANSLATE_NOOP("Evidence", "busy with no I/O at all%1, after %2 of busy life"),
                    {x.overOf(x.s.ioSteady, x.s.ioRate), Phrase::duration(x.f.ageSeconds)});
            });
    } else if (x.f.deepKnown && !x.f.writableFiles.empty())
        o.add(EvidenceTable::Progress, "writing", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "busy and doing I/O (%1/s) with files open for writing: %2"),
                {Phrase::bytes(*x.io()), joinFirst(x.f.writableFiles, 2)});
        });
    else
        o.add(EvidenceTable::Progress, "io",
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "busy and doing I/O (%1/s)"), {Phrase::bytes(*x.io())}); });
}

// Only for processes old enough that their lifetime average means something.
void observeSustainedCpu(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    if (f.ageSeconds < x.p.sustainedMinAge)
        return;
    o.add(EvidenceTable::SustainedCpu, f.lifetimeCpuShare >= x.p.sustainedCpu ? "yes" : "no", [&] {
        return ev(QT_TRANSLATE_NOOP("Evidence", "used %1 of CPU time in %2 of life (%3 of a core)"),
            {Phrase::duration(f.lifetimeCpuShare * f.ageSeconds), Phrase::duration(f.ageSeconds),
                Phrase::percent(f.lifetimeCpuShare)});
    });
}

void observeIo(Observer &o, const Subject &x)
{
    const Priors &p = x.p;
    const auto &rate = x.io();
    const Phrase &overIo = x.overOf(x.s.ioSteady, x.s.ioRate);
    if (!rate)
        o.unknown(EvidenceTable::Io, [&] {
            return x.s.ioBytes
                ? ev(QT_TRANSLATE_NOOP("Evidence", "recent I/O unknown: no earlier sample of this process"))
                : ev(QT_TRANSLATE_NOOP("Evidence", "I/O unknown: its io file is not readable"));
        });
    else if (*rate < p.ioIdle)
        o.add(EvidenceTable::Io, "none", [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "no I/O%1"), {overIo}); });
    else
        o.add(EvidenceTable::Io, *rate < p.ioHeavy ? "some" : "heavy", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "read and wrote %1/s%2"), {Phrase::bytes(*rate), overIo});
        });
}

// The scheduler state, other than zombie; unusual letters are not observed. Running or sleeping is
// one instant's sample of what the CPU term measures over the interval: where that measure exists,
// only "running or sleeping" (alive, not a zombie) is counted, or a poller caught mid-run (or a busy
// one caught asleep) flips its verdict.
void observeState(Observer &o, const Subject &x)
{
    const Sample &s = x.s;
    switch (s.state) {
    case 'R':
    case 'S':
        if (x.cpu())
            o.add(EvidenceTable::State, "RS", [&] {
                return ev(s.state == 'R'
                        ? QT_TRANSLATE_NOOP("Evidence", "running (R) at the instant of the sample; the CPU%1 says more")
                        : QT_TRANSLATE_NOOP(
                            "Evidence", "sleeping (S) at the instant of the sample; the CPU%1 says more"),
                    {x.overOf(x.s.cpuSteady, x.s.cpuShare)});
            });
        else if (s.state == 'R')
            o.add(EvidenceTable::State, "R", [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "running (R)")); });
        else
            o.add(EvidenceTable::State, "S", [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "sleeping (S)")); });
        break;
    case 'D':
        o.add(EvidenceTable::State, "D", [&] {
            return s.deep && !s.deep->wchan.empty()
                ? ev(QT_TRANSLATE_NOOP("Evidence",
                         "in uninterruptible sleep (D) in %1: no signal is delivered until the I/O finishes"),
                    {s.deep->wchan})
                : ev(QT_TRANSLATE_NOOP(
                    "Evidence", "in uninterruptible sleep (D): no signal is delivered until the I/O finishes"));
        });
        break;
    case 'T':
    case 't':
        o.add(EvidenceTable::State, "T", [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "stopped (T)")); });
        break;
    case 'I':
        o.add(EvidenceTable::State, "I", [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "idle (I)")); });
        break;
    default:
        break;
    }
}

// Age against the category's expected lifetime, when it has one.
void observeAge(Observer &o, const Subject &x)
{
    const Category &cat = x.cat;
    const bool guessed = !cat.expectedLifetimeSeconds && cat.typicalLifetimeSeconds;
    if (!cat.expectedLifetimeSeconds && !guessed)
        return;
    if (x.runAsService()) {
        o.unknown(EvidenceTable::Age, [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "%1 old; a service lives as long as %2 keeps it running"),
                {Phrase::duration(x.f.ageSeconds), x.f.supervisor});
        });
        return;
    }
    const Priors &p = x.p;
    const double life = guessed ? *cat.typicalLifetimeSeconds : *cat.expectedLifetimeSeconds;
    const double ratio = x.f.ageSeconds / life;
    const char *bin = ratio < p.agePast ? "within"
        : ratio < p.ageLongPast         ? "past"
        : ratio < p.ageFarPast          ? "long_past"
                                        : "far_past";
    // A kind's long expected life says little once what started the process is gone (a shell of a
    // closed terminal, a language server of an ended editor): past it counts, within it does not.
    if (ratio < p.agePast && x.ownerGone()) {
        o.unknown(EvidenceTable::Age, [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence",
                          "%1 old, within the usual life of a %2 (%3); that says little once what started it is gone"),
                {Phrase::duration(x.f.ageSeconds),
                    guessed ? ev(QT_TRANSLATE_NOOP("Evidence", "program of no known kind")) : cat.word(),
                    Phrase::duration(life)});
        });
        return;
    }
    if (guessed) {
        o.add(EvidenceTable::AgeUnknownKind, bin, [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "%1 old; a program of no known kind typically ends within %2"),
                {Phrase::duration(x.f.ageSeconds), Phrase::duration(life)});
        });
        return;
    }
    o.add(EvidenceTable::Age, bin, [&] {
        return ev(QT_TRANSLATE_NOOP("Evidence", "%1 old; a %2 usually ends within %3"),
            {Phrase::duration(x.f.ageSeconds), cat.word(), Phrase::duration(*cat.expectedLifetimeSeconds)});
    });
}

void observeOrphan(Observer &o, const Subject &x)
{
    const Sample &s = x.s;
    const Sample *parent = x.snap.byPid(s.ppid);
    const std::string parentName = parent && parent->details ? parent->details->comm : std::string("?");
    // A worker (a pool's, a test run's) that outlives its parent waits for work that never comes.
    const EvidenceTable orphanTable
        = x.expectsTerminal() || x.cat.worker ? EvidenceTable::OrphanInteractive : EvidenceTable::OrphanOther;
    if (x.runAsService() && x.f.orphan != OrphanState::ParentAlive) {
        o.add(orphanTable, "parent_alive", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "run by %1: its parent %2 (pid %3) manages it"),
                {x.f.supervisor, parentName, std::to_string(s.ppid)});
        });
        return;
    }
    switch (s.ppid <= 0 ? OrphanState::ParentAlive : x.f.orphan) {
    case OrphanState::ParentAlive:
        if (s.ppid <= 0)
            break; // started by the kernel: no parent to speak of
        o.add(orphanTable, "parent_alive", [&] {
            return ev(
                QT_TRANSLATE_NOOP("Evidence", "its parent %1 (pid %2) is alive"), {parentName, std::to_string(s.ppid)});
        });
        break;
    case OrphanState::Reparented:
        o.add(orphanTable, "reparented", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "adopted by %1 (pid %2); its session leader is still there"),
                {parentName, std::to_string(s.ppid)});
        });
        break;
    case OrphanState::ReparentedSessionGone:
        if (x.f.orphanedAncestor >= 0) {
            const Sample &left = x.snap.processes[static_cast<std::size_t>(x.f.orphanedAncestor)];
            o.add(orphanTable, "reparented_session_gone", [&] {
                return ev(QT_TRANSLATE_NOOP("Evidence",
                              "its parent %1 (pid %2) is alive, but %3 (pid %4) above it was left behind: adopted, its "
                              "session leader (pid %5) gone"),
                    {parentName, std::to_string(s.ppid), left.details ? left.details->comm : std::string("?"),
                        std::to_string(left.id.pid), std::to_string(left.session)});
            });
            break;
        }
        o.add(orphanTable, "reparented_session_gone", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "adopted by %1 (pid %2) and its session leader (pid %3) is gone"),
                {parentName, std::to_string(s.ppid), std::to_string(s.session)});
        });
        break;
    }
}

void observeTty(Observer &o, const Subject &x)
{
    const Category &cat = x.cat;
    const EvidenceTable ttyTable = x.expectsTerminal() ? EvidenceTable::TtyInteractive : EvidenceTable::TtyOther;
    switch (x.f.tty) {
    case TtyState::Foreground:
        o.add(ttyTable, "foreground",
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "in the foreground of its terminal")); });
        break;
    case TtyState::Background:
        o.add(ttyTable, "background",
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "in the background of its terminal")); });
        break;
    case TtyState::None:
        o.add(ttyTable, "none", [&] {
            return x.expectsTerminal()
                ? ev(QT_TRANSLATE_NOOP("Evidence", "no controlling terminal, though a %1 normally has one"),
                    {cat.word()})
                : cat.interactive
                ? ev(QT_TRANSLATE_NOOP("Evidence", "no controlling terminal, as expected of a service (%1)"),
                    {x.f.supervisor})
                : ev(QT_TRANSLATE_NOOP("Evidence", "no controlling terminal"));
        });
        break;
    }
}

void observeSockets(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    if (!f.deepKnown)
        o.unknown(EvidenceTable::Sockets,
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "sockets unknown: its open files could not be read")); });
    else if (!f.listeners.empty() && f.clients > 0)
        o.add(EvidenceTable::Sockets, "serving", [&] {
            return f.clients > 1 ? ev(QT_TRANSLATE_NOOP("Evidence", "listens on %1 and %2 client connections are open"),
                       {joinFirst(f.listeners, 3), std::to_string(f.clients)})
                                 : ev(QT_TRANSLATE_NOOP("Evidence", "listens on %1 and 1 client connection is open"),
                                     {joinFirst(f.listeners, 3)});
        });
    else if (f.servedRecently())
        o.add(EvidenceTable::Sockets, "serving", [&] {
            return f.closedRecently > 1
                ? ev(QT_TRANSLATE_NOOP("Evidence", "listens on %1; %2 connections to it ended within the last minute"),
                    {joinFirst(f.listeners, 3), std::to_string(f.closedRecently)})
                : ev(QT_TRANSLATE_NOOP("Evidence", "listens on %1; 1 connection to it ended within the last minute"),
                    {joinFirst(f.listeners, 3)});
        });
    else if (!f.listeners.empty())
        o.add(EvidenceTable::Sockets, "listening", [&] {
            return ev(
                QT_TRANSLATE_NOOP("Evidence", "listens on %1; no client is connected"), {joinFirst(f.listeners, 3)});
        });
    else if (f.established > 0)
        o.add(EvidenceTable::Sockets, "established", [&] {
            return f.established > 1
                ? ev(QT_TRANSLATE_NOOP("Evidence", "%1 open network connections"), {std::to_string(f.established)})
                : ev(QT_TRANSLATE_NOOP("Evidence", "1 open network connection"));
        });
    else
        o.add(EvidenceTable::Sockets, "none",
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "no listening socket and no network connection")); });
}

// Left out when its fds were not read: the sockets term already says they are unknown.
void observeWritingFiles(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    if (!f.deepKnown)
        return;
    o.add(EvidenceTable::WritingFiles, f.writableFiles.empty() ? "no" : "yes", [&] {
        return f.writableFiles.empty()
            ? ev(QT_TRANSLATE_NOOP("Evidence", "no files open for writing"))
            : ev(QT_TRANSLATE_NOOP("Evidence", "files open for writing: %1"), {joinFirst(f.writableFiles, 3)});
    });
}

void observeSupervisor(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    switch (f.supervisorKind) {
    case SupervisorKind::SystemdUnit:
        o.add(EvidenceTable::Supervisor, "systemd_unit",
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "managed by %1"), {f.supervisor}); });
        break;
    case SupervisorKind::Container:
        o.add(EvidenceTable::Supervisor, "container",
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "runs in %1"), {f.supervisor}); });
        break;
    case SupervisorKind::ProcessManager:
        o.add(EvidenceTable::Supervisor, "process_manager",
            [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "managed by %1"), {f.supervisor}); });
        break;
    case SupervisorKind::None:
        o.add(EvidenceTable::Supervisor, "none", [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "no supervisor")); });
        break;
    }
}

void observeIntent(Observer &o, const Subject &x)
{
    const ProcessFacts &f = x.f;
    switch (f.intent) {
    case IntentKind::Multiplexer:
        o.add(EvidenceTable::Intent, "multiplexer", [&] { return f.intentDetail; });
        break;
    case IntentKind::RecentTty:
        o.add(EvidenceTable::Intent, "recent_tty", [&] { return f.intentDetail; });
        break;
    case IntentKind::Ssh:
        o.add(EvidenceTable::Intent, "ssh", [&] { return f.intentDetail; });
        break;
    case IntentKind::None:
        // Without its environment a tmux pane or an ssh session may go unseen: unknown, not none.
        if (x.s.details && !x.s.details->environRead)
            o.unknown(EvidenceTable::Intent, [&] {
                return ev(QT_TRANSLATE_NOOP("Evidence",
                    "no sign of a person in its ancestry or terminal, but its environment (TMUX, SSH_CONNECTION) could "
                    "not be read"));
            });
        else
            o.add(EvidenceTable::Intent, "none", [&] {
                return ev(QT_TRANSLATE_NOOP(
                    "Evidence", "no sign of a person using it (no tmux/screen, no recent terminal input, no ssh)"));
            });
        break;
    }
}

// Who started it, and whether that one is still there. A terminal's own shell, a unit, a container and a
// bare login session name no owner apart from the process (their terms are tty, intent, supervisor).
void observeOwner(Observer &o, const Subject &x)
{
    using origins::OriginKind;
    const ProcessOrigin &origin = x.f.origin;
    // A live terminal is the tty and intent terms' evidence already; only its end is news here.
    const bool liveTerminal = origin.kind == OriginKind::Terminal && origin.owner == origins::OwnerState::Alive;
    const bool named = origin.kind == OriginKind::Agent || origin.kind == OriginKind::Editor
        || origin.kind == OriginKind::Terminal || origin.kind == OriginKind::TestRun;
    if (liveTerminal && origin.ownerPid != x.s.id.pid) {
        o.add(EvidenceTable::Owner, "none", [&] {
            return ev(
                QT_TRANSLATE_NOOP("Evidence", "started in %1, which is still there (the terminal terms weigh that)"),
                {originPhrase(origin)});
        });
        return;
    }
    if (!named || origin.ownerPid == x.s.id.pid) {
        if (x.s.details && !x.s.details->environRead)
            o.unknown(EvidenceTable::Owner, [&] {
                return ev(QT_TRANSLATE_NOOP("Evidence",
                    "what started it is not known: its environment (the session variables) could not be read"));
            });
        else
            o.add(EvidenceTable::Owner, "none",
                [&] { return ev(QT_TRANSLATE_NOOP("Evidence", "no agent, editor, terminal or test run started it")); });
        return;
    }
    if (origin.owner == origins::OwnerState::Unknown) {
        o.unknown(EvidenceTable::Owner, [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "started by %1; whether it is still there is not known"),
                {originPhrase(origin)});
        });
    } else if (origins::ownerGone(origin.owner)) {
        o.add(EvidenceTable::Owner, "gone", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "started by %1, which has %2"),
                {originPhrase(origin), ownerPhrase(origin, x.snap.capturedAtMs)});
        });
    } else {
        o.add(EvidenceTable::Owner, "alive", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "started by %1, which is still there"), {originPhrase(origin)});
        });
    }
}

void observeCwdDeleted(Observer &o, const Subject &x)
{
    if (!x.f.cwdDeleted)
        return;
    o.add(EvidenceTable::CwdDeleted, "yes", [&] {
        return ev(QT_TRANSLATE_NOOP("Evidence", "its working directory %1 was deleted"),
            {x.s.details ? x.s.details->cwd : std::string()});
    });
}

// "4", "2.5": decayed counts, whole when they are.
Phrase formatCount(double v)
{
    const double r = std::round(v * 10) / 10;
    return Phrase::number(r, std::fabs(r - std::round(r)) < 0.05 ? 0 : 1);
}

const std::vector<std::string> kNoArgv;

// What the person decided about processes like this one before. Absent when nothing matches.
void observePastDecisions(std::vector<Observation> &out, const Sample &s, const PastContext &past, bool sentences)
{
    if (past.patterns.empty() || s.state == 'Z')
        return;
    const auto m = past.patterns.lookup(s.details ? s.details->cmdline : kNoArgv);
    if (!m)
        return;
    const double lo = past.patterns.logOdds(*m) / 2;
    auto likelihood = std::make_shared<const ClassVector>(ClassVector{-lo, -lo, lo, lo});
    if (!sentences) {
        out.push_back({-1, -1, kPastDecisionsTerm, nullptr, std::move(likelihood)});
        return;
    }
    const std::vector<Phrase> args{
        formatCount(m->kills + m->respawned), formatCount(m->spares), m->pattern, word(m->level)};
    Phrase detail = m->respawned > 0
        ? ev(QT_TRANSLATE_NOOP("Evidence",
                 "you ended %1 and spared %2 processes like `%3` (%4); %5 of those ended came right back, which "
                 "counts against ending"),
            {args[0], args[1], args[2], args[3], formatCount(m->respawned)})
        : ev(QT_TRANSLATE_NOOP("Evidence", "you ended %1 and spared %2 processes like `%3` (%4)"), args);
    out.push_back(
        {-1, -1, kPastDecisionsTerm, std::make_shared<const Phrase>(std::move(detail)), std::move(likelihood)});
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
        o.unknown(EvidenceTable::Leaking, [&] {
            return n == 1 ? ev(QT_TRANSLATE_NOOP("Evidence",
                                   "memory across sessions unknown: in 1 saved session of this boot, %1 needed"),
                       {std::to_string(leak.minSessions)})
                          : ev(QT_TRANSLATE_NOOP("Evidence",
                                   "memory across sessions unknown: in %1 saved sessions of this boot, %2 needed"),
                              {std::to_string(n), std::to_string(leak.minSessions)});
        });
        return;
    }
    Phrase trail;
    bool grew = true;
    for (int k = 0; k < n; ++k) {
        trail = Phrase(
            "Format", "%1%2 → ", {trail, Phrase::bytes(static_cast<double>(series[static_cast<std::size_t>(k)]))});
        const std::uint64_t next = k + 1 < n ? series[static_cast<std::size_t>(k + 1)] : s.rssBytes;
        grew = grew && next > series[static_cast<std::size_t>(k)];
    }
    const Phrase trailNow
        = ev(QT_TRANSLATE_NOOP("Evidence", "%1now %2"), {trail, Phrase::bytes(static_cast<double>(s.rssBytes))});
    const double first = static_cast<double>(series.front());
    const double growth = static_cast<double>(s.rssBytes) - first;
    if (grew && growth >= leak.minGrowthBytes && growth >= leak.minGrowthRatio * first)
        o.add(EvidenceTable::Leaking, "yes", [&] {
            return ev(QT_TRANSLATE_NOOP("Evidence", "memory grew in each of the last %1 saved sessions and since: %2"),
                {std::to_string(n), trailNow});
        });
    else
        o.add(EvidenceTable::Leaking, "no", [&] {
            return grew
                ? ev(QT_TRANSLATE_NOOP("Evidence", "memory grew only a little across the last %1 saved sessions: %2"),
                    {std::to_string(n), trailNow})
                : ev(QT_TRANSLATE_NOOP("Evidence", "memory did not only grow across the last %1 saved sessions: %2"),
                    {std::to_string(n), trailNow});
        });
}

} // namespace

namespace {

// " over the last 2 s"; with its life (a filled one-shot interval); recently (smoothed refreshes).
struct Overs {
    Phrase over, life, recent;
};
Overs oversOf(const Snapshot &snap)
{
    if (!snap.intervalSeconds)
        return {};
    const Phrase d = Phrase::duration(*snap.intervalSeconds);
    return {ev(QT_TRANSLATE_NOOP("Evidence", " over the last %1"), {d}),
        ev(QT_TRANSLATE_NOOP("Evidence", " over the last %1 and its life"), {d}),
        ev(QT_TRANSLATE_NOOP("Evidence", " over about the last half minute"))};
}

void observeInto(std::vector<Observation> &out, const Snapshot &snap, const ProcessFacts &f, std::size_t i,
    const TriageConfig &config, const PastContext *past, const Overs &overs, const TermIndex &index, bool sentences)
{
    const Subject x{snap, config.priors, overs.over, overs.life, overs.recent, snap.processes[i], f,
        config.signatures.categories[static_cast<std::size_t>(f.category)]};
    Observer o(config.priors, index, out, sentences);
    out.reserve(out.size() + 20); // every term at once: growing it moved each observation up to four times
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
    observeOwner(o, x);
    if (past) {
        if (x.s.state != 'Z')
            observeLeaking(o, x.s, *past, config.priors.leak);
        observePastDecisions(out, x.s, *past, sentences);
    }
}

} // namespace

struct Observing::Shared {
    Overs overs;
    TermIndex index;
};

Observing::Observing(const Snapshot &snap, const TriageConfig &config, const PastContext *past)
    : m_snap(snap),
      m_config(config),
      m_past(past),
      m_shared(std::make_unique<const Shared>(Shared{oversOf(snap), termIndexOf(config.priors)}))
{ }

Observing::~Observing() = default;

void Observing::observe(std::size_t index, const ProcessFacts &facts, std::vector<Observation> &out) const
{
    out.clear();
    observeInto(out, m_snap, facts, index, m_config, m_past, m_shared->overs, m_shared->index, false);
}

std::vector<Observation> observeProcess(const Snapshot &snap, const std::vector<ProcessFacts> &facts, std::size_t index,
    const TriageConfig &config, const PastContext *past)
{
    std::vector<Observation> out;
    observeInto(out, snap, facts[index], index, config, past, oversOf(snap), termIndexOf(config.priors), true);
    return out;
}

} // namespace ptriage
