#pragma once

#include "procops/ops/Cgroups.h"

#include <QByteArray>
#include <QString>

// The pure parsers of the cgroup code (CgroupLayout::parseMountInfo and v1 are defined here too): text in,
// values out, no file system access.
namespace ptriage::procops {

// A group path from /proc/PID/cgroup, accepted only in its plain form ("/a/b": absolute, no empty,
// "." or ".." part, no NUL or newline, at most 4096 characters).
bool isSafeCgroupPath(const QString &rel);
// The process's group in `h` from the text of /proc/PID/cgroup; empty when not found or unsafe.
QString parseCgroupPath(const QByteArray &text, const CgroupHierarchy &h);

} // namespace ptriage::procops
