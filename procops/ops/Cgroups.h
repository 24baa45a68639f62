#pragma once

#include "procops/ops/ProcessHandle.h"
#include "procops/request/TargetResult.h"
#include "procops/request/UndoLedger.h"

#include <QList>
#include <QString>

#include <optional>

namespace ptriage::procops {

// One mounted cgroup hierarchy. Paths in /proc/PID/cgroup are relative to the hierarchy; the mount
// shows the part of it at `mountRoot` under `mountPoint`.
struct CgroupHierarchy {
    bool v2 = false;
    QStringList controllers; // v1: the controllers bound to it ("cpu", "cpuacct"); v2: empty
    QString mountPoint; // e.g. /sys/fs/cgroup/freezer
    QString mountRoot = QStringLiteral("/");
};

// Where the hierarchies are, read from mountinfo (never from a request). Tests may set them.
class CgroupLayout {
public:
    static CgroupLayout fromMountInfo(const QString &path = QStringLiteral("/proc/self/mountinfo"));
    static CgroupLayout parseMountInfo(const QByteArray &text);

    const std::optional<CgroupHierarchy> &unified() const { return m_unified; }
    std::optional<CgroupHierarchy> v1(const QString &controller) const;
    void setUnified(std::optional<CgroupHierarchy> h) { m_unified = std::move(h); }
    void addV1(const CgroupHierarchy &h) { m_v1.prepend(h); }

private:
    std::optional<CgroupHierarchy> m_unified;
    QList<CgroupHierarchy> m_v1;
};

enum class CgroupBackend { Auto, V1, V2 };

struct CgroupOptions {
    CgroupLayout layout = CgroupLayout::fromMountInfo();
    // Auto: freeze on cgroup2 where it has cgroup.freeze, else the v1 freezer; throttle on cgroup2
    // where its cpu controller can be enabled, else the v1 cpu hierarchy. Thaw and unthrottle look at
    // both whatever is chosen for Auto.
    CgroupBackend freeze = CgroupBackend::Auto;
    CgroupBackend throttle = CgroupBackend::Auto;
    int settleTimeoutMs = 2000; // how long to wait for a freeze or thaw to take effect
    const UndoLedger *ledger = nullptr; // records where the helper enabled the cgroup2 cpu controller
};

// The process's group in `h` as /proc/PID/cgroup gives it ("/a/b"); empty when not found or unsafe.
QString cgroupPathOf(int pid, const CgroupHierarchy &h);
// The directory of group `relPath` in `h`; empty when the group is outside the mounted part.
QString cgroupDirectory(const CgroupHierarchy &h, const QString &relPath);

// Each acts on a dedicated child group <current group>/ptriage-<pid>-<start>, never on a group the
// target shares: freeze and throttle move the process (all threads) into it; thaw and unthrottle lift
// the setting, move everything in it back to its parent and remove it.
TargetResult freezeProcess(const ProcessHandle &handle, const CgroupOptions &options);
TargetResult thawProcess(const ProcessHandle &handle, const CgroupOptions &options);
TargetResult throttleProcess(const ProcessHandle &handle, int quotaPercent, const CgroupOptions &options);
TargetResult unthrottleProcess(const ProcessHandle &handle, const CgroupOptions &options);

} // namespace ptriage::procops
