#include "procops/ops/ProcessHandle.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace ptriage::procops {

CallerInfo CallerInfo::of(int callerPid)
{
    CallerInfo c;
    c.pid = callerPid;
    if (callerPid <= 0)
        return c;
    const auto s = procfs::readStat(callerPid);
    if (!s) {
        c.valid = false;
        return c;
    }
    c.session = s->session;
    c.pgrp = s->pgrp;
    return c;
}

std::variant<ProcessHandle, TargetResult> ProcessHandle::open(
    const ProcessIdentity &id, const std::optional<BootId> &bootId)
{
    const ProcessIdentity &target = id;
    if (id.pid < 1 || id.pid > kMaxPid)
        return TargetResult::make(target, TargetStatus::Refused, QStringLiteral("%1 is not a valid pid").arg(id.pid));
    if (!bootId)
        return TargetResult::failed(target, EIO, QStringLiteral("cannot read this boot's id"));
    if (id.boot != *bootId)
        return TargetResult::make(target, TargetStatus::IdentityChanged,
            QStringLiteral("the identity is from another boot (boot id %1; this boot is %2): that process is gone")
                .arg(QString::fromStdString(id.boot.toString()), QString::fromStdString(bootId->toString())));

    ProcessHandle h;
    h.m_id = id;
    h.m_pidfd = static_cast<int>(::syscall(SYS_pidfd_open, id.pid, 0));
    if (h.m_pidfd < 0) {
        const int err = errno;
        if (err == ESRCH)
            return TargetResult::make(
                target, TargetStatus::NoSuchProcess, QStringLiteral("no process has pid %1 any more").arg(id.pid));
        // pidfds name processes: for a thread id the kernel answers EINVAL (ENOENT since Linux 6.9),
        // as it may for a process being reaped.
        if (err == EINVAL || err == ENOENT) {
            const int tgid = procfs::threadGroupOf(id.pid);
            if (tgid > 0 && tgid != id.pid)
                return TargetResult::make(target, TargetStatus::Refused,
                    QStringLiteral("%1 is a thread of process %2, not a process; act on the process")
                        .arg(id.pid)
                        .arg(tgid));
            if (tgid <= 0)
                return TargetResult::make(
                    target, TargetStatus::NoSuchProcess, QStringLiteral("no process has pid %1 any more").arg(id.pid));
        }
        return TargetResult::failed(target, err, QStringLiteral("cannot open a pidfd for pid %1").arg(id.pid));
    }
    // Only now, with the pidfd held, is the start time worth comparing; read through the process's
    // own /proc directory, opened after the pidfd, so that the directory is proven to be this
    // process's too (its threads are then listed and checked through it, never by path).
    int err = 0;
    h.m_procDir
        = ::open(QByteArray("/proc/" + QByteArray::number(id.pid)).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (h.m_procDir < 0)
        err = errno;
    const auto stat = h.m_procDir < 0 ? std::nullopt : procfs::readStatAt(h.m_procDir, &err);
    if (!stat) {
        if (err == ENOENT || err == ESRCH)
            return TargetResult::make(target, TargetStatus::NoSuchProcess,
                QStringLiteral("process %1 exited before it could be checked").arg(id.pid));
        return TargetResult::failed(target, err, QStringLiteral("cannot read /proc/%1/stat").arg(id.pid));
    }
    if (stat->startTicks != id.startTicks)
        return TargetResult::make(target, TargetStatus::IdentityChanged,
            QStringLiteral("pid %1 now belongs to another process (started at tick %2, not %3); nothing was done")
                .arg(id.pid)
                .arg(stat->startTicks)
                .arg(id.startTicks));
    h.m_stat = *stat;
    return std::variant<ProcessHandle, TargetResult>(std::in_place_index<0>, std::move(h));
}

ProcessHandle::ProcessHandle(ProcessHandle &&other) noexcept
    : m_id(std::move(other.m_id)),
      m_stat(other.m_stat),
      m_pidfd(std::exchange(other.m_pidfd, -1)),
      m_procDir(std::exchange(other.m_procDir, -1))
{ }

ProcessHandle &ProcessHandle::operator=(ProcessHandle &&other) noexcept
{
    if (this != &other) {
        if (m_pidfd >= 0)
            ::close(m_pidfd);
        if (m_procDir >= 0)
            ::close(m_procDir);
        m_id = std::move(other.m_id);
        m_stat = other.m_stat;
        m_pidfd = std::exchange(other.m_pidfd, -1);
        m_procDir = std::exchange(other.m_procDir, -1);
    }
    return *this;
}

ProcessHandle::~ProcessHandle()
{
    if (m_pidfd >= 0)
        ::close(m_pidfd);
    if (m_procDir >= 0)
        ::close(m_procDir);
}

bool ProcessHandle::alive() const
{
    return m_pidfd >= 0 && ::syscall(SYS_pidfd_send_signal, m_pidfd, 0, nullptr, 0) == 0;
}

QString ProcessHandle::dedicatedGroupName() const
{
    return QStringLiteral("ptriage-%1-%2").arg(m_id.pid).arg(m_id.startTicks);
}

QString refusalFor(const ProcessHandle &h, const HelperRequest &request, const CallerInfo &caller)
{
    const int pid = h.pid();
    const procfs::Stat &s = h.stat();
    if (pid == 1)
        return QStringLiteral("PID 1 (init) is never acted on");
    if (pid == 2 || s.ppid == 2 || (s.flags & procfs::kPfKthread))
        return QStringLiteral("PID %1 is a kernel thread; kernel threads are never acted on").arg(pid);
    if (pid == ::getpid())
        return QStringLiteral("PID %1 is the helper itself").arg(pid);
    if (!isUndo(request))
        for (const ProtectedProcess &p : caller.machinery)
            if (p.pid == pid)
                return QStringLiteral("PID %1 is %2, which the helper and the desktop session depend on; only an "
                                      "undo (resume, thaw, unthrottle) may touch it")
                    .arg(pid)
                    .arg(p.role);
    if (caller.pid > 0) {
        if (!caller.valid)
            return QStringLiteral("the caller (PID %1) is gone, so its session cannot be checked").arg(caller.pid);
        // The caller never needs the helper for itself (it may signal itself), and freezing or
        // stopping it would hang the very call waiting for this reply.
        if (pid == caller.pid)
            return QStringLiteral("PID %1 is the caller itself").arg(pid);
        if (caller.session > 0 && pid == caller.session)
            return QStringLiteral("PID %1 leads the caller's session (its login shell or terminal); acting on it "
                                  "would take the caller's session down")
                .arg(pid);
    }
    // Thaw and unthrottle stay allowed so a zombie's dedicated group can still be cleaned up.
    const bool cleanup = request.verb == Verb::Thaw || request.verb == Verb::Unthrottle;
    if (s.state == 'Z' && !cleanup) {
        if (request.verb == Verb::Signal)
            return QStringLiteral("PID %1 is a zombie: it has already exited and waits for its parent (PID %2) to "
                                  "reap it; no signal can reach it. Act on the parent instead")
                .arg(pid)
                .arg(s.ppid);
        return QStringLiteral("PID %1 is a zombie: it has already exited; there is nothing to %2 (its parent, PID %3, "
                              "has not reaped it)")
            .arg(pid)
            .arg(verbName(request.verb))
            .arg(s.ppid);
    }
    if (request.verb == Verb::Signal) {
        const int sig = signalNumber(request.signal);
        if (s.state == 'D' && (sig == SIGKILL || sig == SIGTERM))
            return QStringLiteral("PID %1 is in uninterruptible sleep (D state, waiting for I/O): %2 would not be "
                                  "delivered until the I/O completes. Find what it waits on (storage, NFS, a device) "
                                  "first")
                .arg(pid)
                .arg(request.signal);
        if (request.processGroup) {
            if (s.pgrp != pid)
                return QStringLiteral("PID %1 does not lead a process group (its group is %2); a group signal is "
                                      "sent only through the group's leader")
                    .arg(pid)
                    .arg(s.pgrp);
            if (caller.pid > 0 && caller.pgrp == pid)
                return QStringLiteral("the caller (PID %1) is a member of process group %2").arg(caller.pid).arg(pid);
            if (::getpgrp() == pid)
                return QStringLiteral("the helper is a member of process group %1").arg(pid);
        }
    }
    return {};
}

} // namespace ptriage::procops
