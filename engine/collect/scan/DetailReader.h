#pragma once

// The details, read once per identity (command line, cgroup, environment keys, executable, working
// directory and its project), and the deep reads of those that want them, parents before children.

#include "collect/scan/CollectorState.h"

#include <unordered_set>

namespace ptriage {

// Attaches each sample's details and deep reads from the caches (state.details, state.deep), reading
// what they lack; identities that are gone drop out of them. `readFdsAgain`: processes whose cached
// fds are read anew (a listener of theirs came or went).
void attachDetails(CollectorState &state, Pass &pass, bool deepForAll,
    const std::unordered_set<ProcessIdentity> *readFdsAgain = nullptr);

} // namespace ptriage
