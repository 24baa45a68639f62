#include "Recommendation.h"

#include "util/Format.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace ptriage {
namespace {

Phrase rec(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("Recommendation", source, std::move(args));
}

// A gate: the actions it rules out and why. Only gates that rule out something better than the
// chosen action are reported, so the reasons say what actually held the recommendation back.
struct Gate {
    GateKind kind = GateKind::Protected;
    std::array<bool, kActionCount> blocks{};
    Phrase why;
    bool mustTell = false; // what a person must learn before ending it: said whenever it is a candidate
};

void block(std::vector<Gate> &gates, GateKind kind, std::initializer_list<RecommendedAction> actions, Phrase why,
    bool mustTell = false)
{
    Gate g;
    g.kind = kind;
    for (RecommendedAction a : actions)
        g.blocks[static_cast<std::size_t>(a)] = true;
    g.why = std::move(why);
    g.mustTell = mustTell;
    gates.push_back(std::move(g));
}

void blockAllBut(std::vector<Gate> &gates, GateKind kind, std::initializer_list<RecommendedAction> kept, Phrase why)
{
    Gate g;
    g.kind = kind;
    for (int a = 0; a < kActionCount; ++a)
        g.blocks[static_cast<std::size_t>(a)]
            = std::find(kept.begin(), kept.end(), static_cast<RecommendedAction>(a)) == kept.end();
    g.why = std::move(why);
    gates.push_back(std::move(g));
}

void reportGates(Recommendation &p, const std::vector<Gate> &gates)
{
    const double chosen = p.expectedLoss[static_cast<std::size_t>(p.action)];
    for (const auto &g : gates) {
        bool heldBack = false;
        for (int a = 0; a < kActionCount; ++a)
            heldBack = heldBack
                || (g.blocks[static_cast<std::size_t>(a)]
                    && p.expectedLoss[static_cast<std::size_t>(a)] < chosen - 1e-9);
        if (heldBack && std::find(p.blockedBy.begin(), p.blockedBy.end(), g.why) == p.blockedBy.end())
            p.blockedBy.push_back(g.why);
    }
}

// Between "sure enough to act" and keep: a process probably abandoned stays visible, ranked below
// the ones worth acting on, unless something rules out every action that could end it.
void markForReview(Recommendation &p, const ClassVector &post, double minAbandoned)
{
    const double abandoned = post[static_cast<std::size_t>(ProcessClass::Abandoned)];
    const bool endable = p.allowed[static_cast<std::size_t>(RecommendedAction::Kill)]
        || p.allowed[static_cast<std::size_t>(RecommendedAction::Freeze)]
        || p.allowed[static_cast<std::size_t>(RecommendedAction::Pause)];
    const bool someActionAllowed = std::count(p.allowed.begin() + 1, p.allowed.end(), true) > 0;
    if (p.action != RecommendedAction::Keep || abandoned < minAbandoned || !someActionAllowed
        || (!endable && !p.allowed[static_cast<std::size_t>(RecommendedAction::Throttle)]))
        return;
    p.review = true;
    p.candidate = true;
    p.score = static_cast<int>(std::lround(40 * abandoned));
    p.blockedBy.push_back(rec(QT_TRANSLATE_NOOP("Recommendation",
                                  "probably abandoned (%1), but not sure enough to act: have a look before ending it"),
        {Phrase::percent(abandoned)}));
}

Phrase describeProcess(const Snapshot &snap, int index)
{
    const Sample &s = snap.processes[static_cast<std::size_t>(index)];
    return Phrase("Format", QT_TRANSLATE_NOOP("Format", "%1 (pid %2)"),
        {s.details ? s.details->comm : std::string("?"), std::to_string(s.id.pid)});
}

// Every gate on process `i`: what it rules out and why. A zombie has one, and is decided apart.
std::vector<Gate> gatesOf(const Snapshot &snap, std::size_t i, const ProcessFacts &f, double minAgeSeconds)
{
    const Sample &s = snap.processes[i];
    std::vector<Gate> gates;
    if (s.state == 'Z') {
        blockAllBut(gates, GateKind::Zombie, {RecommendedAction::Keep},
            rec(QT_TRANSLATE_NOOP("Recommendation", "a zombie cannot be signalled")));
        return gates;
    }
    if (!f.protectedReason.empty())
        blockAllBut(gates, GateKind::Protected, {RecommendedAction::Keep},
            rec(QT_TRANSLATE_NOOP("Recommendation", "protected: %1"), {f.protectedReason}));
    if (f.isWrapper)
        blockAllBut(gates, GateKind::Wrapper, {RecommendedAction::Keep},
            f.workloadIndex >= 0 ? rec(QT_TRANSLATE_NOOP("Recommendation", "a wrapper: act on its workload %1"),
                {describeProcess(snap, f.workloadIndex)})
                                 : rec(QT_TRANSLATE_NOOP("Recommendation", "a wrapper: act on its workload instead")));
    if (s.id.startTicks == 0)
        blockAllBut(gates, GateKind::NoIdentity, {RecommendedAction::Keep},
            rec(QT_TRANSLATE_NOOP("Recommendation", "its identity could not be read: %1"), {s.partial}));
    if (s.state == 'D')
        block(gates, GateKind::Uninterruptible,
            {RecommendedAction::Kill, RecommendedAction::Pause, RecommendedAction::Freeze},
            s.deep && !s.deep->wchan.empty()
                ? rec(QT_TRANSLATE_NOOP("Recommendation",
                          "in uninterruptible sleep (D) in %1: a signal is not delivered until the I/O finishes"),
                    {s.deep->wchan})
                : rec(QT_TRANSLATE_NOOP("Recommendation",
                    "in uninterruptible sleep (D): a signal is not delivered until the I/O finishes")));
    // A renice that does not lower its priority is no renice (at 19 it could only raise it).
    if (!lowerPriorityNice(s.nice))
        block(gates, GateKind::LowestPriority, {RecommendedAction::Renice},
            rec(QT_TRANSLATE_NOOP(
                    "Recommendation", "already at the lowest priority (nice %1): a renice cannot lower it"),
                {std::to_string(s.nice)}));
    // Too young to judge: nothing but a renice, and that only for a process competing for a core (a
    // renice changes nothing for one that hardly runs).
    constexpr double kReniceWorthCpuShare = 0.1;
    if (f.ageSeconds < minAgeSeconds && s.cpuShare.value_or(0) >= kReniceWorthCpuShare)
        blockAllBut(gates, GateKind::TooYoung, {RecommendedAction::Keep, RecommendedAction::Renice},
            rec(QT_TRANSLATE_NOOP("Recommendation", "only %1 old (minimum age for action: %2)"),
                {Phrase::duration(f.ageSeconds), Phrase::duration(minAgeSeconds)}));
    else if (f.ageSeconds < minAgeSeconds)
        blockAllBut(gates, GateKind::TooYoung, {RecommendedAction::Keep},
            rec(QT_TRANSLATE_NOOP("Recommendation", "only %1 old (minimum age for action: %2)"),
                {Phrase::duration(f.ageSeconds), Phrase::duration(minAgeSeconds)}));
    for (const auto &c : f.criticalFiles)
        block(gates, GateKind::CriticalFile, {RecommendedAction::Kill},
            rec(QT_TRANSLATE_NOOP("Recommendation", "kill blocked: it holds %1 (%2)"), {c.path, c.hint}), true);
    // Ending frees such a lock; pausing or freezing keeps it held, which is what the person suffers.
    for (const auto &l : f.heldLocks)
        block(gates, GateKind::HeldLock, {RecommendedAction::Pause, RecommendedAction::Freeze},
            rec(QT_TRANSLATE_NOOP("Recommendation",
                    "it holds %1 (%2): ending it frees it (it removes the file on TERM, leaving things as they "
                    "were); pausing or freezing would keep it held"),
                {l.path, l.hint}),
            true);
    if (f.connectionsServed > 0 && f.clients == 0)
        block(gates, GateKind::InUse, {RecommendedAction::Kill},
            rec(QT_TRANSLATE_NOOP(
                "Recommendation", "kill blocked: it carries a client's connection, which would break")),
            true);
    if (f.clients > 0)
        block(gates, GateKind::InUse, {RecommendedAction::Kill},
            f.clients > 1
                ? rec(QT_TRANSLATE_NOOP("Recommendation", "kill blocked: %1 client connections to %2 would break"),
                    {std::to_string(f.clients), joinFirst(f.listeners, 2)})
                : rec(QT_TRANSLATE_NOOP("Recommendation", "kill blocked: 1 client connection to %1 would break"),
                    {joinFirst(f.listeners, 2)}),
            true);
    if (f.clients == 0 && f.connectionsServed == 0 && f.servedRecently())
        block(gates, GateKind::InUse, {RecommendedAction::Kill},
            rec(QT_TRANSLATE_NOOP("Recommendation", "kill blocked: clients used %1 within the last minute"),
                {joinFirst(f.listeners, 2)}),
            true);
    // What keeps a served process alive: ending, pausing (no restarts) or freezing it (its cgroup holds the
    // server too) reaches the clients.
    if (f.servingDescendant >= 0 && f.clients == 0 && f.connectionsServed == 0)
        block(gates, GateKind::InUse, {RecommendedAction::Kill, RecommendedAction::Pause, RecommendedAction::Freeze},
            rec(QT_TRANSLATE_NOOP("Recommendation",
                    "ending, pausing or freezing it is blocked: %1 under it serves clients, who would lose it"),
                {describeProcess(snap, f.servingDescendant)}),
            true);
    // What runs work under it waits for that work: GNU tar fails the archive when the shell running its
    // gzip ends.
    if (f.workingDescendant >= 0)
        block(gates, GateKind::InUse, {RecommendedAction::Kill, RecommendedAction::Pause, RecommendedAction::Freeze},
            rec(QT_TRANSLATE_NOOP("Recommendation",
                    "ending, pausing or freezing it is blocked: %1 under it is at work, which would be lost"),
                {describeProcess(snap, f.workingDescendant)}),
            true);
    if (f.intent != IntentKind::None)
        block(gates, GateKind::PersonUsing, {RecommendedAction::Kill},
            rec(QT_TRANSLATE_NOOP("Recommendation", "kill blocked: %1"), {f.intentDetail}));
    if (f.tty == TtyState::Foreground && f.wrapperIndex < 0)
        block(gates, GateKind::Foreground, {RecommendedAction::Kill},
            rec(QT_TRANSLATE_NOOP("Recommendation", "kill blocked: in the foreground of a terminal")));
    if (f.supervisorKind == SupervisorKind::SystemdUnit) {
        const std::string unit = f.supervisor.substr(f.supervisor.find(':') + 1);
        block(gates, GateKind::Supervised, {RecommendedAction::Kill},
            rec(QT_TRANSLATE_NOOP(
                    "Recommendation", "kill blocked: %1 would restart it; stop the unit instead (systemctl stop %1)"),
                {unit}));
    } else if (f.supervisorKind != SupervisorKind::None) {
        block(gates, GateKind::Supervised, {RecommendedAction::Kill},
            rec(QT_TRANSLATE_NOOP("Recommendation", "kill blocked: %1 may restart it; stop it there instead"),
                {f.supervisor}));
    }
    return gates;
}

} // namespace

namespace {

double largestGain(const Policy &policy)
{
    double maxGain = 1e-9;
    for (const auto &row : policy.loss)
        maxGain = std::max(maxGain, row[0] - *std::min_element(row.begin(), row.end()));
    return maxGain;
}

} // namespace

double scorePoints(const Recommendation &p, RecommendedAction action, const Policy &policy)
{
    return 100.0 * (p.expectedLoss[0] - p.expectedLoss[static_cast<std::size_t>(action)]) / largestGain(policy);
}

int scoreOf(const Recommendation &p, RecommendedAction action, const Policy &policy)
{
    return static_cast<int>(std::lround(std::clamp(scorePoints(p, action, policy), 0.0, 100.0)));
}

std::vector<Recommendation> decide(const DecideInput &in)
{
    const auto &loss = in.config.policy.loss;
    const std::size_t n = in.snap.processes.size();
    std::vector<Recommendation> recommendations(n);
    const double maxGain = largestGain(in.config.policy); // scores are relative to it

    auto choose = [&](Recommendation &p, const ClassVector &post) {
        for (int a = 0; a < kActionCount; ++a) {
            double e = 0;
            for (int c = 0; c < kClassCount; ++c)
                e += post[static_cast<std::size_t>(c)] * loss[static_cast<std::size_t>(c)][static_cast<std::size_t>(a)];
            p.expectedLoss[static_cast<std::size_t>(a)] = e;
        }
        int best = 0;
        for (int a = 1; a < kActionCount; ++a) // ties go to the less intrusive action
            if (p.allowed[static_cast<std::size_t>(a)]
                && p.expectedLoss[static_cast<std::size_t>(a)] < p.expectedLoss[static_cast<std::size_t>(best)] - 1e-9)
                best = a;
        p.action = static_cast<RecommendedAction>(best);
        const double gain = p.expectedLoss[0] - p.expectedLoss[static_cast<std::size_t>(best)];
        p.score = static_cast<int>(std::lround(std::clamp(100.0 * gain / maxGain, 0.0, 100.0)));
    };

    for (std::size_t i = 0; i < n; ++i) {
        const Sample &s = in.snap.processes[i];
        const ProcessFacts &f = in.facts[i];
        Recommendation &p = recommendations[i];
        p.targetIndex = static_cast<int>(i);
        p.allowed.fill(true);
        const std::vector<Gate> gates = gatesOf(in.snap, i, f, in.minAgeSeconds);
        if (s.state == 'Z') {
            p.allowed.fill(false);
            p.allowed[static_cast<std::size_t>(RecommendedAction::Keep)] = true;
            p.blockedBy.push_back(gates.front().why);
            continue; // decided below, once its parent's recommendation is known
        }
        std::vector<Phrase> mustTell;
        for (const Gate &g : gates) {
            for (int a = 0; a < kActionCount; ++a)
                if (g.blocks[static_cast<std::size_t>(a)])
                    p.allowed[static_cast<std::size_t>(a)] = false;
            if (g.mustTell)
                mustTell.push_back(g.why);
        }
        choose(p, in.posteriors[i].probability);
        reportGates(p, gates);
        // A score-1 freeze is a near tie with keeping it: kept (and reviewed when probably abandoned).
        if (p.action != RecommendedAction::Keep && p.score < in.config.policy.candidateMinScore) {
            p.action = RecommendedAction::Keep;
            p.score = 0;
        }
        p.candidate = p.action != RecommendedAction::Keep;
        markForReview(p, in.posteriors[i].probability, in.config.policy.reviewMinAbandoned);
        for (const auto &why : mustTell)
            if (p.candidate && std::find(p.blockedBy.begin(), p.blockedBy.end(), why) == p.blockedBy.end())
                p.blockedBy.push_back(why);
    }

    // Zombies: nothing can be done to the zombie itself; its parent must reap it.
    for (std::size_t i = 0; i < n; ++i) {
        const Sample &s = in.snap.processes[i];
        if (s.state != 'Z')
            continue;
        Recommendation &p = recommendations[i];
        choose(p, in.posteriors[i].probability); // keep only; fills the expected losses
        auto parent = in.snap.indexByPid.find(s.ppid);
        if (parent == in.snap.indexByPid.end() || s.ppid <= 1) {
            p.blockedBy.push_back(
                rec(QT_TRANSLATE_NOOP("Recommendation", "its parent (pid %1) will reap it"), {std::to_string(s.ppid)}));
            continue;
        }
        const int pi = static_cast<int>(parent->second);
        const Recommendation &pp = recommendations[static_cast<std::size_t>(pi)];
        p.targetIndex = pi;
        p.candidate = true;
        const double gain = p.expectedLoss[0] - p.expectedLoss[static_cast<std::size_t>(RecommendedAction::Kill)];
        p.score = static_cast<int>(std::lround(std::clamp(100.0 * gain / maxGain, 0.0, 100.0)));
        if (pp.action == RecommendedAction::Kill) {
            p.action = RecommendedAction::Kill; // ending the abandoned parent lets init reap the zombie
            p.parentAction = ParentAction::End;
            p.blockedBy.push_back(
                rec(QT_TRANSLATE_NOOP("Recommendation", "end its parent %1, which is itself abandoned"),
                    {describeProcess(in.snap, pi)}));
        } else {
            p.parentAction = ParentAction::Reap;
            p.blockedBy.push_back(rec(QT_TRANSLATE_NOOP("Recommendation",
                                          "its parent %1 has not reaped it: send the parent SIGCHLD, or end the parent "
                                          "if it is no longer needed"),
                {describeProcess(in.snap, pi)}));
        }
    }
    return recommendations;
}

std::optional<int> lowerPriorityNice(long currentNice)
{
    if (currentNice >= 19)
        return std::nullopt;
    return currentNice < 10 ? 10 : 19;
}

const char *gateName(GateKind kind)
{
    switch (kind) {
    case GateKind::Zombie:
        return "zombie";
    case GateKind::Protected:
        return "protected";
    case GateKind::Wrapper:
        return "wrapper";
    case GateKind::NoIdentity:
        return "no_identity";
    case GateKind::Uninterruptible:
        return "uninterruptible";
    case GateKind::LowestPriority:
        return "lowest_priority";
    case GateKind::TooYoung:
        return "too_young";
    case GateKind::CriticalFile:
        return "critical_file";
    case GateKind::HeldLock:
        return "held_lock";
    case GateKind::InUse:
        return "in_use";
    case GateKind::PersonUsing:
        return "person_using";
    case GateKind::Foreground:
        return "foreground";
    case GateKind::Supervised:
        return "supervised";
    }
    return "unknown";
}

std::vector<GateReason> gatesAgainst(const Snapshot &snap, const std::vector<ProcessFacts> &facts, int index,
    double minAgeSeconds, RecommendedAction action)
{
    std::vector<GateReason> out;
    if (index < 0 || static_cast<std::size_t>(index) >= snap.processes.size() || facts.size() != snap.processes.size())
        return out;
    const auto i = static_cast<std::size_t>(index);
    for (Gate &g : gatesOf(snap, i, facts[i], minAgeSeconds))
        if (g.blocks[static_cast<std::size_t>(action)])
            out.push_back({g.kind, std::move(g.why)});
    return out;
}

} // namespace ptriage
