#pragma once

#include "Snapshot.h"
#include "collect/SteadyRate.h"
#include "util/PhaseTimes.h"
// Not needed by what follows since its readers moved to scan/, but its callers (Capture.cpp, the
// tests) take the proc readers, sched clocks and cgroups from here.
#include "collect/proc/CgroupMembers.h"
#include "collect/proc/ProcFiles.h"
#include "collect/proc/SchedClocks.h"
#include "collect/proc/SocketTable.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ptriage {

struct CollectorState;

enum class DeepReads { All, NewOnly, None };

struct CollectOptions {
    std::string procRoot = "/proc";
    DeepReads deep = DeepReads::All;
    // Environment keys worth keeping (intent, supervisors, agents); everything else is dropped.
    std::vector<std::string> environKeys = defaultEnvironKeys();
    std::size_t maxFdsPerProcess = 4096;
    // The executable's path (the window's details; no verdict, report or JSON reads it).
    bool readExecutable = true;
    // Refreshes follow the one-shot scan (the live service): the I/O counters it leaves unread (of
    // processes quiet at its first read, which no verdict uses) start the refreshes' rates, read once its
    // result is out (readIoLeftForLater); its executables by the refreshes after it, 1,024 each (and by readDeep).
    bool refreshesAfterScanOnce = false;
    // Called between the cheap tier and the detail reads, of a refresh and of a one-shot scan's first
    // pass (tests: a pid changes hands there, or a process execs).
    std::function<void()> afterCheapTier;
    // Called after a generation's files are read, before those of its children, which may take their
    // parents' records (tests: a parent changes its fds there).
    std::function<void()> afterLendersRead;
    // The caller's own work, run once by a live scanOnce on a thread of its own beside the first pass
    // and its details, finished before the second pass starts (work that takes longer only lengthens
    // the intervals). A capture, read once, runs it first, on the calling thread.
    std::function<void()> meanwhile;

    static std::vector<std::string> defaultEnvironKeys();
};

// The counters a rate needs, per identity; also what `--state FILE` keeps between runs.
struct PreviousSample {
    ProcessIdentity id;
    std::uint64_t cpuTicks = 0;
    std::optional<std::uint64_t> ioBytes;
    std::optional<std::uint64_t> writtenBytes;
    double uptimeSeconds = 0;
    std::optional<std::uint64_t> cpuNs;
    std::optional<double> cpuSteady; // Sample::cpuSteady, ioSteady
    std::optional<double> ioSteady;
    int fdCount = -1; // -1: not counted
    std::optional<std::uint32_t> uid;
    double steadySeenSeconds = kSteadySeconds; // of the steady rates' window (nextSteady); all when read from a file
    LifeFill steadyLife; // what the rest of that window is filled with
};

class Collector {
public:
    explicit Collector(CollectOptions options = {});
    ~Collector();
    Collector(Collector &&) noexcept;

    // Grows this process's fd table for the directories a live scan keeps (one per process, twice
    // today's processes for growth). Call before the first thread starts: once threads share the
    // table, each growth waits for an RCU grace period (20-30 ms seen at 5,000 processes).
    static void reserveFdTableBeforeThreads();
    // A refresh reads every process's stat at least every this many refreshes, a different share of
    // them each time: what others change of a process that sleeps (its memory reclaimed, a renice)
    // is seen then. In between, only schedstat of one that has not run.
    static constexpr std::uint64_t kStatEveryRefreshes = 5;

    // Opens the proc root and reads the boot id. False with a message when it is unusable.
    bool open(std::string *error);
    bool isCapture() const;
    const BootId &bootId() const;

    // One-shot scan: the cheap tier, the expensive reads, CPU time, last run and I/O again in a pass
    // that starts at least `minInterval` seconds after the first did, so rates are recent (not for a
    // process that had not run for kQuietSeconds at its first read: it has not run since). Each
    // process's rate is over its own two reads: one read late in the first, slower pass has a shorter
    // interval than one read early (the snapshot's intervalSeconds is the shortest) (a capture is read once; its rates
    // come from seeded previous samples only). Its processes are those of the first pass still there at the second (one
    // that starts in between is not in it, as with ps). CPU time is read in nanoseconds, so a short interval is not
    // quantized; what it costs is that a process waking less often than the interval looks idle in it (the "last ran"
    // term still says it ran recently). With many processes the expensive reads take longer than the interval, and
    // nothing is waited for.
    std::shared_ptr<const Snapshot> scanOnce(double minIntervalSeconds = 0.04);
    // One refresh in a long-lived engine: cheap tier, cached details, rates against the last refresh.
    std::shared_ptr<const Snapshot> refresh();
    // Reads fds and wchan of one process now (selected process, before acting).
    std::shared_ptr<const DeepDetails> readDeep(const ProcessIdentity &id);
    // After a scanOnce with refreshesAfterScanOnce: the I/O counters it left unread, taken as the next
    // refresh's earlier sample where the process has not run since (they are then as they were at the
    // scan). Returns how many were taken.
    std::size_t readIoLeftForLater();

    void seedPrevious(const std::vector<PreviousSample> &previous);
    std::vector<PreviousSample> previousSamples() const;
    // Where the last scanOnce() or refresh() spent its time.
    const PhaseTimes &lastPhases() const;
    // The last scanOnce() or refresh(): fd records taken from a parent (InheritedFds.h), and children
    // whose records were read again by their links because the parent ran meanwhile.
    struct Inherited {
        std::size_t fds = 0;
        std::vector<ProcessIdentity> readAgain;
    };
    Inherited lastInherited() const;

private:
    std::unique_ptr<CollectorState> m_state; // scan/CollectorState.h: what its two algorithms share
};

// Writes a captured tree in the ordinary /proc layout from `procRoot` (live /proc normally).
// Only the environment keys the collector reads are kept, so a capture carries no secrets.
bool writeCapture(
    const std::string &procRoot, const std::string &dir, const std::vector<int> &pids, std::string *error);

} // namespace ptriage
