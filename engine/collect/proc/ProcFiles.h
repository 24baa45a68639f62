#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ptriage {

// Reads small /proc files relative to a directory fd into a reused buffer; no stdio, no allocation
// once the buffer has grown.
class FileBuffer {
public:
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

} // namespace ptriage
