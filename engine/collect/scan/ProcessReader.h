#pragma once

// The cheap tier, what every scan reads of every process (stat, CPU time, I/O, uid, fd count), through
// its pid directory; and those directories: listed, opened, kept within the fd budget.

#include "collect/scan/CollectorState.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptriage {

double bootClockSeconds(); // the vDSO: tens of nanoseconds
// A pass's uptime: the boot clock, or a capture's uptime file.
double now(const CollectorState &state, FileBuffer &buf);

// A process's warnings ("io: permission denied; status: no Uid").
void addReason(std::string &partial, std::string_view what);
std::string describeErrno(const char *file, int err);

// Lists the pids of a proc root (pid 0 never appears in a real one).
std::vector<int> listPids(int dirFd);
DirFd openPid(const CollectorState &state, int pid);
// How many pid directories a scan may keep open (the soft fd limit, less a reserve).
std::size_t pidDirBudget();
// Grows the fd table to hold `fds` descriptors now (see scanOnce); `anyFd` is any open fd.
void reserveFdTable(int anyFd, std::size_t fds);
int countFds(int pidDir);

// Whether the process behind `dirFd` (a pid directory opened earlier) is still the one `s` was read
// from, read again after reads through that directory. A pid directory keeps naming the process it
// was opened for (reads through it fail once that one is gone), but it may have been opened after
// the pid changed hands, and the process may have exec'd since `s` was read.
enum class StillSame { Yes, Execd, No };
StillSame stillSame(int dirFd, const Sample &s, FileBuffer &buf);

// cpuReadAt: when the CPU time was read (the middle of its read), for a live scan's rates.
// quiet: set in a one-shot's first pass, when the process has not run for state.quiet->seconds
// (one thread, sleeping or stopped; running, D and zombies never).
// keep: the directory read through and kept (one already there is tried first: the last refresh's).
bool readCheap(const CollectorState &state, int pid, Sample &s, FileBuffer &buf,
    std::optional<double> *lastRanMs = nullptr, DirFd *keep = nullptr, double *cpuReadAt = nullptr,
    char *quiet = nullptr, const Sample *carry = nullptr, char *carried = nullptr);
// carry: the last refresh's sample of the process `dir` was kept for (statCarriable); when its CPU
// time is unchanged, what stat said is taken from there (`*carried` set) and only schedstat is read.
bool readCheapAt(const CollectorState &state, const DirFd &dir, int pid, Sample &s, FileBuffer &buf,
    std::optional<double> *lastRanMs = nullptr, double *cpuReadAt = nullptr, char *quiet = nullptr,
    const Sample *carry = nullptr, char *carried = nullptr);
void readIo(int dirFd, Sample &s, FileBuffer &buf);

// A pass over `n` processes begun: its uptime, room for what each read gives. firstOfTwo: a
// one-shot's first pass. Keeps up to dirsToKeep directories.
Pass startPass(CollectorState &state, std::size_t n, bool firstOfTwo, std::size_t dirsToKeep);
// The cheap tier of `pids` read into `pass` (from startPass) by the reader pool; the vanished drop
// out. A directory already in pass.dirs (a refresh's, kept last time) is read through first; `carry`,
// empty or one per pid, what a refresh may carry of its stat (statCarriable).
void readCheapTier(CollectorState &state, Pass &pass, const std::vector<int> &pids, bool firstOfTwo,
    std::size_t dirsToKeep, const std::vector<const Sample *> &carry = {});
// The pass's directories kept for the next refresh (state.keptDirs).
void keepDirs(CollectorState &state, Pass &pass);

} // namespace ptriage
