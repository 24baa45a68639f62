#pragma once

#include <functional>

namespace ptriage::test {

// Runs `spawn` (one fork) right after asking the kernel to hand out `pid` next (ns_last_pid), under
// an exclusive flock on ns_last_pid: the lock CRIU takes, and every test of ours that does this, so
// two of them running side by side never take each other's pid. Another fork on the machine can
// still win the pid; the caller sees that in what `spawn` returns. -1 when ns_last_pid is not writable.
int spawnWithPid(int pid, const std::function<int()> &spawn);

} // namespace ptriage::test
