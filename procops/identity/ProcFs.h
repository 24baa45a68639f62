#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <optional>
#include <string_view>

// The few /proc reads the helper needs, re-implemented so it links no engine code.
namespace ptriage::procops::procfs {

inline constexpr unsigned kPfKthread = 0x00200000; // PF_KTHREAD in the stat `flags` field

struct Stat {
    char state = '?';
    int ppid = 0;
    int pgrp = 0;
    int session = 0;
    unsigned flags = 0;
    long nice = 0;
    std::uint64_t utime = 0; // clock ticks
    std::uint64_t stime = 0;
    std::uint64_t startTicks = 0;
};

// Parses one /proc/PID/stat line. comm may hold spaces and parentheses: the fields start after the
// LAST ')'. Returns nothing for anything malformed.
std::optional<Stat> parseStat(std::string_view text);

// Reads /proc/PID/stat (or /proc/PID/task/TID/stat when tid > 0). On failure returns nothing and
// sets *error to errno (ENOENT/ESRCH: the process is gone).
std::optional<Stat> readStat(int pid, int *error = nullptr, int tid = 0);

// The same through a process's own /proc directory (`procDir`, an fd of /proc/PID): "stat", or
// "task/TID/stat" when tid > 0. Such a directory stays bound to the process it was opened on: when
// that process is gone, reads fail (ESRCH), even if its pid was taken by another.
std::optional<Stat> readStatAt(int procDir, int *error = nullptr, int tid = 0);

// /proc/sys/kernel/random/boot_id without its newline; empty on failure.
std::optional<BootId> bootId(); // empty when unreadable

// The Tgid line of /proc/PID/status: the process a thread id belongs to; 0 when unreadable.
int threadGroupOf(int tid);
// The same from the text of a status file.
int parseStatusTgid(const QByteArray &status);

// Thread ids under /proc/PID/task (empty when the process is gone).
QList<int> threadIds(int pid);
// Thread ids under `procDir`/task: only ever the threads of the process the directory was opened on.
QList<int> threadIdsAt(int procDir);

// Small whole-file read/write helpers for /proc and cgroupfs (no symlinks followed).
std::optional<QByteArray> readFile(const QString &path, int *error = nullptr);
// Writes `text` in one write(2); returns 0 or the errno.
int writeFile(const QString &path, const QByteArray &text);

} // namespace ptriage::procops::procfs
