#pragma once

#include <atomic>
#include <string>
#include <vector>

namespace ptriage {

// What one program run by runAll() did.
struct RunResult {
    std::string spawnError; // it could not be started (then nothing else is set)
    int exitCode = -1; // -1 when it did not exit by itself
    int signal = 0; // what ended it, when a signal did
    bool timedOut = false; // killed at the deadline
    bool outputTooLarge = false; // killed when its output passed the bound
    std::string out; // its standard output, at most the bound
    std::string errTail; // the end of its standard error (the last 4 KiB)
    double seconds = 0;
};

// Runs every argv at once (no shell: each is an argument vector), stdin from /dev/null, and waits
// for all of them on this thread: each is killed when it outlives `timeoutSeconds` or writes more
// than `maxOutput` bytes, so one slow or flooding program never holds up or swamps the others.
// `cancel`, once true, ends them all at once as a deadline would (the window quitting). Each is
// collected the moment it exits (its pidfd is polled beside its pipes), so no ended one stays our
// zombie while the others run, and none is signalled once collected.
std::vector<RunResult> runAll(const std::vector<std::vector<std::string>> &argvs, double timeoutSeconds,
    std::size_t maxOutput, const std::atomic<bool> *cancel = nullptr);

} // namespace ptriage
