#include "PidTaking.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <string>

namespace ptriage::test {

int spawnWithPid(int pid, const std::function<int()> &spawn)
{
    const int fd = ::open("/proc/sys/kernel/ns_last_pid", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ::flock(fd, LOCK_EX);
    const std::string last = std::to_string(pid - 1);
    int got = -1;
    if (::pwrite(fd, last.data(), last.size(), 0) == static_cast<ssize_t>(last.size()))
        got = spawn();
    ::flock(fd, LOCK_UN);
    ::close(fd);
    return got;
}

} // namespace ptriage::test
