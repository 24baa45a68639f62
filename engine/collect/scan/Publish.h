#pragma once

// A scan's snapshot: its pass with what the machine says beside the processes (memory, load, socket
// tables, terminals' activity).

#include "collect/proc/SocketTable.h"
#include "collect/scan/CollectorState.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace ptriage {

struct SocketReading {
    SocketMap sockets;
    ClosedByPort closedByPort;
    std::optional<Phrase> warning;
};
// Changes nothing of the state: any thread.
SocketReading readSockets(const CollectorState &state, FileBuffer &buf);
std::vector<std::uint64_t> tcpListeners(const SocketMap &sockets); // sorted inodes
// `sockets`: read beside the scan (a one-shot's), else read now.
std::shared_ptr<Snapshot> publish(
    CollectorState &state, Pass &&pass, PhaseClock &clock, std::optional<SocketReading> sockets = {});

} // namespace ptriage
