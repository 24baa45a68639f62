#pragma once

#include <csignal>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ptriage::test {

// `count` forked children that only wait (and die with this process), killed and reaped when this
// goes: many real processes for a scan. A fork copies this process, so make them before it grows.
class IdleChildren {
public:
    explicit IdleChildren(int count)
    {
        for (int k = 0; k < count; ++k) {
            const pid_t pid = ::fork();
            if (pid < 0)
                return; // fewer than asked: size() says how many
            if (pid == 0) {
                ::prctl(PR_SET_PDEATHSIG, SIGKILL);
                for (;;)
                    ::pause();
            }
            m_pids.push_back(pid);
        }
    }
    ~IdleChildren()
    {
        for (const pid_t pid : m_pids)
            ::kill(pid, SIGKILL);
        for (const pid_t pid : m_pids)
            ::waitpid(pid, nullptr, 0);
    }
    IdleChildren(const IdleChildren &) = delete;
    IdleChildren &operator=(const IdleChildren &) = delete;

    int size() const { return static_cast<int>(m_pids.size()); }

private:
    std::vector<pid_t> m_pids;
};

} // namespace ptriage::test
