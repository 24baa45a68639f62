#include "procops/ops/LogDaemon.h"

#include "procops/identity/ProcFs.h"

#include <QByteArray>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace ptriage::procops {
namespace {

constexpr std::size_t align4(std::size_t n)
{
    return (n + 3) & ~std::size_t(3);
}

// The inode of the socket bound at the file (st), or 0: the kernel's sock_diag dump of every unix
// socket with its bound file's inode and device.
unsigned socketInodeOf(const struct stat &st)
{
    const int nl = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (nl < 0)
        return 0;
    struct {
        nlmsghdr header;
        unix_diag_req body;
    } request{};
    request.header.nlmsg_len = sizeof request;
    request.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
    request.body.sdiag_family = AF_UNIX;
    request.body.udiag_states = ~0U;
    request.body.udiag_show = UDIAG_SHOW_VFS;
    unsigned found = 0;
    if (::send(nl, &request, sizeof request, 0) == ssize_t(sizeof request)) {
        char buf[32768];
        for (bool done = false; !done && !found;) {
            const ssize_t n = ::recv(nl, buf, sizeof buf, 0);
            if (n <= 0)
                break;
            // Walked by hand: the NLMSG_* and RTA_* macros cast in C's style.
            for (std::size_t at = 0; at + sizeof(nlmsghdr) <= std::size_t(n);) {
                nlmsghdr h;
                std::memcpy(&h, buf + at, sizeof h);
                if (h.nlmsg_len < sizeof h || at + h.nlmsg_len > std::size_t(n) || h.nlmsg_type == NLMSG_DONE
                    || h.nlmsg_type == NLMSG_ERROR) {
                    done = true;
                    break;
                }
                const std::size_t body = at + align4(sizeof h), end = at + h.nlmsg_len;
                unix_diag_msg msg;
                if (body + sizeof msg <= end) {
                    std::memcpy(&msg, buf + body, sizeof msg);
                    for (std::size_t a = body + align4(sizeof msg); a + sizeof(rtattr) <= end;) {
                        rtattr attr;
                        std::memcpy(&attr, buf + a, sizeof attr);
                        if (attr.rta_len < sizeof attr || a + attr.rta_len > end)
                            break;
                        if (attr.rta_type == UNIX_DIAG_VFS
                            && attr.rta_len >= align4(sizeof attr) + sizeof(unix_diag_vfs)) {
                            unix_diag_vfs vfs;
                            std::memcpy(&vfs, buf + a + align4(sizeof attr), sizeof vfs);
                            // The kernel's dev_t: 12 bits of major above 20 of minor.
                            if (vfs.udiag_vfs_ino == st.st_ino && (vfs.udiag_vfs_dev >> 20) == major(st.st_dev)
                                && (vfs.udiag_vfs_dev & 0xfffff) == minor(st.st_dev))
                                found = msg.udiag_ino;
                        }
                        a += align4(attr.rta_len);
                    }
                }
                at += align4(h.nlmsg_len);
            }
        }
    }
    ::close(nl);
    return found;
}

bool holds(int procFd, const char *pid, const QByteArray &link)
{
    const QByteArray fdDir = QByteArray(pid) + "/fd";
    const int dfd = ::openat(procFd, fdDir.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return false;
    DIR *d = ::fdopendir(dfd);
    if (!d) {
        ::close(dfd);
        return false;
    }
    bool found = false;
    char target[64];
    while (const dirent *e = ::readdir(d)) {
        if (e->d_name[0] == '.')
            continue;
        const ssize_t n = ::readlinkat(dfd, e->d_name, target, sizeof target);
        if (n == link.size() && std::memcmp(target, link.constData(), size_t(n)) == 0) {
            found = true;
            break;
        }
    }
    ::closedir(d);
    return found;
}

} // namespace

QList<int> LogDaemon::pids()
{
    struct stat st;
    if (::stat(m_path.constData(), &st) != 0 || !S_ISSOCK(st.st_mode)) {
        m_holders.clear();
        return {};
    }
    const bool same = st.st_ino == m_socketFile && !m_holders.isEmpty()
        && std::all_of(m_holders.cbegin(), m_holders.cend(), [](const Holder &h) {
               const auto s = procfs::readStat(h.pid);
               return s && s->startTicks == h.startTicks;
           });
    if (!same) {
        m_socketFile = st.st_ino;
        m_holders.clear();
        if (const unsigned ino = socketInodeOf(st)) {
            const QByteArray link = "socket:[" + QByteArray::number(ino) + ']';
            const int procFd = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            DIR *d = procFd >= 0 ? ::fdopendir(::dup(procFd)) : nullptr;
            while (d) {
                const dirent *e = ::readdir(d);
                if (!e)
                    break;
                if (e->d_name[0] < '1' || e->d_name[0] > '9' || !holds(procFd, e->d_name, link))
                    continue;
                const int pid = std::atoi(e->d_name);
                if (const auto s = procfs::readStat(pid))
                    m_holders.append({pid, s->startTicks});
            }
            if (d)
                ::closedir(d);
            if (procFd >= 0)
                ::close(procFd);
        }
    }
    QList<int> out;
    for (const Holder &h : m_holders)
        out.append(h.pid);
    return out;
}

} // namespace ptriage::procops
