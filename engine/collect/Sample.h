#pragma once

#include "procops/identity/ProcessIdentity.h"
#include "util/Phrase.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptriage {

// Read once per identity: what a process is does not change while it lives (cmdline may, rarely).
struct ProcessDetails {
    std::string comm;
    std::vector<std::string> cmdline; // raw bytes, may be non-UTF-8
    std::string exe; // readlink target, may end in " (deleted)"
    // False: exe not read (not asked for, or left by the live service's first scan to the refreshes after it),
    // which is not "unreadable".
    bool exeRead = false;
    std::string cwd;
    bool cwdDeleted = false;
    // The git work tree around cwd (live scans only; a capture's paths are another machine's).
    std::string project; // its top directory; empty when none
    std::string projectRepository; // the main work tree of its repository (differs for a linked worktree)
    std::string projectLabel; // "api", "api@fix-auth"
    std::string cgroup; // the unified (0::) path, or the first v1 line's path
    // For git: its repository's .git/*.lock files that exist. git closes index.lock's fd while a
    // hook runs, so the fd table does not show what it holds; the file system does.
    std::vector<std::string> gitLocks;
    std::vector<std::pair<std::string, std::string>> environ; // only the keys that matter
    bool environRead = false; // false: the keys above are unknown, not absent
    std::string partial; // why something could not be read; empty when complete
};

enum class FdKind : std::uint8_t { File, Socket, Pipe, Tty, Device, Other };

struct OpenFile {
    int fd = -1;
    FdKind kind = FdKind::Other;
    std::string target; // path, or "socket:[inode]" etc.
    std::uint64_t inode = 0; // for sockets and pipes
    bool writable = false; // O_WRONLY or O_RDWR (from fdinfo)
};

// Read on demand: before acting, in a deep scan, for the selected process.
struct DeepDetails {
    std::vector<OpenFile> files;
    // The fd table was listed: `files` is what it holds. False when it could not be (permissions, a
    // capture without fd/): then nothing is known about its files, which is not "none".
    bool filesRead = false;
    int fdCount = -1; // how many fds it had when listed (`files` stops at a limit)
    std::string wchan;
    // The whole environment, secret-looking values masked; only when read for one process.
    std::vector<std::pair<std::string, std::string>> environment;
    std::string workspace; // the project directory around cwd, when there is one (live only)
    std::string exe; // read for one process (its details' may not be yet); exeRead says whether it was
    bool exeRead = false;
    std::string partial;
};

struct Sample {
    ProcessIdentity id;
    std::string comm; // from stat: at most 15 bytes, so no allocation
    int ppid = 0;
    int pgrp = 0;
    int session = 0;
    int ttyNr = 0;
    int tpgid = -1;
    char state = '?';
    unsigned flags = 0;
    long nice = 0;
    long threads = 0;
    int processor = -1; // the CPU its main thread last ran on (stat field 39); -1 when unknown
    std::uint64_t cpuTicks = 0; // utime + stime
    std::uint64_t rssBytes = 0;
    std::uint64_t vsizeBytes = 0;
    std::optional<std::uint32_t> uid;
    std::optional<std::uint64_t> ioBytes; // rchar + wchar
    std::optional<std::uint64_t> writtenBytes; // wchar
    int fdCount = -1;
    // CPU time in nanoseconds (schedstat), read where a short interval needs more than ticks.
    std::optional<std::uint64_t> cpuNs;

    // Rates against the previous sample of the same identity; empty when unknown.
    std::optional<double> cpuShare; // fraction of one core
    std::optional<double> ioRate; // bytes per second
    // What the evidence reads: the rates smoothed over about half a minute of refreshes, and a short
    // interval (a one-shot's) filled up to a second with the process's lifetime average — one sample
    // that caught a timer's wakeup or missed a burst does not flip a verdict. Shown: the rates above.
    std::optional<double> cpuSteady;
    std::optional<double> ioSteady;
    // What the steady rates are over: the interval's own, a first look's short interval filled with
    // the process's life (fillShortInterval), or refreshes smoothed (the live service's, or those it
    // left for a one-shot: LiveState). The ledger says which.
    enum class SteadyFrom : std::uint8_t { Interval, Life, Refreshes };
    SteadyFrom steadyFrom = SteadyFrom::Interval;
    // How long since any of its threads last ran on a CPU (the scheduler's clock, which stands
    // still in suspend). Read only for processes that did not run during the interval (0 for
    // those that did); empty when the kernel or the capture does not say.
    std::optional<double> sinceLastRanSeconds;

    std::shared_ptr<const ProcessDetails> details;
    std::shared_ptr<const DeepDetails> deep;
    std::string partial; // why the cheap tier is incomplete; empty when complete

    // The CPU the verdict reads (a fraction of a core): the steady rate, else the interval's.
    std::optional<double> cpuRecent() const { return cpuSteady ? cpuSteady : cpuShare; }
    bool isKernelThread() const { return (flags & 0x00200000u) != 0; } // PF_KTHREAD

    // Everything that could not be read about this process, in words; empty when complete.
    std::string partialReasons() const
    {
        std::string out = partial;
        for (const std::string *more : {details ? &details->partial : nullptr, deep ? &deep->partial : nullptr})
            if (more && !more->empty())
                out += (out.empty() ? "" : "; ") + *more;
        return out;
    }
};

struct SocketInfo {
    enum class Proto : std::uint8_t { Tcp, Tcp6, Udp, Udp6, Unix };
    Proto proto = Proto::Tcp;
    bool listening = false;
    bool established = false;
    std::string local; // "127.0.0.1:3000", "[::]:22" or the unix path
    std::string remote; // peer address for inet sockets
    int localPort = 0;
    int remotePort = 0;
    std::uint64_t peerInode = 0; // unix peers, when known
    std::int64_t uid = -1; // who made an inet socket (its holder's user, readable by all); -1 unknown
};

struct FileLock {
    int pid = 0;
    std::uint64_t inode = 0;
    std::string device; // "08:01"
    bool write = false;
    bool waiting = false; // blocked, waiting for this lock (a "->" line)
};

struct SystemInfo {
    BootId bootId;
    double uptimeSeconds = 0;
    long clockTicks = 100;
    long pageSize = 4096;
    int cpuCount = 1;
    std::uint64_t memTotalBytes = 0;
    std::uint64_t memAvailableBytes = 0;
    std::optional<std::uint64_t> swapTotalBytes; // empty when /proc/meminfo does not say
    std::optional<std::uint64_t> swapFreeBytes;
    double load1 = 0;
    double load5 = 0;
    double load15 = 0;
    // Share of the last 10 s in which some / all tasks stalled on memory (PSI, percent);
    // empty when the kernel has no /proc/pressure.
    std::optional<double> memPressureSome;
    std::optional<double> memPressureFull;
};

// What could not be read (Sample::partialReasons(), ProcessDetails::partial …) for people: the
// collector's own words are translated ("cwd: permission denied"); a system error text (strerror)
// and the file names stay as they are. english() gives the reasons back unchanged.
Phrase partialPhrase(const std::string &reasons);

} // namespace ptriage
