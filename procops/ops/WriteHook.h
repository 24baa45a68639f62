#pragma once

namespace ptriage::procops::testing {

// Called just before each write that names a bare pid or thread id after its identity was checked
// (setpriority, sched_setaffinity, cgroup.procs): a test makes the id change hands here to prove
// the check after the write. Unset outside tests.
struct WriteHook {
    void (*call)(int id, void *context) = nullptr;
    void *context = nullptr;
};

inline WriteHook &beforeWrite()
{
    static WriteHook hook;
    return hook;
}

inline void runBeforeWrite(int id)
{
    const WriteHook &h = beforeWrite();
    if (h.call)
        h.call(id, h.context);
}

} // namespace ptriage::procops::testing
