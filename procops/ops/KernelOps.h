#pragma once

#include "procops/ops/ProcessHandle.h"
#include "procops/request/TargetResult.h"

#include <QList>

namespace ptriage::procops {

// The non-cgroup operations, each on a checked handle. Per-thread operations list /proc/PID/task
// again until no new thread shows up, so threads started meanwhile are not missed.

// pidfd_send_signal; with processGroup, kill(-pgid) after the caller checked that the target leads
// its group. Undo of STOP is CONT.
TargetResult sendSignal(const ProcessHandle &handle, const QString &signalName, bool processGroup);

// setpriority on every thread; undo carries the main thread's previous nice.
TargetResult renice(const ProcessHandle &handle, int nice);

// sched_setaffinity on every thread; undo carries the main thread's previous affinity. `verb` is
// Quarantine or Unquarantine (they differ only in wording and in the undo they report).
TargetResult setAffinity(const ProcessHandle &handle, const QList<int> &cpus, Verb verb);

// sched_getaffinity of one thread, as a sorted CPU list (empty on failure).
QList<int> affinityOf(int tid, int *error = nullptr);

} // namespace ptriage::procops
