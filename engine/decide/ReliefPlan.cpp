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
#include "collect/ProcFiles.h"
#include "util/Format.h"

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

std::string nameOf(const TriageResult &r, int i)
{
    const Sample &s = sampleOf(r, i);
    return (s.details && !s.details->comm.empty() ? s.details->comm : s.comm) + " (pid " + std::to_string(s.id.pid)
        + ")";
}

// Why no plan may end this process, whatever the goal; empty when it may. `member`: it would end
// as part of another process's tree (age and wrappers are about choosing targets, not members).
std::string gateOf(const TriageResult &r, int i, bool member)
{
    const Sample &s = sampleOf(r, i);
    const ProcessFacts &f = factsOf(r, i);
    if (s.isKernelThread())
        return "a kernel thread";
    if (!f.protectedReason.empty())
        return "protected: " + f.protectedReason.english();
    if (s.id.startTicks == 0)
        return "its identity could not be read";
    if (!member && s.state == 'Z')
        return "a zombie: it has already ended, and its parent must reap it";
    if (!member && s.state == 'D')
        return "in uninterruptible sleep (D): a signal is not delivered until its I/O finishes";
    if (!f.criticalFiles.empty())
        return "holds " + f.criticalFiles.front().path + " (" + f.criticalFiles.front().hint + ")";
    if (f.intent != IntentKind::None)
        return "in use: " + f.intentDetail.english();
    if (f.tty == TtyState::Foreground)
        return "in use: in the foreground of a terminal";
    if (!f.deepKnown && s.state != 'Z')
        return "its open files could not be read, so a critical file cannot be ruled out";
    if (member)
        return {};
    if (f.isWrapper)
        return "a wrapper: its workload " + (f.workloadIndex >= 0 ? nameOf(r, f.workloadIndex) : std::string())
            + " is the one to end";
    if (f.ageSeconds < r.minAgeSeconds)
        return "only " + formatDuration(f.ageSeconds) + " old (minimum age " + formatDuration(r.minAgeSeconds) + ")";
    if (r.blast[static_cast<std::size_t>(i)].risk == Risk::Critical)
        return "blast radius critical: " + joinFirst(english(r.blast[static_cast<std::size_t>(i)].reasons), 2);
    return {};
}

std::string unitOf(const ProcessFacts &f)
{
    if (f.supervisorKind == SupervisorKind::SystemdUnit)
        return f.supervisor.substr(f.supervisor.find(':') + 1);
    return f.supervisorKind == SupervisorKind::None ? std::string() : f.supervisor;
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
    std::map<int, std::string> gated; // process → why no plan may end it
};

// Memory is freed only from candidates (processes ptriage says to act on: what a gate merely allows
// is not safe, e.g. a person's idle shell); a port names its holders, so for a port any process
// the gates allow may be ended.
std::string notACandidate(const TriageResult &r, int i)
{
    const Recommendation &rec = r.recommendations[static_cast<std::size_t>(i)];
    if (rec.candidate)
        return {};
    return std::string("not a candidate: ptriage recommends ") + jsonName(rec.action);
}

// Every step a plan could take. Supervised processes become one "stop the unit" step per unit,
// whose members are every process of that unit.
Considered consider(const TriageResult &r, bool onlyRecommended)
{
    Considered out;
    const int n = static_cast<int>(r.snapshot->processes.size());
    std::map<std::string, std::vector<int>> units;
    for (int i = 0; i < n; ++i)
        if (const std::string unit = unitOf(factsOf(r, i)); !unit.empty())
            units[unit].push_back(i);
    std::map<std::string, bool> unitDone;
    const auto children = childrenOf(*r.snapshot);
    for (int i = 0; i < n; ++i) {
        std::string why = gateOf(r, i, false);
        if (why.empty() && onlyRecommended)
            why = notACandidate(r, i);
        if (!why.empty()) {
            out.gated[i] = std::move(why);
            continue;
        }
        Candidate c;
        c.index = i;
        c.stopUnit = unitOf(factsOf(r, i));
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
        std::string blocked;
        for (std::size_t k = 1; k < c.members.size() && blocked.empty(); ++k)
            if (std::string memberWhy = gateOf(r, c.members[k], true); !memberWhy.empty())
                blocked = (c.stopUnit.empty() ? "ends with it: " : "in its unit: ") + nameOf(r, c.members[k]) + ", "
                    + memberWhy;
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
    std::string why = std::string(jsonName(post.classification)) + " "
        + formatPercent(post.probability[static_cast<std::size_t>(post.classification)]) + ", frees "
        + formatBytes(static_cast<double>(s.freesBytes))
        + (s.source == MemoryFootprint::Source::Pss ? " (PSS)" : " (RSS minus shared)");
    if (!s.tree.empty())
        why += " with " + std::to_string(s.tree.size())
            + (c.stopUnit.empty() ? " more of its process group" : " more of its unit");
    why += "; blast radius " + std::string(jsonName(s.risk));
    if (const auto &reasons = r.blast[static_cast<std::size_t>(c.index)].reasons; !reasons.empty())
        why += ": " + joinFirst(english(reasons), 2);
    if (!c.stopUnit.empty())
        why = "supervised: stop " + c.stopUnit + " yourself (a kill would be restarted); " + why;
    s.why = std::move(why);
    return s;
}

std::string bytes(std::uint64_t b)
{
    return formatBytes(static_cast<double>(b));
}

} // namespace

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
            plan.shortfall = "nothing in this scan listens on port " + std::to_string(goal.freePort)
                + " (another user's sockets are visible only with privileges)";
        } else {
            std::vector<std::string> why;
            for (const auto &[i, gate] : plan.excluded)
                why.push_back(nameOf(result, i) + ": " + gate);
            plan.shortfall = "port " + std::to_string(goal.freePort) + " cannot be freed safely: "
                + (why.empty() ? std::string("its holders cannot all be ended together") : joinFirst(why, 3));
        }
        return plan;
    }
    plan.shortfall = "cannot free " + bytes(goal.freeBytes)
        + " safely: the most that can be freed without crossing a gate is " + bytes(plan.freesBytes) + " ("
        + std::to_string(plan.steps.size()) + " step" + (plan.steps.size() == 1 ? "" : "s") + ")";
    if (!plan.excluded.empty())
        plan.shortfall += "; the largest left out: " + nameOf(result, plan.excluded.front().first) + ", "
            + bytes(footprintOf(plan.excluded.front().first)) + " — " + plan.excluded.front().second;
    return plan;
}

} // namespace ptriage
