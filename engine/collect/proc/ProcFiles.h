#pragma once

#include <cerrno>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ptriage {

// Whose files a proc root holds. The live /proc is the kernel's, links (net, self) and all. A
// capture is anyone's directory: nothing in it is opened through a link, nothing but a regular file
// is read, and no open or read waits (a FIFO, a device).
enum class ProcSource { Live, Capture };
// Live exactly when `rootFd` is on procfs (one fstatfs).
ProcSource procSourceOf(int rootFd);

// A capture's file that is not a regular file (FIFO, device, socket, directory): refused, as errno.
inline constexpr int kNotRegularFile = EMEDIUMTYPE;
// errno in words, for a process's warnings: the refusals above, "permission denied", else strerror.
std::string describeReadError(int err);

// Reads small /proc files relative to a directory fd into a reused buffer; no stdio, no allocation
// once the buffer has grown.
class FileBuffer {
public:
    explicit FileBuffer(ProcSource source = ProcSource::Live) : m_source(source) { }
    void setSource(ProcSource source) { m_source = source; }
    // Whether a read that returns less than asked for ends the file. Files of many records
    // (net/unix, locks: seq_files) stop each read at a record that does not fit; cmdline and
    // environ fill a read up to the end of what the process holds, as regular files do.
    enum class ShortRead { MayContinue, Ends };
    // Returns false on any error (errno kept); the view covers what was read.
    bool readAt(int dirFd, const char *name, std::size_t limit = 1 << 20, ShortRead shortRead = ShortRead::MayContinue);
    // For one-record procfs files (stat, io, status, wchan, fdinfo …), which the kernel returns
    // whole in one read: a short read is the end, which saves the read() that would return 0.
    bool readRecordAt(int dirFd, const char *name);
    std::string_view view() const { return {m_data.data(), m_size}; }
    int error() const { return m_errno; }

private:
    int open(int dirFd, const char *name); // -1 with m_errno set

    ProcSource m_source = ProcSource::Live;
    std::string m_data = std::string(4096, '\0');
    std::size_t m_size = 0;
    int m_errno = 0;
};

// RAII directory fd.
class DirFd {
public:
    DirFd() = default;
    explicit DirFd(int fd) : m_fd(fd) { }
    DirFd(const DirFd &) = delete;
    DirFd &operator=(const DirFd &) = delete;
    DirFd(DirFd &&o) noexcept : m_fd(o.m_fd) { o.m_fd = -1; }
    DirFd &operator=(DirFd &&o) noexcept;
    ~DirFd();
    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    // Never through a link: /proc's pid, task, fd and fdinfo directories are none, and a capture's
    // must not lead out of it.
    static DirFd openAt(int parent, const char *name);

private:
    int m_fd = -1;
};

std::string readLinkAt(int dirFd, const char *name, int *err = nullptr);
// The numeric entries of a directory (pids in /proc, fds in fd/). Reads dirFd itself and rewinds it
// (unless it is closed after: one lseek per process's fd directory adds up): not for a directory fd
// that another thread lists at the same time.
enum class Rewind { Yes, No };
std::vector<int> listNumericEntries(int dirFd, Rewind rewind = Rewind::Yes);
// Each entry of the directory, its name and d_type, read on dirFd itself (not rewound).
void forEachEntry(int dirFd, const std::function<void(const char *name, unsigned char type)> &visit);

} // namespace ptriage
