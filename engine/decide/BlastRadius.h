#pragma once

#include "infer/Facts.h"

namespace ptriage {

// What would break if a process were acted on: the processes and resources that depend on it.
struct BlastRadius {
    Risk risk = Risk::Low;
    double score = 0; // 0..1
    std::vector<int> affected; // snapshot indices, nearest first
    std::vector<Phrase> reasons;
};

class BlastGraph {
public:
    struct Edge {
        int to;
        double weight;
        Phrase why; // what the two share, in words
    };

    BlastGraph(const Snapshot &snap, const std::vector<ProcessFacts> &facts, const Policy &policy);
    BlastRadius radiusOf(int index) const;
    const std::vector<Edge> &edgesFrom(int index) const { return m_edges[static_cast<std::size_t>(index)]; }
    // The adjacency, for the views (once every radius has been computed).
    std::vector<std::vector<Edge>> takeEdges() && { return std::move(m_edges); }

private:
    const Snapshot &m_snap;
    const std::vector<ProcessFacts> &m_facts;
    const Policy &m_policy;
    std::vector<std::vector<Edge>> m_edges;
};

} // namespace ptriage
