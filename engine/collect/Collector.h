#pragma once

#include "Snapshot.h"
#include "collect/SteadyRate.h"
#include "collect/proc/CgroupMembers.h"
#include "collect/proc/ProcFiles.h"
#include "collect/proc/SchedClocks.h"
#include "collect/proc/SocketTable.h"
#include "util/PhaseTimes.h"

#include <functional>
#include <memory>
#include <optional>

class QThreadPool;
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ptriage {

class WorkTreeCache;

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
    bool isCapture() const { return m_capture; }
    const BootId &bootId() const { return m_bootId; }

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
    const PhaseTimes &lastPhases() const { return m_phases; }
    // The last scanOnce() or refresh(): fd records taken from a parent (InheritedFds.h), and children
    // whose records were read again by their links because the parent ran meanwhile.
    struct Inherited {
        std::size_t fds = 0;
        std::vector<ProcessIdentity> readAgain;
    };
    Inherited lastInherited() const { return m_inherited; }

private:
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
        // refresh's are kept for the next (m_keptDirs). An invalid entry past the fd budget.
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
    // firstOfTwo: a one-shot's first pass. Keeps up to dirsToKeep directories, a refresh's through
    // those it kept last time.
    Pass readCheapTier();
    Pass readCheapTier(const std::vector<int> &pids, bool firstOfTwo, std::size_t dirsToKeep);
    // The second pass of a one-shot scan: CPU time, last run and I/O again, through the kept directories,
    // of all but those quiet since long before their first read (Pass::quiet).
    Pass rereadRates(Pass &first);
    // A live refresh's directories, for the next (m_keptDirs).
    void keepDirs(Pass &pass);
    // Quiet this long (and ten intervals) before its first read, a process is not read again: what the
    // interval could catch of it, a wakeup, is what fillShortInterval evens out, and its last run
    // stays in its bin ("seconds ago").
    static constexpr double kQuietSeconds = 1;
    std::optional<SchedClocks> schedClocks(); // the clocks, renewed or read by visiting the CPUs
    // How many pid directories a scan may keep open (the soft fd limit, less a reserve).
    static std::size_t pidDirBudget();
    // Grows the fd table to hold `fds` descriptors now (see scanOnce); `anyFd` is any open fd.
    static void reserveFdTable(int anyFd, std::size_t fds);
    DirFd openPid(int pid) const;
    // cpuReadAt: when the CPU time was read (the middle of its read), for a live scan's rates.
    // quiet: set in a one-shot's first pass, when the process has not run for m_quiet->seconds
    // (one thread, sleeping or stopped; running, D and zombies never).
    // keep: the directory read through and kept (one already there is tried first: the last refresh's).
    bool readCheap(int pid, Sample &s, FileBuffer &buf, std::optional<double> *lastRanMs = nullptr,
        DirFd *keep = nullptr, double *cpuReadAt = nullptr, char *quiet = nullptr, const Sample *carry = nullptr,
        char *carried = nullptr);
    // carry: the last refresh's sample of the process `dir` was kept for (statCarriable); when its CPU
    // time is unchanged, what stat said is taken from there (`*carried` set) and only schedstat is read.
    bool readCheapAt(const DirFd &dir, int pid, Sample &s, FileBuffer &buf, std::optional<double> *lastRanMs = nullptr,
        double *cpuReadAt = nullptr, char *quiet = nullptr, const Sample *carry = nullptr, char *carried = nullptr);
    // The last refresh's sample whose stat this refresh may carry for the process kept under `id`, else null.
    const Sample *statCarriable(const ProcessIdentity &id) const;
    // A carried parent pid holds only while that parent lives: those whose parent is gone are read again.
    void recheckCarriedParents(Pass &pass);
    std::uint64_t m_refreshes = 0;
    // The last refresh's snapshot (the caller holds it too, until its triage is replaced): what a
    // process that has not run since carries over from.
    std::shared_ptr<const Snapshot> m_lastRefresh;
    std::shared_ptr<const ProcessDetails> readDetails(int pidFd, const Sample &s, FileBuffer &buf);
    // `known` with its executable read (left by the live service's first scan).
    static std::shared_ptr<const ProcessDetails> withExecutable(int pidFd, const ProcessDetails &known);
    // A parent whose records of the fds a child shares with it a deep read takes (InheritedFds.h).
    struct Lender {
        const DeepDetails *files;
        int pid;
    };
    std::shared_ptr<DeepDetails> readDeepAt(
        int pidFd, const Sample &s, FileBuffer &buf, const Lender *lender = nullptr, std::size_t *taken = nullptr);
    // Which samples of the pass may lend their fd records to their children read after them.
    std::vector<char> lenders(
        const Pass &pass, const std::vector<std::size_t> &work, const std::vector<std::uint8_t> &needs) const;
    // Children that took records from a parent that ran since its CPU time was read get theirs read again.
    void confirmLenders(Pass &pass, const std::vector<long> &lender, const std::vector<char> &took);
    static std::shared_ptr<DeepDetails> ownFilesWhilePinning();
    std::vector<FileLock> readLockTable(FileBuffer &buf) const; // touches nothing of this: any thread
    void setLocks(std::vector<FileLock> locks); // and who holds one, for the deep reads after
    // Inodes for the files of those holding a lock, read after their deep reads (through the kept
    // directories), when /proc/locks was read beside them.
    void nameLockedFiles(Pass &pass);
    void readIo(int dirFd, Sample &s, FileBuffer &buf);
    // After stat and the CPU time: I/O (unless `ioUnused`), uid and fd count, carried over from the
    // previous sample when the process has not run since (didNotRunSince).
    void readIoUidFds(int dirFd, Sample &s, FileBuffer &buf, bool ioUnused);
    // Its previous sample if it has not run since (its I/O, fds and uid are then that sample's), else null.
    const PreviousSample *didNotRunSince(const Sample &s) const;
    // `readFdsAgain`: processes whose cached fds are read anew (a listener of theirs came or went).
    void attachDetails(Pass &pass, bool deepForAll, const std::unordered_set<ProcessIdentity> *readFdsAgain = nullptr);
    void applyRates(Pass &pass);
    void fillShortIntervals(Pass &pass); // after attachLastRan: it reads the interval's own CPU
    void attachLastRan(Pass &pass);
    struct SocketReading {
        SocketMap sockets;
        ClosedByPort closedByPort;
        std::optional<Phrase> warning;
    };
    SocketReading readSockets(FileBuffer &buf) const; // touches nothing of this: any thread
    // The live service reads fds once per identity; when the TCP listeners changed since the last
    // refresh, the processes that may hold a new one (young ones) or lost one have theirs read again.
    std::unordered_set<ProcessIdentity> holdersToReadAgain(const Pass &pass, const SocketMap &sockets);
    static std::vector<std::uint64_t> tcpListeners(const SocketMap &sockets); // sorted inodes
    // `sockets`: read beside the scan (a one-shot's), else read now.
    std::shared_ptr<Snapshot> publish(Pass &&pass, PhaseClock &clock, std::optional<SocketReading> sockets = {});
    double now(FileBuffer &buf);

    CollectOptions m_options;
    DirFd m_root;
    bool m_capture = false;
    bool m_canCompareFds = false; // live, and /proc's pids are this process's (kcmp takes those)
    Inherited m_inherited;
    std::vector<ProcessIdentity> m_ioLeftForLater; // by the last scanOnce, for readIoLeftForLater
    // A capture's own instant (its uptime file, written last), wall clock: what its scans are dated,
    // so one capture reads the same whenever it is scanned. 0 for live procfs: now.
    std::int64_t m_capturedAtMs = 0;
    std::unique_ptr<WorkTreeCache> m_workTrees; // live scans only
    ProcSource m_source = ProcSource::Live; // a capture's files are opened as anyone's
    BootId m_bootId;
    std::vector<std::string_view> m_environKeys;
    std::unordered_map<ProcessIdentity, PreviousSample> m_previous;
    std::unordered_map<ProcessIdentity, std::shared_ptr<const ProcessDetails>> m_details;
    std::unordered_map<ProcessIdentity, std::shared_ptr<const DeepDetails>> m_deep;
    std::vector<std::uint64_t> m_tcpListeners; // listening TCP sockets whose holders were looked for, sorted
    std::optional<double> m_lastInterval;
    std::optional<Phrase> m_clockWarning; // a capture's recorded clocks unusable: said in the snapshot
    bool m_preciseCpu = false; // read schedstat: one-shot scans and captures, not every refresh
    // A live one-shot that reads every process deep counts each one's fds with that read, not before.
    bool m_fdsCountedWithDetails = false;
    // The live service's first scan: executables (no verdict reads them) are read by the refreshes after it.
    bool m_exeLeftForLater = false;
    static constexpr std::size_t kExecutablesPerRefresh = 1024;
    struct LastRan {
        double ms = 0; // se.exec_start, on the SchedClocks timeline
        // Its threads' CPU time (schedstat) when `ms` was read: while it is the same, the process has
        // not run since, and `ms` still holds; once it differs, `ms` is read again.
        std::optional<std::uint64_t> cpuNs;
    };
    std::unordered_map<ProcessIdentity, LastRan> m_lastRan;
    std::optional<SchedClocks> m_clocks; // as last read by visiting the CPUs
    struct QuietTest {
        SchedClocks clocks; // what "last ran" is measured on
        double seconds = kQuietSeconds;
        double ticksPerSecond = 100; // of start times
    };
    std::optional<QuietTest> m_quiet; // set during a one-shot's first pass
    std::optional<CgroupMembers> m_cgroups; // during a one-shot scan, when its walk paid
    // A live refresh's pid directories, kept for the next, sorted by pid: a read through one is its
    // process's or fails, so a refresh opens a directory only for a process it has not seen.
    struct KeptDir {
        ProcessIdentity id;
        DirFd dir;
    };
    std::vector<KeptDir> m_keptDirs;
    std::vector<FileLock> m_locks; // of the pass being read
    std::unordered_set<int> m_lockHolders; // their files get inodes, to name what they lock
    FileBuffer m_buffer; // for the calling thread's own reads
    std::vector<FileBuffer> m_buffers; // one per worker of a parallel read
    std::unique_ptr<QThreadPool> m_pool; // for the parallel reads: not the application's global pool
    PhaseTimes m_phases;
};

// Writes a captured tree in the ordinary /proc layout from `procRoot` (live /proc normally).
// Only the environment keys the collector reads are kept, so a capture carries no secrets.
bool writeCapture(
    const std::string &procRoot, const std::string &dir, const std::vector<int> &pids, std::string *error);

} // namespace ptriage
