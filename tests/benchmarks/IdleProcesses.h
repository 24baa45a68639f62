#pragma once

#include <sys/types.h>
#include <vector>

namespace ptriage::bench {

// In a fresh child: die with the parent, even if the parent died before prctl took effect.
void dieWithParent(pid_t parent);
// Forks `n` really idle children (no fds beyond stdio, blocked in pause()); 0 or the fork's errno.
int spawnIdle(std::vector<pid_t> &idle, int n);
// Forks `n` children that spin on a core each (load, for latency under load); 0 or the fork's errno.
int spawnBusy(std::vector<pid_t> &busy, int n);
// Kills exactly the children spawned and reaps every one; returns how many.
int killIdle(std::vector<pid_t> &idle);

} // namespace ptriage::bench
