#pragma once

// The live refresh (Collector::refresh): one pass through the directories the last refresh kept (a
// process that has not run since carries its stat over), details only for identities not seen, rates
// against the last refresh.

#include "collect/scan/CollectorState.h"

#include <cstddef>
#include <memory>
#include <unordered_set>

namespace ptriage {

class LiveRefresh {
public:
    explicit LiveRefresh(CollectorState &state) : m_state(state) { }
    std::shared_ptr<const Snapshot> run();
    // Collector::readIoLeftForLater: the I/O counters the one-shot before left unread.
    std::size_t readIoLeftForLater();

private:
    // The cheap tier, through the directories the last refresh kept.
    Pass readThroughKeptDirs();
    // The last refresh's sample whose stat this refresh may carry for the process kept under `id`, else null.
    const Sample *statCarriable(const ProcessIdentity &id) const;
    // A carried parent pid holds only while that parent lives: those whose parent is gone are read again.
    void recheckCarriedParents(Pass &pass);
    // The live service reads fds once per identity; when the TCP listeners changed since the last
    // refresh, the processes that may hold a new one (young ones) or lost one have theirs read again.
    std::unordered_set<ProcessIdentity> holdersToReadAgain(const Pass &pass, const SocketMap &sockets);

    CollectorState &m_state;
};

} // namespace ptriage
