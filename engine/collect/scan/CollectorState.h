#pragma once

// What a Collector holds (behind its pointer), which its two algorithms, the one-shot scan
// (OneShotScan) and the live refresh (LiveRefresh), and the readers below both work on. Not for
// callers: they see Collector.

#include "collect/Collector.h"
#include "collect/Workspace.h"
#include "collect/proc/CgroupMembers.h"
#include "collect/proc/ProcFiles.h"
#include "collect/proc/SchedClocks.h"
#include "util/Phrase.h"

#include <QThreadPool>

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ptriage {

// One pass over the processes: a refresh, or either of a one-shot scan's two.
struct Pass {
    std::vector<Sample> samples;
    double uptime = 0;
    // When each process was read (live scans): a one-shot's two passes spend different times per
    // process, so the time between a process's two reads is not that between the passes' starts.
    // Empty for a capture: `uptime` for all.
    std::vector<double> readAt;
    // Read with the cheap tier where it came with the CPU time (a one-thread process's sched in a
    // one-shot scan's passes and a capture's).
    std::vector<std::optional<double>> lastRanMs;
    // A one-shot scan keeps each process's directory open from its first read to its last: an
    // open pid directory names that process only (reads through it fail once it is gone, never
    // reach a newcomer under its pid), so nothing read through it needs checking, and nothing is
    // opened twice. The second pass closes it (on its worker) unless the process exec'd. A live
    // refresh's are kept for the next (CollectorState::keptDirs). An invalid entry past the fd budget.
    std::vector<DirFd> dirs;
    // Only in a one-shot's first pass does a kept directory spare the details' exec check: its
    // second pass sees an exec in the command name.
    bool execSeenLater = false;
    // Per sample, the interval its rates span (0: no rate; negative: its first, which may be filled).
    std::vector<double> intervals;
    // A one-shot's first pass: not run for a while before its read (readCheap), so not read again.
    std::vector<char> quiet;
    // A refresh's: stat carried over from the previous sample (statCarriable), checked for a parent
    // gone once every process is read (recheckCarriedParents).
    std::vector<char> statCarried;
};

// Quiet this long (and ten intervals) before its first read, a process is not read again: what the
// interval could catch of it, a wakeup, is what fillShortInterval evens out, and its last run
// stays in its bin ("seconds ago").
inline constexpr double kQuietSeconds = 1;

// What a one-shot's first pass tells a quiet process by.
struct QuietTest {
    SchedClocks clocks; // what "last ran" is measured on
    double seconds = kQuietSeconds;
    double ticksPerSecond = 100; // of start times
};

// A live refresh's pid directory, kept for the next.
struct KeptDir {
    ProcessIdentity id;
    DirFd dir;
};

struct LastRan {
    double ms = 0; // se.exec_start, on the SchedClocks timeline
    // Its threads' CPU time (schedstat) when `ms` was read: while it is the same, the process has
    // not run since, and `ms` still holds; once it differs, `ms` is read again.
    std::optional<std::uint64_t> cpuNs;
};

struct CollectorState {
    explicit CollectorState(CollectOptions collectOptions);

    // What it reads, as open() found it.
    CollectOptions options;
    DirFd root;
    bool capture = false;
    bool canCompareFds = false; // live, and /proc's pids are this process's (kcmp takes those)
    ProcSource source = ProcSource::Live; // a capture's files are opened as anyone's
    BootId bootId;
    // A capture's own instant (its uptime file, written last), wall clock: what its scans are dated,
    // so one capture reads the same whenever it is scanned. 0 for live procfs: now.
    std::int64_t capturedAtMs = 0;
    std::vector<std::string_view> environKeys; // of options.environKeys
    std::unique_ptr<WorkTreeCache> workTrees; // live scans only

    // How the scan being read reads, set by its algorithm.
    bool preciseCpu = false; // read schedstat: one-shot scans and captures, not every refresh
    // A live one-shot that reads every process deep counts each one's fds with that read, not before.
    bool fdsCountedWithDetails = false;
    // The live service's first scan: executables (no verdict reads them) are read by the refreshes after it.
    bool exeLeftForLater = false;
    std::optional<QuietTest> quiet; // set during a one-shot's first pass
    std::optional<CgroupMembers> cgroups; // during a one-shot scan, when its walk paid
    std::vector<FileLock> locks; // of the pass being read
    std::unordered_set<int> lockHolders; // their files get inodes, to name what they lock

    // Per identity, kept from scan to scan.
    std::unordered_map<ProcessIdentity, PreviousSample> previous;
    std::unordered_map<ProcessIdentity, std::shared_ptr<const ProcessDetails>> details;
    std::unordered_map<ProcessIdentity, std::shared_ptr<const DeepDetails>> deep;
    std::unordered_map<ProcessIdentity, LastRan> lastRan;
    std::optional<double> lastInterval;
    std::optional<SchedClocks> clocks; // as last read by visiting the CPUs
    std::optional<Phrase> clockWarning; // a capture's recorded clocks unusable: said in the snapshot

    // Between the live service's scans.
    std::uint64_t refreshes = 0;
    // The last refresh's snapshot (the caller holds it too, until its triage is replaced): what a
    // process that has not run since carries over from.
    std::shared_ptr<const Snapshot> lastRefresh;
    // A live refresh's pid directories, kept for the next, sorted by pid: a read through one is its
    // process's or fails, so a refresh opens a directory only for a process it has not seen.
    std::vector<KeptDir> keptDirs;
    std::vector<std::uint64_t> tcpListeners; // listening TCP sockets whose holders were looked for, sorted
    std::vector<ProcessIdentity> ioLeftForLater; // by the last scanOnce, for readIoLeftForLater

    // Readers.
    FileBuffer buffer; // for the calling thread's own reads
    std::vector<FileBuffer> buffers; // one per worker of a parallel read
    std::unique_ptr<QThreadPool> pool; // for the parallel reads: not the application's global pool

    // What the last scan did.
    PhaseTimes phases;
    Collector::Inherited inherited;
};

} // namespace ptriage
