// The relief plan: which processes to end so that a goal (bytes, or a port) is reached with the
// least expected loss and blast-radius risk, never across a gate.
//
// The tree rule: ending a process also ends its descendants in its own process group — found
// through the snapshot's parent/child links, stopping at a child that started a group of its own
// (a shell's jobs, a daemon). A process group is what a terminal ends together (Ctrl-C), so it is
// the "job" a person means; and because a plan ends every member of the tree explicitly (one End
// request for the target and its tree), what the plan counts is what really ends. A tree member
// that is protected, holds a critical file or is in a person's use rules out the whole step;
// zombies and D-state members are not counted (they free nothing now).
#include "ReliefPlan.h"

#include "ReliefSearch.h"
#include "collect/proc/ProcFiles.h"
#include "util/Format.h"
#include "util/Phrase.h"

#include <algorithm>
#include <fcntl.h>
#include <map>

namespace ptriage {
namespace {

const ProcessFacts &factsOf(const TriageResult &r, int i)
{
    return r.facts[static_cast<std::size_t>(i)];
}
const Sample &sampleOf(const TriageResult &r, int i)
{
    return r.snapshot->processes[static_cast<std::size_t>(i)];
}

Phrase nameOf(const TriageResult &r, int i)
{
    const Sample &s = sampleOf(r, i);
    return Phrase("Format", QT_TRANSLATE_NOOP("Format", "%1 (pid %2)"),
        {s.details && !s.details->comm.empty() ? s.details->comm : s.comm, std::to_string(s.id.pid)});
}

// Why no plan may end this process, whatever the goal; empty when it may. `member`: it would end
// as part of another process's tree (age and wrappers are about choosing targets, not members).
Phrase gateOf(const TriageResult &r, int i, bool member)
{
    const Sample &s = sampleOf(r, i);
    const ProcessFacts &f = factsOf(r, i);
    if (s.isKernelThread())
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "a kernel thread")};
    if (!f.protectedReason.empty())
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "protected: %1"), {f.protectedReason}};
    if (s.id.startTicks == 0)
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "its identity could not be read")};
    if (!member && s.state == 'Z')
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "a zombie: it has already ended, and its parent must reap it")};
    if (!member && s.state == 'D')
        return {"Relief",
            QT_TRANSLATE_NOOP(
                "Relief", "in uninterruptible sleep (D): a signal is not delivered until its I/O finishes")};
    if (!f.criticalFiles.empty())
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "holds %1 (%2)"),
            {f.criticalFiles.front().path, f.criticalFiles.front().hint}};
    if (f.intent != IntentKind::None)
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "in use: %1"), {f.intentDetail}};
    if (f.tty == TtyState::Foreground)
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "in use: in the foreground of a terminal")};
    if (!f.deepKnown && s.state != 'Z')
        return {"Relief",
            QT_TRANSLATE_NOOP("Relief", "its open files could not be read, so a critical file cannot be ruled out")};
    if (member)
        return {};
    if (f.isWrapper)
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "a wrapper: its workload %1 is the one to end"),
            {f.workloadIndex >= 0 ? nameOf(r, f.workloadIndex) : Phrase()}};
    if (f.ageSeconds < r.minAgeSeconds)
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "only %1 old (minimum age %2)"),
            {Phrase::duration(f.ageSeconds), Phrase::duration(r.minAgeSeconds)}};
    if (r.blast[static_cast<std::size_t>(i)].risk == Risk::Critical)
        return {"Relief", QT_TRANSLATE_NOOP("Relief", "blast radius critical: %1"),
            {joinFirst(r.blast[static_cast<std::size_t>(i)].reasons, 2)}};
    return {};
}

std::vector<int> treeOf(const TriageResult &r, const std::vector<std::vector<int>> &children, int index)
{
    const int group = sampleOf(r, index).pgrp;
    std::vector<int> out;
    std::vector<int> queue{index};
    for (std::size_t at = 0; at < queue.size() && queue.size() <= children.size(); ++at)
        for (int c : children[static_cast<std::size_t>(queue[at])])
            if (c != index && sampleOf(r, c).pgrp == group) {
                out.push_back(c);
                queue.push_back(c);
            }
    return out;
}

// A step the search may choose, with what it is made of.
struct Candidate {
    int index = -1;
    std::vector<int> members; // index first, then its tree
    std::string stopUnit;
};

struct Considered {
    std::vector<Candidate> candidates;
    std::map<int, Phrase> gated; // process → why no plan may end it
};

// Memory is freed only from candidates (processes ptriage says to act on: what a gate merely allows
// is not safe, e.g. a person's idle shell); a port names its holders, so for a port any process
// the gates allow may be ended.
Phrase notACandidate(const TriageResult &r, int i)
{
    const Recommendation &rec = r.recommendations[static_cast<std::size_t>(i)];
    if (rec.candidate)
        return {};
    return {"Relief", QT_TRANSLATE_NOOP("Relief", "not a candidate: ptriage recommends %1"), {word(rec.action)}};
}

// Every step a plan could take. Supervised processes become one "stop the unit" step per unit,
// whose members are every process of that unit.
Considered consider(const TriageResult &r, bool onlyRecommended)
{
    Considered out;
    const int n = static_cast<int>(r.snapshot->processes.size());
    std::map<std::string, std::vector<int>> units;
    for (int i = 0; i < n; ++i)
        if (const std::string unit = supervisorToStop(factsOf(r, i)); !unit.empty())
            units[unit].push_back(i);
    std::map<std::string, bool> unitDone;
    const auto children = childrenOf(*r.snapshot);
    for (int i = 0; i < n; ++i) {
        Phrase why = gateOf(r, i, false);
        if (why.empty() && onlyRecommended)
            why = notACandidate(r, i);
        if (!why.empty()) {
            out.gated[i] = std::move(why);
            continue;
        }
        Candidate c;
        c.index = i;
        c.stopUnit = supervisorToStop(factsOf(r, i));
        if (!c.stopUnit.empty()) {
            if (unitDone[c.stopUnit])
                continue; // one step per unit
            unitDone[c.stopUnit] = true;
            c.members = {i};
            for (int m : units[c.stopUnit])
                if (m != i)
                    c.members.push_back(m);
        } else {
            c.members = {i};
            for (int m : treeOf(r, children, i))
                c.members.push_back(m);
        }
        Phrase blocked;
        for (std::size_t k = 1; k < c.members.size() && blocked.empty(); ++k)
            if (Phrase memberWhy = gateOf(r, c.members[k], true); !memberWhy.empty())
                blocked = c.stopUnit.empty() ? Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "ends with it: %1, %2"),
                              {nameOf(r, c.members[k]), memberWhy})
                                             : Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "in its unit: %1, %2"),
                                                 {nameOf(r, c.members[k]), memberWhy});
        if (!blocked.empty()) {
            out.gated[i] = std::move(blocked);
            continue;
        }
        // Members that already ended or cannot be signalled now free nothing: not counted.
        std::erase_if(
            c.members, [&](int m) { return m != i && (sampleOf(r, m).state == 'Z' || sampleOf(r, m).state == 'D'); });
        out.candidates.push_back(std::move(c));
    }
    return out;
}

// The blast radius as a cost: its score (0..1) times half the loss of killing a useful process, so
// a listener with connected clients costs more than one without, within the same risk level.
double riskPenalty(double blastScore, const TriageConfig &config)
{
    const double unit = std::max(1.0,
        config.policy
            .loss[static_cast<std::size_t>(ProcessClass::Useful)][static_cast<std::size_t>(RecommendedAction::Kill)]);
    return unit / 2 * std::clamp(blastScore, 0.0, 1.0);
}

// A person must carry out advice: a small cost, so a plan prefers what it can do itself.
constexpr double kAdviceCost = 1;

ReliefStep stepOf(const TriageResult &r, const Candidate &c, const std::vector<std::optional<MemoryFootprint>> &fp)
{
    ReliefStep s;
    s.index = c.index;
    s.target = r.identityOf(c.index);
    s.action = RecommendedAction::Kill;
    s.stopUnit = c.stopUnit;
    for (int m : c.members) {
        const auto &f = fp.size() > static_cast<std::size_t>(m) ? fp[static_cast<std::size_t>(m)] : std::nullopt;
        if (f) {
            s.freesBytes += f->bytes;
            if (f->source == MemoryFootprint::Source::RssMinusShared)
                s.source = MemoryFootprint::Source::RssMinusShared; // the weaker measure, if any member needed it
        }
        s.expectedLoss += r.recommendations[static_cast<std::size_t>(m)]
                              .expectedLoss[static_cast<std::size_t>(RecommendedAction::Kill)];
        s.risk = std::max(s.risk, r.blast[static_cast<std::size_t>(m)].risk);
        if (m != c.index)
            s.tree.push_back(m);
    }
    const Posterior &post = r.posteriors[static_cast<std::size_t>(c.index)];
    const Phrase bytesFreed = Phrase::bytes(static_cast<double>(s.freesBytes));
    Phrase why = s.source == MemoryFootprint::Source::Pss
        ? Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "%1 %2, frees %3 (PSS)"),
            {word(post.classification),
                Phrase::percent(post.probability[static_cast<std::size_t>(post.classification)]), bytesFreed})
        : Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "%1 %2, frees %3 (RSS minus shared)"),
            {word(post.classification),
                Phrase::percent(post.probability[static_cast<std::size_t>(post.classification)]), bytesFreed});
    if (!s.tree.empty())
        why = c.stopUnit.empty() ? Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "%1 with %2 more of its process group"),
                  {why, std::to_string(s.tree.size())})
                                 : Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "%1 with %2 more of its unit"),
                                     {why, std::to_string(s.tree.size())});
    if (const auto &reasons = r.blast[static_cast<std::size_t>(c.index)].reasons; !reasons.empty())
        why = Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "%1; blast radius %2: %3"),
            {why, word(s.risk), joinFirst(reasons, 2)});
    else
        why = Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "%1; blast radius %2"), {why, word(s.risk)});
    if (!c.stopUnit.empty())
        why = Phrase("Relief",
            QT_TRANSLATE_NOOP("Relief", "supervised: stop %1 yourself (a kill would be restarted); %2"),
            {c.stopUnit, why});
    s.why = std::move(why);
    return s;
}

Phrase bytes(std::uint64_t b)
{
    return Phrase::bytes(static_cast<double>(b));
}

} // namespace

std::string supervisorToStop(const ProcessFacts &f)
{
    if (f.supervisorKind == SupervisorKind::SystemdUnit)
        return f.supervisor.substr(f.supervisor.find(':') + 1);
    return f.supervisorKind == SupervisorKind::None ? std::string() : f.supervisor;
}

std::vector<int> reliefTree(const TriageResult &r, int index)
{
    return treeOf(r, childrenOf(*r.snapshot), index);
}

std::vector<std::optional<MemoryFootprint>> readFootprints(const TriageResult &result, const QString &procRoot)
{
    // Every process that holds memory, not only the candidates: what a gate leaves out is named
    // with its size too.
    std::vector<std::optional<MemoryFootprint>> out(result.snapshot->processes.size());
    const DirFd root(::open(procRoot.toLocal8Bit().constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    for (std::size_t i = 0; root.valid() && i < out.size(); ++i) {
        const Sample &s = result.snapshot->processes[i];
        if (!s.isKernelThread() && s.state != 'Z')
            out[i] = readMemoryFootprint(root.get(), s.id.pid);
    }
    return out;
}

ReliefPlan planRelief(const TriageResult &result, const std::vector<std::optional<MemoryFootprint>> &footprints,
    const ReliefGoal &goal, const TriageConfig &config)
{
    ReliefPlan plan;
    plan.goal = goal;
    const Considered considered = consider(result, goal.freePort == 0);
    std::vector<ReliefStep> steps;
    std::vector<ReliefOption> options;
    std::vector<int> holders; // port goal: the processes listening on it
    if (goal.freePort > 0)
        for (int i = 0; i < static_cast<int>(result.facts.size()); ++i) {
            const auto &ports = factsOf(result, i).listenPorts;
            if (std::find(ports.begin(), ports.end(), goal.freePort) != ports.end())
                holders.push_back(i);
        }
    for (const Candidate &c : considered.candidates) {
        steps.push_back(stepOf(result, c, footprints));
        ReliefOption o;
        o.bytes = steps.back().freesBytes;
        double blastScore = 0;
        for (int m : c.members)
            blastScore = std::max(blastScore, result.blast[static_cast<std::size_t>(m)].score);
        o.cost = steps.back().expectedLoss + riskPenalty(blastScore, config) + (c.stopUnit.empty() ? 0 : kAdviceCost);
        o.members = c.members;
        for (std::size_t h = 0; h < holders.size(); ++h)
            if (std::find(c.members.begin(), c.members.end(), holders[h]) != c.members.end())
                o.holders.push_back(static_cast<int>(h));
        options.push_back(std::move(o));
    }

    const ReliefChoice choice = goal.freePort > 0 ? chooseForHolders(options, static_cast<int>(holders.size()))
                                                  : chooseForBytes(options, goal.freeBytes);
    plan.reached = choice.reached;
    plan.exact = choice.exact;
    for (int k : choice.chosen)
        plan.steps.push_back(steps[static_cast<std::size_t>(k)]);
    // What the plan can do itself first, the cheapest per byte first; advice last.
    std::stable_sort(plan.steps.begin(), plan.steps.end(), [](const ReliefStep &a, const ReliefStep &b) {
        if (a.stopUnit.empty() != b.stopUnit.empty())
            return a.stopUnit.empty();
        return a.expectedLoss * static_cast<double>(b.freesBytes + 1)
            < b.expectedLoss * static_cast<double>(a.freesBytes + 1);
    });
    for (const auto &s : plan.steps) {
        plan.freesBytes += s.freesBytes;
        plan.expectedLoss += s.expectedLoss;
    }

    // What was left out and why: the port's holders, or the processes holding the most memory.
    std::vector<char> inPlan(result.snapshot->processes.size(), 0);
    for (const auto &s : plan.steps) {
        inPlan[static_cast<std::size_t>(s.index)] = 1;
        for (int m : s.tree)
            inPlan[static_cast<std::size_t>(m)] = 1;
    }
    auto footprintOf = [&](int i) {
        return footprints.size() > static_cast<std::size_t>(i) && footprints[static_cast<std::size_t>(i)]
            ? footprints[static_cast<std::size_t>(i)]->bytes
            : std::uint64_t(0);
    };
    if (goal.freePort > 0) {
        for (int h : holders)
            if (auto it = considered.gated.find(h);
                it != considered.gated.end() && !inPlan[static_cast<std::size_t>(h)])
                plan.excluded.emplace_back(h, it->second);
    } else {
        for (const auto &[i, why] : considered.gated)
            if (footprintOf(i) >= (1u << 20) && !inPlan[static_cast<std::size_t>(i)])
                plan.excluded.emplace_back(i, why);
        std::stable_sort(plan.excluded.begin(), plan.excluded.end(),
            [&](const auto &a, const auto &b) { return footprintOf(a.first) > footprintOf(b.first); });
        if (plan.excluded.size() > 20)
            plan.excluded.resize(20);
    }

    if (plan.reached)
        return plan;
    if (goal.freePort > 0) {
        if (holders.empty()) {
            plan.shortfall = Phrase("Relief",
                QT_TRANSLATE_NOOP("Relief",
                    "nothing in this scan listens on port %1 (another user's sockets are "
                    "visible only with privileges)"),
                {std::to_string(goal.freePort)});
        } else {
            std::vector<Phrase> why;
            for (const auto &[i, gate] : plan.excluded)
                why.push_back(Phrase("Format", "%1: %2", {nameOf(result, i), gate}));
            plan.shortfall = Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "port %1 cannot be freed safely: %2"),
                {std::to_string(goal.freePort),
                    why.empty()
                        ? Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "its holders cannot all be ended together"))
                        : joinFirst(why, 3)});
        }
        return plan;
    }
    plan.shortfall = plan.steps.size() == 1
        ? Phrase("Relief",
            QT_TRANSLATE_NOOP(
                "Relief", "cannot free %1 safely: the most that can be freed without crossing a gate is %2 (%3 step)"),
            {bytes(goal.freeBytes), bytes(plan.freesBytes), std::to_string(plan.steps.size())})
        : Phrase("Relief",
            QT_TRANSLATE_NOOP(
                "Relief", "cannot free %1 safely: the most that can be freed without crossing a gate is %2 (%3 steps)"),
            {bytes(goal.freeBytes), bytes(plan.freesBytes), std::to_string(plan.steps.size())});
    if (!plan.excluded.empty())
        plan.shortfall = Phrase("Relief", QT_TRANSLATE_NOOP("Relief", "%1; the largest left out: %2, %3 — %4"),
            {plan.shortfall, nameOf(result, plan.excluded.front().first),
                bytes(footprintOf(plan.excluded.front().first)), plan.excluded.front().second});
    return plan;
}

} // namespace ptriage
