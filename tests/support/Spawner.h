#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ptriage::test {

enum class Parenting {
    Child, // a child of the test, in its own session without a terminal
    Terminal, // a child of the test, foreground on a fresh pseudo-terminal
    OrphanNoSession, // double fork: adopted by init, its session leader gone
};

struct ActorSpec {
    std::string name; // executable name: becomes comm
    std::vector<std::string> argv; // argv[0] included
    std::vector<std::pair<std::string, std::string>> env;
    Parenting parenting = Parenting::Child;
};

struct Actor {
    int pid = -1;
    int port = -1; // when it listens
    int zombiePid = -1; // when it made a zombie
    int pidfd = -1;
};

// Spawns real processes for a test and kills exactly those (through pidfds, so never a reused
// PID) when destroyed.
class Spawner {
public:
    Spawner();
    ~Spawner();
    Spawner(const Spawner &) = delete;
    Spawner &operator=(const Spawner &) = delete;

    // The actor's binary from now on (a copy that another user can run; see CopyForOthers).
    static void useActorBinary(const std::string &path);
    // Runs the test actor under `spec`; returns once it is set up (pid -1 on failure).
    Actor spawn(const ActorSpec &spec);
    // Runs any program (e.g. `script`, `tmux`) as a child in its own session; returns its pid.
    int spawnProgram(
        const std::vector<std::string> &argv, const std::vector<std::pair<std::string, std::string>> &env = {});
    // Adopts a process started elsewhere (e.g. a tmux pane) so it is killed at the end.
    void adopt(int pid);
    std::string dir() const { return m_dir; }
    std::string actorPath(const std::string &name); // a symlink to the actor named `name`

private:
    std::string m_dir;
    std::vector<int> m_pidfds;
    std::vector<int> m_children;
    std::vector<int> m_ptyMasters;
};

// The state letter of /proc/PID/stat (R, S, T, Z …); '?' when the process is gone or unreadable.
char processState(int pid);
// Gone, or a zombie nobody reaped yet: either way it has ended.
bool hasEnded(int pid);

} // namespace ptriage::test
