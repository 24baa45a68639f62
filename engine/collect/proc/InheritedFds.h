#pragma once

#include "collect/Sample.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ptriage {

// An fd a child still shares with its parent (forked, stdio inherited) is one open file: kcmp(2) says
// so in a system call, without the path walk, the dentry and the permission checks of reading its link.
// Its record (target, kind, mode) is then the parent's, read moments before. That holds only while the
// parent's fd table is what it was when read: the lender is a one-thread process that has not run
// between its read and the check after its children (its CPU nanoseconds), and nothing but its own
// system calls changes its fds.

// Whether `fd` of `pid` and of `other` is the same open file; Unknown when the kernel does not say
// (no kcmp, not permitted, gone). Pids of this process's pid namespace.
enum class SameFile { Yes, No, NotInBoth, Unknown };
SameFile sameOpenFile(int pid, int other, int fd);

// Deep reads in an order that reads a lender's files before its children's: levels read one after
// another (each in parallel), and per sample the index of the sample it may borrow from (-1: none).
struct ParentsFirst {
    std::vector<std::vector<std::size_t>> levels;
    std::vector<long> lender;
};
// `work`: indices of the samples whose files are read now; `canLend[i]`: sample i's records may be
// lent (one thread, its directory kept, its CPU nanoseconds known, not this process).
ParentsFirst parentsFirst(
    const std::vector<Sample> &samples, const std::vector<std::size_t> &work, const std::vector<char> &canLend);

// The lender's records of the fds `pid` shares with it, in fd order. Only the lender's first
// kComparedFds fds are compared, up to the first the child does not have: a child shares its stdio
// and a few more, not a server's thousands.
constexpr std::size_t kComparedFds = 32;
std::vector<const OpenFile *> sharedWith(int pid, int lenderPid, const DeepDetails &lender);

} // namespace ptriage
