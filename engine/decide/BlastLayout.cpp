#include "BlastLayout.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

namespace ptriage {
namespace {

BlastLayout::Point onRing(int ring, int slot, int slots)
{
    if (ring == 0)
        return {};
    constexpr double pi = std::numbers::pi;
    const double radius = ring * std::max(150.0, slots * 2.4 * BlastLayout::kNodeRadius / (2 * pi));
    const double angle = 2 * pi * slot / std::max(1, slots) - pi / 2 + ring * 0.3;
    return {radius * std::cos(angle), radius * std::sin(angle)};
}

} // namespace

BlastLayout layoutBlastRadius(const TriageResult &r, int index, int maxHops)
{
    BlastLayout out;
    const auto edgesFrom = [&r](int node) -> const std::vector<BlastGraph::Edge> & {
        return r.blastEdges[static_cast<std::size_t>(node)];
    };
    const BlastRadius &radius = r.blast[static_cast<std::size_t>(index)];

    // Rings by hop, breadth first over the graph the engine used, only through affected processes.
    std::map<int, int> hop{{index, 0}};
    std::vector<std::vector<int>> rings{{index}};
    for (std::size_t k = 0; k < rings.size() && k < static_cast<std::size_t>(maxHops); ++k) {
        std::vector<int> next;
        for (int node : rings[k])
            for (const auto &e : edgesFrom(node))
                if (!hop.count(e.to)
                    && std::find(radius.affected.begin(), radius.affected.end(), e.to) != radius.affected.end()) {
                    hop[e.to] = static_cast<int>(k) + 1;
                    next.push_back(e.to);
                }
        if (next.empty())
            break;
        rings.push_back(std::move(next));
    }

    const ProcessFacts &f = r.facts[static_cast<std::size_t>(index)];
    using Kind = BlastLayout::ResourceKind;
    for (const auto &l : f.listeners)
        out.resources.push_back({Kind::Listener, l, {}});
    for (const auto &l : f.lockedFiles)
        out.resources.push_back({Kind::Lock, l, {}});
    for (const auto &l : f.heldLocks)
        out.resources.push_back({Kind::Lock, l.path, {}});
    for (const auto &c : f.criticalFiles)
        out.resources.push_back({Kind::Writing, c.path, {}});
    if (!f.supervisor.empty())
        out.resources.push_back({Kind::Supervisor, f.supervisor, {}});

    std::map<int, BlastLayout::Point> position;
    const int firstRing = rings.size() > 1 ? static_cast<int>(rings[1].size()) : 0;
    for (std::size_t k = 0; k < rings.size(); ++k) {
        const int slots = static_cast<int>(rings[k].size()) + (k == 1 ? static_cast<int>(out.resources.size()) : 0);
        for (std::size_t s = 0; s < rings[k].size(); ++s) {
            const auto at = onRing(static_cast<int>(k), static_cast<int>(s), slots);
            position[rings[k][s]] = at;
            out.nodes.push_back({rings[k][s], static_cast<int>(k), at});
        }
    }
    // Process edges between drawn nodes, each pair once.
    for (const auto &[from, p] : position)
        for (const auto &e : edgesFrom(from))
            if (position.count(e.to) && (hop[e.to] > hop[from] || (hop[e.to] == hop[from] && e.to > from)))
                out.edges.push_back({p, position[e.to], e.why});
    // Resources share the first ring with the processes one hop away.
    const int slots = firstRing + static_cast<int>(out.resources.size());
    for (std::size_t k = 0; k < out.resources.size(); ++k) {
        out.resources[k].at = onRing(1, firstRing + static_cast<int>(k), slots);
        out.edges.push_back({position[index], out.resources[k].at, {}});
    }

    auto extend = [&out](BlastLayout::Point p) {
        out.min = {std::min(out.min.x, p.x), std::min(out.min.y, p.y)};
        out.max = {std::max(out.max.x, p.x), std::max(out.max.y, p.y)};
    };
    for (const auto &n : out.nodes)
        extend(n.at);
    for (const auto &res : out.resources)
        extend(res.at);
    return out;
}

} // namespace ptriage
