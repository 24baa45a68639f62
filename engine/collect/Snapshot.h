#pragma once

#include "Sample.h"
#include "util/Phrase.h"

#include <unordered_map>

namespace ptriage {

// One scan of the machine. Immutable once published; shared across threads by shared_ptr<const>.
struct Snapshot {
    SystemInfo system;
    std::optional<double> intervalSeconds; // the shortest between the two samples a rate came from
    std::int64_t capturedAtMs = 0; // wall clock when read; a capture's own instant for a captured tree
    std::vector<Sample> processes;
    std::unordered_map<int, std::size_t> indexByPid;
    std::unordered_map<std::uint64_t, SocketInfo> sockets; // by inode
    // TCP connections this end closed within the last minute (TIME_WAIT), by local port (SocketTable.h).
    std::unordered_map<int, int> closedByPort;
    std::vector<FileLock> locks;
    // Last input or output on each controlling terminal (tty_nr → ms since the epoch); live only.
    std::unordered_map<int, std::int64_t> ttyActivityMs;
    std::vector<Phrase> warnings; // problems with system-wide files (English in JSON, translated when shown)

    const Sample *byPid(int pid) const
    {
        auto it = indexByPid.find(pid);
        return it == indexByPid.end() ? nullptr : &processes[it->second];
    }
    // The process of that identity, if it is in this scan (never another one under a reused pid).
    const Sample *byIdentity(const ProcessIdentity &id) const
    {
        const Sample *s = byPid(id.pid);
        return s && s->id == id ? s : nullptr;
    }
};

} // namespace ptriage
