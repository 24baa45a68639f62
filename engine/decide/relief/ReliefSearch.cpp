#include "ReliefSearch.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>

namespace ptriage {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = 1e-9;

// Which options share a member with which, as bit masks (exact search: at most 64 options).
std::vector<std::uint64_t> conflictMasks(const std::vector<ReliefOption> &options, const std::vector<int> &ids)
{
    std::vector<std::uint64_t> masks(ids.size(), 0);
    for (std::size_t a = 0; a < ids.size(); ++a)
        for (std::size_t b = a + 1; b < ids.size(); ++b) {
            const auto &ma = options[static_cast<std::size_t>(ids[a])].members;
            const auto &mb = options[static_cast<std::size_t>(ids[b])].members;
            const bool shared = std::any_of(
                ma.begin(), ma.end(), [&](int m) { return std::find(mb.begin(), mb.end(), m) != mb.end(); });
            if (shared) {
                masks[a] |= std::uint64_t(1) << b;
                masks[b] |= std::uint64_t(1) << a;
            }
        }
    return masks;
}

// The members the chosen options end, counted, so that a swap can test compatibility quickly.
class Taken {
public:
    explicit Taken(const std::vector<ReliefOption> &options) : m_options(options)
    {
        int top = 0;
        for (const auto &o : options)
            for (int m : o.members)
                top = std::max(top, m + 1);
        m_count.assign(static_cast<std::size_t>(top), 0);
    }
    bool compatible(int option, int without = -1) const
    {
        for (int m : m_options[static_cast<std::size_t>(option)].members) {
            int taken = m_count[static_cast<std::size_t>(m)];
            if (without >= 0) {
                const auto &w = m_options[static_cast<std::size_t>(without)].members;
                taken -= static_cast<int>(std::count(w.begin(), w.end(), m));
            }
            if (taken > 0)
                return false;
        }
        return true;
    }
    void add(int option, int delta)
    {
        for (int m : m_options[static_cast<std::size_t>(option)].members)
            m_count[static_cast<std::size_t>(m)] += delta;
    }

private:
    const std::vector<ReliefOption> &m_options;
    std::vector<int> m_count;
};

ReliefChoice tally(const std::vector<ReliefOption> &options, std::vector<int> chosen)
{
    ReliefChoice c;
    for (int i : chosen) {
        c.bytes += options[static_cast<std::size_t>(i)].bytes;
        c.cost += options[static_cast<std::size_t>(i)].cost;
    }
    c.chosen = std::move(chosen);
    return c;
}

// The set that frees the most. Options nest (a tree contains the trees of its members), so taking
// the largest first takes the outermost ones; exact for small sets of any shape.
std::vector<int> mostBytes(const std::vector<ReliefOption> &options, const std::vector<int> &ids, bool exact)
{
    if (exact) {
        const auto conflicts = conflictMasks(options, ids);
        std::vector<std::uint64_t> suffix(ids.size() + 1, 0);
        for (std::size_t k = ids.size(); k-- > 0;)
            suffix[k] = suffix[k + 1] + options[static_cast<std::size_t>(ids[k])].bytes;
        std::uint64_t bestBytes = 0, bestMask = 0;
        double bestCost = kInfinity;
        auto dfs = [&](auto &self, std::size_t k, std::uint64_t mask, std::uint64_t bytes, double cost) -> void {
            if (bytes > bestBytes || (bytes == bestBytes && cost < bestCost)) {
                bestBytes = bytes;
                bestCost = cost;
                bestMask = mask;
            }
            if (k == ids.size() || bytes + suffix[k] < bestBytes)
                return;
            const auto &o = options[static_cast<std::size_t>(ids[k])];
            if ((conflicts[k] & mask) == 0)
                self(self, k + 1, mask | (std::uint64_t(1) << k), bytes + o.bytes, cost + o.cost);
            self(self, k + 1, mask, bytes, cost);
        };
        dfs(dfs, 0, 0, 0, 0);
        std::vector<int> chosen;
        for (std::size_t k = 0; k < ids.size(); ++k)
            if (bestMask & (std::uint64_t(1) << k))
                chosen.push_back(ids[k]);
        return chosen;
    }
    std::vector<int> order = ids;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const auto &oa = options[static_cast<std::size_t>(a)], &ob = options[static_cast<std::size_t>(b)];
        return oa.bytes != ob.bytes ? oa.bytes > ob.bytes : oa.members.size() > ob.members.size();
    });
    Taken taken(options);
    std::vector<int> chosen;
    for (int i : order)
        if (taken.compatible(i)) {
            taken.add(i, 1);
            chosen.push_back(i);
        }
    return chosen;
}

// Branch and bound over options sorted by cost per byte; the bound is the fractional relaxation
// (the cheapest bytes still available, ignoring their conflicts with each other).
std::vector<int> exactForBytes(const std::vector<ReliefOption> &options, std::vector<int> ids, std::uint64_t goal)
{
    std::sort(ids.begin(), ids.end(), [&](int a, int b) {
        const auto &oa = options[static_cast<std::size_t>(a)], &ob = options[static_cast<std::size_t>(b)];
        return oa.cost * static_cast<double>(ob.bytes) < ob.cost * static_cast<double>(oa.bytes);
    });
    const auto conflicts = conflictMasks(options, ids);
    double best = kInfinity;
    std::uint64_t bestMask = 0;
    bool found = false;
    auto bound = [&](std::size_t k, std::uint64_t mask, std::uint64_t need) {
        double lb = 0;
        for (std::size_t j = k; j < ids.size(); ++j) {
            if (conflicts[j] & mask)
                continue;
            const auto &o = options[static_cast<std::size_t>(ids[j])];
            if (o.bytes >= need)
                return lb + o.cost * static_cast<double>(need) / static_cast<double>(o.bytes);
            lb += o.cost;
            need -= o.bytes;
        }
        return kInfinity;
    };
    auto dfs = [&](auto &self, std::size_t k, std::uint64_t mask, std::uint64_t bytes, double cost) -> void {
        if (bytes >= goal) {
            if (!found || cost < best - kEpsilon) {
                best = cost;
                bestMask = mask;
                found = true;
            }
            return;
        }
        if (k == ids.size() || cost + bound(k, mask, goal - bytes) >= best - kEpsilon)
            return;
        const auto &o = options[static_cast<std::size_t>(ids[k])];
        if ((conflicts[k] & mask) == 0)
            self(self, k + 1, mask | (std::uint64_t(1) << k), bytes + o.bytes, cost + o.cost);
        self(self, k + 1, mask, bytes, cost);
    };
    dfs(dfs, 0, 0, 0, 0);
    std::vector<int> chosen;
    for (std::size_t k = 0; found && k < ids.size(); ++k)
        if (bestMask & (std::uint64_t(1) << k))
            chosen.push_back(ids[k]);
    return chosen;
}

// Drops what the goal does not need, then swaps one chosen option for a cheaper compatible one
// while the goal stays reached, until nothing improves.
void improve(
    const std::vector<ReliefOption> &options, const std::vector<int> &ids, std::vector<int> &chosen, std::uint64_t goal)
{
    auto bytesOf = [&](int i) { return options[static_cast<std::size_t>(i)].bytes; };
    auto costOf = [&](int i) { return options[static_cast<std::size_t>(i)].cost; };
    std::uint64_t bytes = 0;
    Taken taken(options);
    for (int i : chosen) {
        bytes += bytesOf(i);
        taken.add(i, 1);
    }
    auto drop = [&] {
        std::sort(chosen.begin(), chosen.end(), [&](int a, int b) { return costOf(a) > costOf(b); });
        for (std::size_t k = 0; k < chosen.size();) {
            if (bytes - bytesOf(chosen[k]) >= goal && costOf(chosen[k]) > 0) {
                bytes -= bytesOf(chosen[k]);
                taken.add(chosen[k], -1);
                chosen.erase(chosen.begin() + static_cast<std::ptrdiff_t>(k));
            } else {
                ++k;
            }
        }
    };
    drop();
    std::vector<char> isChosen(options.size(), 0);
    for (int i : chosen)
        isChosen[static_cast<std::size_t>(i)] = 1;
    for (int round = 0; round < 200; ++round) {
        double bestGain = kEpsilon;
        std::size_t bestAt = 0;
        int bestIn = -1;
        for (std::size_t k = 0; k < chosen.size(); ++k) {
            const int out = chosen[k];
            for (int in : ids) {
                if (isChosen[static_cast<std::size_t>(in)] || costOf(out) - costOf(in) <= bestGain
                    || bytes - bytesOf(out) + bytesOf(in) < goal || !taken.compatible(in, out))
                    continue;
                bestGain = costOf(out) - costOf(in);
                bestAt = k;
                bestIn = in;
            }
        }
        if (bestIn < 0)
            break;
        const int out = chosen[bestAt];
        taken.add(out, -1);
        taken.add(bestIn, 1);
        isChosen[static_cast<std::size_t>(out)] = 0;
        isChosen[static_cast<std::size_t>(bestIn)] = 1;
        bytes = bytes - bytesOf(out) + bytesOf(bestIn);
        chosen[bestAt] = bestIn;
    }
    drop();
}

std::vector<int> greedyForBytes(
    const std::vector<ReliefOption> &options, const std::vector<int> &ids, std::uint64_t goal)
{
    std::vector<int> order = ids;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const auto &oa = options[static_cast<std::size_t>(a)], &ob = options[static_cast<std::size_t>(b)];
        return oa.cost * static_cast<double>(ob.bytes) < ob.cost * static_cast<double>(oa.bytes);
    });
    Taken taken(options);
    std::vector<int> chosen;
    std::uint64_t bytes = 0;
    for (int i : order) {
        if (bytes >= goal)
            break;
        if (!taken.compatible(i))
            continue;
        taken.add(i, 1);
        chosen.push_back(i);
        bytes += options[static_cast<std::size_t>(i)].bytes;
    }
    if (bytes < goal) // conflicts kept it short: the outermost options free the most
        chosen = mostBytes(options, ids, false);
    // One option alone may beat the sum of the best ratios.
    int single = -1;
    for (int i : ids)
        if (options[static_cast<std::size_t>(i)].bytes >= goal
            && (single < 0
                || options[static_cast<std::size_t>(i)].cost < options[static_cast<std::size_t>(single)].cost))
            single = i;
    if (single >= 0 && options[static_cast<std::size_t>(single)].cost < tally(options, chosen).cost)
        chosen = {single};
    improve(options, ids, chosen, goal);
    return chosen;
}

} // namespace

ReliefChoice chooseForBytes(const std::vector<ReliefOption> &options, std::uint64_t goalBytes, std::size_t exactLimit)
{
    std::vector<int> ids; // options that free nothing never help
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].bytes > 0) {
            ids.push_back(static_cast<int>(i));
            total += options[i].bytes;
        }
    const bool exact = ids.size() <= std::min<std::size_t>(exactLimit, 64);
    ReliefChoice c;
    if (total >= goalBytes)
        c = tally(options, exact ? exactForBytes(options, ids, goalBytes) : greedyForBytes(options, ids, goalBytes));
    if (c.bytes < goalBytes || (c.chosen.empty() && goalBytes > 0))
        c = tally(options, mostBytes(options, ids, exact));
    c.reached = c.bytes >= goalBytes;
    c.exact = exact;
    return c;
}

ReliefChoice chooseForHolders(const std::vector<ReliefOption> &options, int holderCount, std::size_t exactLimit)
{
    std::vector<int> ids;
    std::uint64_t coverable = 0;
    auto maskOf = [&](int i) {
        std::uint64_t m = 0;
        for (int h : options[static_cast<std::size_t>(i)].holders)
            if (h >= 0 && h < 64)
                m |= std::uint64_t(1) << h;
        return m;
    };
    for (std::size_t i = 0; i < options.size(); ++i)
        if (maskOf(static_cast<int>(i)) != 0) {
            ids.push_back(static_cast<int>(i));
            coverable |= maskOf(static_cast<int>(i));
        }
    const int counted = std::min(holderCount, 64);
    const std::uint64_t all = counted == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << counted) - 1;
    const bool exact = ids.size() <= std::min<std::size_t>(exactLimit, 64);
    std::vector<int> chosen;
    if (exact) {
        std::sort(ids.begin(), ids.end(), [&](int a, int b) {
            return options[static_cast<std::size_t>(a)].cost < options[static_cast<std::size_t>(b)].cost;
        });
        const auto conflicts = conflictMasks(options, ids);
        std::vector<std::uint64_t> suffix(ids.size() + 1, 0);
        for (std::size_t k = ids.size(); k-- > 0;)
            suffix[k] = suffix[k + 1] | maskOf(ids[k]);
        double best = kInfinity;
        std::uint64_t bestMask = 0;
        auto dfs = [&](auto &self, std::size_t k, std::uint64_t mask, std::uint64_t covered, double cost) -> void {
            if ((covered & coverable) == coverable) {
                if (cost < best - kEpsilon) {
                    best = cost;
                    bestMask = mask;
                }
                return;
            }
            if (k == ids.size() || cost >= best - kEpsilon || ((covered | suffix[k]) & coverable) != coverable)
                return;
            if ((conflicts[k] & mask) == 0 && (maskOf(ids[k]) & ~covered) != 0)
                self(self, k + 1, mask | (std::uint64_t(1) << k), covered | maskOf(ids[k]),
                    cost + options[static_cast<std::size_t>(ids[k])].cost);
            self(self, k + 1, mask, covered, cost);
        };
        dfs(dfs, 0, 0, 0, 0);
        for (std::size_t k = 0; k < ids.size(); ++k)
            if (bestMask & (std::uint64_t(1) << k))
                chosen.push_back(ids[k]);
    } else {
        // Greedy: the most newly ended holders per unit of cost, then drop what is not needed.
        Taken taken(options);
        std::uint64_t covered = 0;
        for (;;) {
            int pick = -1;
            double bestRate = -1;
            for (int i : ids) {
                const int fresh = __builtin_popcountll(maskOf(i) & ~covered);
                const double rate = fresh / (options[static_cast<std::size_t>(i)].cost + 1e-6);
                if (fresh > 0 && taken.compatible(i) && rate > bestRate) {
                    bestRate = rate;
                    pick = i;
                }
            }
            if (pick < 0)
                break;
            taken.add(pick, 1);
            covered |= maskOf(pick);
            chosen.push_back(pick);
        }
        std::sort(chosen.begin(), chosen.end(), [&](int a, int b) {
            return options[static_cast<std::size_t>(a)].cost > options[static_cast<std::size_t>(b)].cost;
        });
        for (std::size_t k = 0; k < chosen.size();) {
            std::uint64_t rest = 0;
            for (std::size_t j = 0; j < chosen.size(); ++j)
                if (j != k)
                    rest |= maskOf(chosen[j]);
            if (rest == covered)
                chosen.erase(chosen.begin() + static_cast<std::ptrdiff_t>(k));
            else
                ++k;
        }
    }
    ReliefChoice c = tally(options, chosen);
    std::uint64_t covered = 0;
    for (int i : c.chosen)
        covered |= maskOf(i);
    c.reached = holderCount > 0 && (covered & all) == all && holderCount <= 64;
    c.exact = exact;
    return c;
}

} // namespace ptriage
