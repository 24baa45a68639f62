#include "SessionDiff.h"
#include "infer/Origin.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace ptriage {
namespace {

struct Key {
    int pid;
    std::uint64_t start;
    friend bool operator==(const Key &, const Key &) = default;
};
struct KeyHash {
    std::size_t operator()(const Key &k) const noexcept
    {
        return std::hash<std::uint64_t>()(k.start * 1000003u ^ static_cast<std::uint64_t>(k.pid));
    }
};

using Index = std::unordered_map<Key, const SessionProcess *, KeyHash>;

Index indexOf(const Session &s)
{
    Index out;
    out.reserve(s.processes.size() * 2);
    for (const auto &p : s.processes)
        out.emplace(Key{p.pid, p.startTicks}, &p);
    return out;
}

Transition compare(const SessionProcess &a, const SessionProcess &b)
{
    if (!a.orphaned && b.orphaned)
        return Transition::NewlyOrphaned;
    if (a.ppid != b.ppid || a.parentStartTicks != b.parentStartTicks)
        return Transition::Reparented;
    if (a.classification != b.classification)
        return Transition::ClassChanged;
    if (a.action != b.action || a.review != b.review)
        return Transition::RecommendationChanged;
    return Transition::Stable;
}

double cpuSeconds(const SessionProcess &p, long ticks)
{
    return static_cast<double>(p.cpuTicks) / static_cast<double>(ticks > 0 ? ticks : 100);
}

// Across boots: what runs and what started it.
std::string commandAndOrigin(const Session &s, const SessionProcess &p,
    const std::unordered_map<int, std::size_t> &byPid, const std::string &home)
{
    std::string parent = "(none)";
    if (auto it = byPid.find(p.ppid); it != byPid.end())
        parent = origin::normalizeCommand(s.processes[it->second].argv, s.processes[it->second].comm, home);
    return origin::normalizeCommand(p.argv, p.comm, home) + " ← " + parent;
}

void diffAcrossBoots(SessionDiff &d)
{
    const std::string home = origin::homeDirectory();
    struct Group {
        std::vector<const SessionProcess *> before, after;
    };
    std::map<std::string, Group> groups;
    for (int side = 0; side < 2; ++side) {
        const Session &s = side == 0 ? *d.before : *d.after;
        std::unordered_map<int, std::size_t> byPid;
        for (std::size_t i = 0; i < s.processes.size(); ++i)
            byPid.emplace(s.processes[i].pid, i);
        for (const auto &p : s.processes) {
            auto &g = groups[commandAndOrigin(s, p, byPid, home)];
            (side == 0 ? g.before : g.after).push_back(&p);
        }
    }
    for (auto &[key, g] : groups) {
        DiffEntry e;
        e.key = key;
        e.countBefore = static_cast<int>(g.before.size());
        e.countAfter = static_cast<int>(g.after.size());
        e.transition = g.before.empty() ? Transition::Appeared
            : g.after.empty()           ? Transition::Exited
                                        : Transition::Stable;
        e.before = g.before.empty() ? nullptr : g.before.front();
        e.after = g.after.empty() ? nullptr : g.after.front();
        long long rss = 0;
        double cpu = 0;
        for (const auto *p : g.after) {
            rss += static_cast<long long>(p->rssBytes);
            cpu += cpuSeconds(*p, d.after->info.clockTicks);
        }
        for (const auto *p : g.before) {
            rss -= static_cast<long long>(p->rssBytes);
            cpu -= cpuSeconds(*p, d.before->info.clockTicks);
        }
        e.rssGrowthBytes = rss;
        e.cpuGrowthSeconds = cpu;
        d.entries.push_back(std::move(e));
    }
}

void diffSameBoot(SessionDiff &d)
{
    const Index before = indexOf(*d.before);
    const Index after = indexOf(*d.after);
    const BootId &boot = d.after->info.bootId;
    d.entries.reserve(d.before->processes.size() + d.after->processes.size() / 8);
    for (const auto &b : d.after->processes) {
        DiffEntry e;
        e.identity = b.identity(boot);
        e.after = &b;
        auto it = before.find(Key{b.pid, b.startTicks});
        if (it == before.end()) {
            e.transition = Transition::Appeared;
        } else {
            const SessionProcess &a = *it->second;
            e.before = &a;
            e.transition = compare(a, b);
            e.rssGrowthBytes = static_cast<long long>(b.rssBytes) - static_cast<long long>(a.rssBytes);
            e.cpuGrowthSeconds = cpuSeconds(b, d.after->info.clockTicks) - cpuSeconds(a, d.before->info.clockTicks);
        }
        d.entries.push_back(std::move(e));
    }
    for (const auto &a : d.before->processes) {
        if (after.contains(Key{a.pid, a.startTicks}))
            continue;
        DiffEntry e;
        e.identity = a.identity(d.before->info.bootId);
        e.before = &a;
        e.transition = Transition::Exited;
        e.rssGrowthBytes = -static_cast<long long>(a.rssBytes);
        d.entries.push_back(std::move(e));
    }
}

} // namespace

const char *jsonName(Transition t)
{
    static const char *const names[]
        = {"appeared", "exited", "stable", "newly_orphaned", "reparented", "class_changed", "recommendation_changed"};
    return names[static_cast<int>(t)];
}

SessionDiff diffSessions(const Session &before, const Session &after)
{
    SessionDiff d;
    d.before = &before;
    d.after = &after;
    d.crossBoot = before.info.bootId != after.info.bootId;
    if (d.crossBoot)
        diffAcrossBoots(d);
    else
        diffSameBoot(d);
    std::stable_sort(d.entries.begin(), d.entries.end(), [](const DiffEntry &x, const DiffEntry &y) {
        if (x.transition != y.transition)
            return x.transition < y.transition;
        return x.identity.pid != y.identity.pid ? x.identity.pid < y.identity.pid : x.key < y.key;
    });
    for (const auto &e : d.entries)
        ++d.counts[static_cast<std::size_t>(e.transition)];
    return d;
}

} // namespace ptriage
