#include "collect/proc/ProcFiles.h"

#include "util/ThreadPriority.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace ptriage {
namespace {

// openat2's RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS; before Linux 5.6 (ENOSYS), component by
// component with O_NOFOLLOW. `name` is relative and without "." or ".." (ours: "net/tcp", "stat").
int openBeneath(int dirFd, const char *name, int flags)
{
    static std::atomic<bool> noOpenat2{false};
    if (!noOpenat2.load(std::memory_order_relaxed)) {
        open_how how{};
        how.flags = static_cast<std::uint64_t>(flags | O_NOFOLLOW);
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
        const long fd = ::syscall(SYS_openat2, dirFd, name, &how, sizeof how);
        if (fd >= 0 || errno != ENOSYS)
            return static_cast<int>(fd);
        noOpenat2.store(true, std::memory_order_relaxed);
    }
    const std::string_view path(name);
    int at = dirFd;
    std::size_t from = 0;
    for (;;) {
        const std::size_t slash = path.find('/', from);
        const std::string part(
            path.substr(from, slash == std::string_view::npos ? std::string_view::npos : slash - from));
        if (part.empty() || part == "." || part == "..") {
            if (at != dirFd)
                ::close(at);
            errno = EXDEV; // what RESOLVE_BENEATH says
            return -1;
        }
        const bool last = slash == std::string_view::npos;
        const int next
            = ::openat(at, part.c_str(), last ? flags | O_NOFOLLOW : O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        const int error = errno;
        if (at != dirFd)
            ::close(at);
        if (next < 0 || last) {
            errno = error;
            return next;
        }
        at = next;
        from = slash + 1;
    }
}

} // namespace

ProcSource procSourceOf(int rootFd)
{
    struct statfs fs { };
    return ::fstatfs(rootFd, &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC ? ProcSource::Live : ProcSource::Capture;
}

std::string describeReadError(int err)
{
    if (err == kNotRegularFile)
        return "not a regular file, not read (a capture)";
    if (err == ELOOP)
        return "a link, not followed (a capture)";
    if (err == EXDEV)
        return "outside the capture, not read";
    return err == EACCES || err == EPERM ? "permission denied" : std::strerror(err);
}

int FileBuffer::open(int dirFd, const char *name)
{
    if (m_source == ProcSource::Live) {
        const int fd = ::openat(dirFd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0)
            m_errno = errno;
        return fd;
    }
    // Non-blocking: opening a FIFO for reading would wait for a writer, and reading it for data.
    const int fd = openBeneath(dirFd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        m_errno = errno;
        return -1;
    }
    struct stat st { };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        m_errno = kNotRegularFile;
        return -1;
    }
    return fd;
}

bool FileBuffer::readAt(int dirFd, const char *name, std::size_t limit, ShortRead shortRead)
{
    m_size = 0;
    m_errno = 0;
    const int fd = open(dirFd, name);
    if (fd < 0)
        return false;
    bool ok = true;
    for (;;) {
        if (m_size == m_data.size()) {
            if (m_data.size() >= limit)
                break; // truncated on purpose: hostile sizes never grow unbounded
            m_data.resize(std::min(limit, m_data.size() * 2));
        }
        const ssize_t n = ::read(fd, m_data.data() + m_size, m_data.size() - m_size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            m_errno = errno;
            ok = false;
            break;
        }
        if (n == 0)
            break;
        const bool isShort = m_size + static_cast<std::size_t>(n) < m_data.size();
        m_size += static_cast<std::size_t>(n);
        if (isShort && shortRead == ShortRead::Ends)
            break; // the read() that would return 0, saved
    }
    ::close(fd);
    return ok;
}

bool FileBuffer::readRecordAt(int dirFd, const char *name)
{
    m_size = 0;
    m_errno = 0;
    const int fd = open(dirFd, name);
    if (fd < 0)
        return false;
    ssize_t n;
    do
        n = ::read(fd, m_data.data(), m_data.size());
    while (n < 0 && errno == EINTR);
    if (n < 0)
        m_errno = errno;
    else
        m_size = static_cast<std::size_t>(n);
    ::close(fd);
    if (n < 0)
        return false;
    if (m_size == m_data.size())
        return readAt(dirFd, name); // a record larger than the buffer: read it the long way
    return true;
}

DirFd &DirFd::operator=(DirFd &&o) noexcept
{
    if (this != &o) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = o.m_fd;
        o.m_fd = -1;
    }
    return *this;
}

DirFd::~DirFd()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

DirFd DirFd::openAt(int parent, const char *name)
{
    return DirFd(::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

std::string readLinkAt(int dirFd, const char *name, int *err)
{
    char buf[4096];
    const ssize_t n = ::readlinkat(dirFd, name, buf, sizeof buf);
    if (n < 0) {
        if (err)
            *err = errno;
        return {};
    }
    if (err)
        *err = 0;
    return std::string(buf, static_cast<std::size_t>(n));
}

void forEachEntry(int dirFd, const std::function<void(const char *name, unsigned char type)> &visit)
{
    // getdents64 on the fd itself: no second open, no DIR (fdopendir costs a dup, an fstat and two
    // fcntl), which adds up over the fd directory of every process.
    alignas(8) char buf[16384];
    for (;;) {
        const long n = ::syscall(SYS_getdents64, dirFd, buf, sizeof buf);
        if (n <= 0)
            break;
        for (long off = 0; off < n;) {
            const auto *e = reinterpret_cast<const dirent64 *>(buf + off);
            off += e->d_reclen;
            visit(e->d_name, e->d_type);
        }
        yieldPoint(); // /proc of thousands of processes is several calls of a millisecond in the kernel
    }
}

std::vector<int> listNumericEntries(int dirFd, Rewind rewind)
{
    std::vector<int> out;
    forEachEntry(dirFd, [&out](const char *name, unsigned char) {
        int v = 0;
        const auto len = std::strlen(name);
        auto [p, ec] = std::from_chars(name, name + len, v);
        if (ec == std::errc() && p == name + len && v >= 0)
            out.push_back(v);
    });
    if (rewind == Rewind::Yes)
        ::lseek(dirFd, 0, SEEK_SET);
    return out;
}

} // namespace ptriage
