#pragma once

#include "procops/identity/ProcFs.h"
#include "procops/request/HelperRequest.h"
#include "procops/request/TargetResult.h"

#include <variant>

namespace ptriage::procops {

// A process the helper and the session depend on (the bus daemon, polkitd, logind), found by its
// bus name when a request is executed: only undo verbs may touch it.
struct ProtectedProcess {
    int pid = 0;
    QString role; // "the system bus daemon", "polkitd", …
};

// Who asked: the transport passes the caller's pid; its session and group are read once.
struct CallerInfo {
    QList<ProtectedProcess> machinery;
    int pid = 0; // 0: no caller checks (the core acting in the caller's own process)
    int session = 0;
    int pgrp = 0;
    bool valid = true; // false when the caller's pid was given but its stat could not be read
    static CallerInfo of(int callerPid);
};

// A process whose identity was checked through a pidfd. The pidfd is opened FIRST and the start time
// read after: a pid reused before the open shows another start time; a pid reused after the check
// leaves the pidfd on the old process, and pidfd_send_signal then fails with ESRCH.
class ProcessHandle {
public:
    // Checks `id` against the live process. On success the handle; otherwise the result to report
    // (no_such_process / identity_changed / refused). `bootId` is this boot's id.
    static std::variant<ProcessHandle, TargetResult> open(
        const ProcessIdentity &id, const std::optional<BootId> &bootId);

    ProcessHandle(ProcessHandle &&other) noexcept;
    ProcessHandle &operator=(ProcessHandle &&other) noexcept;
    ProcessHandle(const ProcessHandle &) = delete;
    ProcessHandle &operator=(const ProcessHandle &) = delete;
    ~ProcessHandle();

    int pid() const { return m_id.pid; }
    int pidfd() const { return m_pidfd; }
    int procDir() const { return m_procDir; } // /proc/PID of this very process (see readStatAt)
    const ProcessIdentity &identity() const { return m_id; }
    const ProcessIdentity &target() const { return m_id; }
    const procfs::Stat &stat() const { return m_stat; } // as read at the check

    // True while the process exists (a zombie counts): its pid cannot have been reused.
    bool alive() const;
    // The group name the cgroup code uses for this process: ptriage-<pid>-<start ticks>.
    QString dedicatedGroupName() const;

private:
    ProcessHandle() = default;
    ProcessIdentity m_id;
    procfs::Stat m_stat;
    int m_pidfd = -1;
    int m_procDir = -1;
};

// The rules no verb may break, checked on an opened handle: PID 1, kernel threads, the helper itself,
// the caller and the caller's session leader. Then per verb: zombies (act on the parent instead),
// D-state for TERM/KILL, process-group signals only on a group leader that holds neither the caller
// nor the helper. Empty when allowed.
QString refusalFor(const ProcessHandle &handle, const HelperRequest &request, const CallerInfo &caller);

} // namespace ptriage::procops
