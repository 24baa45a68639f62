#include "PsiTrigger.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <linux/magic.h>
#include <poll.h>
#include <sys/vfs.h>
#include <unistd.h>

namespace ptriage {

PsiTrigger::~PsiTrigger()
{
    close();
}

void PsiTrigger::close()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

bool PsiTrigger::arm(int rootFd, int stallMs, int windowMs, Phrase *reason)
{
    close();
    struct statfs fs { };
    // A written tree is replayed, never written to: triggers only exist on procfs and cgroup2.
    const int probe = ::openat(rootFd, "pressure/memory", O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (probe < 0) {
        *reason = errno == ENOENT
            ? Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "no pressure/memory: a kernel without PSI"))
            : Phrase("Format", "%1: %2", {"pressure/memory", std::strerror(errno)});
        return false;
    }
    const bool kernelFile = ::fstatfs(probe, &fs) == 0
        && (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == static_cast<decltype(fs.f_type)>(CGROUP2_SUPER_MAGIC));
    ::close(probe);
    if (!kernelFile) {
        *reason = Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "not a kernel file: a replayed tree"));
        return false;
    }
    m_fd = ::openat(rootFd, "pressure/memory", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (m_fd < 0) {
        const int e = errno;
        *reason = e == EACCES || e == EPERM ? Phrase("PressureWhy",
                      QT_TRANSLATE_NOOP("PressureWhy", "PSI triggers need kernel ≥ 6.4 or CAP_SYS_RESOURCE: %1"),
                      {strerrorname_np(e)})
                                            : Phrase("Format", "%1: %2", {"pressure/memory", std::strerror(e)});
        return false;
    }
    char text[64];
    const int n = std::snprintf(text, sizeof text, "some %lld %lld", static_cast<long long>(stallMs) * 1000,
        static_cast<long long>(windowMs) * 1000);
    // The terminating NUL is part of the write: the kernel parses a string.
    if (::write(m_fd, text, static_cast<std::size_t>(n) + 1) < 0) {
        const int e = errno;
        close();
        *reason = e == EPERM
            ? Phrase("PressureWhy",
                QT_TRANSLATE_NOOP("PressureWhy", "PSI triggers need kernel ≥ 6.4 or CAP_SYS_RESOURCE: %1"), {"EPERM"})
            : Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "the kernel refused the trigger \"%1\": %2"),
                {std::string(text), strerrorname_np(e)});
        return false;
    }
    return true;
}

PsiTrigger::State PsiTrigger::state() const
{
    if (m_fd < 0)
        return State::Broken;
    pollfd p{m_fd, POLLPRI, 0};
    if (::poll(&p, 1, 0) <= 0)
        return State::Quiet;
    if (p.revents & (POLLERR | POLLHUP | POLLNVAL))
        return State::Broken;
    return (p.revents & POLLPRI) ? State::Fired : State::Quiet;
}

} // namespace ptriage
