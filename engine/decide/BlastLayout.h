#pragma once

#include "Triage.h"

namespace ptriage {

// Where the blast-radius graph of one process puts its nodes: the process in the middle, what
// depends on it on rings by hop, and its own resources (listeners, locks, files it writes, its
// supervisor) on the first ring. The window and the HTML report draw the same layout.
struct BlastLayout {
    static constexpr double kNodeRadius = 18;

    struct Point {
        double x = 0;
        double y = 0;
    };
    struct Node {
        int index = -1; // into the snapshot
        int hop = 0; // 0: the process itself
        Point at;
    };
    enum class ResourceKind { Listener, Lock, Writing, Supervisor };
    struct Resource {
        ResourceKind kind = ResourceKind::Listener;
        std::string what; // "TCP 127.0.0.1:3000", a path, "systemd:x.service"
        Point at;
    };
    struct Edge {
        Point from;
        Point to;
        Phrase why; // empty for a process's own resources
    };

    std::vector<Node> nodes; // by hop, the process first
    std::vector<Resource> resources;
    std::vector<Edge> edges; // process edges once per pair, then one per resource
    Point min; // bounding box of the node centres
    Point max;
};

BlastLayout layoutBlastRadius(const TriageResult &result, int index, int maxHops);

} // namespace ptriage
