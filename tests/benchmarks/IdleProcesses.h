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

// `n` idle processes forked by a one-thread parent of their own that then waits: someone else's family,
// as the processes a program lists are. When we close `hold` (or die) the parent kills and reaps its
// children, then exits: no thousands of zombies left for init to reap while the next run measures.
struct IdleFamily {
    pid_t parent = -1;
    pid_t first = -1; // its first child
    int count = 0; // children forked
    int error = 0; // errno of a failed fork, or of starting the parent
    int hold = -1; // our end of the pipe the parent waits on
};
IdleFamily spawnIdleFamily(int n);
// Ends the family and reaps its parent.
void endIdleFamily(IdleFamily &family);

} // namespace ptriage::bench
