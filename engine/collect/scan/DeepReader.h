#pragma once

// The deep reads: a process's open files (and wchan when in D), some taken from its parent's; the lock
// table, and the inodes that name what its holders lock.

#include "collect/scan/CollectorState.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace ptriage {

// A parent whose records of the fds a child shares with it a deep read takes (InheritedFds.h).
struct Lender {
    const DeepDetails *files;
    int pid;
};
// taken: how many of its files were the lender's records.
std::shared_ptr<DeepDetails> readDeepAt(const CollectorState &state, int pidFd, const Sample &s, FileBuffer &buf,
    const Lender *lender = nullptr, std::size_t *taken = nullptr);
// What a scan that holds every process's directory open says of its own files instead.
std::shared_ptr<DeepDetails> ownFilesWhilePinning();

// Changes nothing of the state: any thread.
std::vector<FileLock> readLockTable(const CollectorState &state, FileBuffer &buf);
void setLocks(CollectorState &state, std::vector<FileLock> locks); // and who holds one, for the deep reads after
// Inodes for the files of those holding a lock, read after their deep reads (through the kept
// directories), when /proc/locks was read beside them.
void nameLockedFiles(CollectorState &state, Pass &pass);

} // namespace ptriage
