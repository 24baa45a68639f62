#include "procops/ops/Cgroups.h"

#include "procops/ops/CgroupParsers.h"
#include "procops/ops/WriteHook.h"

#include <QDir>
#include <QDirIterator>
#include <QRegularExpression>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <functional>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

namespace ptriage::procops {
namespace {

constexpr int kPollMs = 5;

QString joinRel(const QString &parent, const QString &name)
{
    return parent == QLatin1String("/") ? parent + name : parent + QLatin1Char('/') + name;
}

QString parentOf(const QString &rel)
{
    const qsizetype slash = rel.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QStringLiteral("/") : rel.left(slash);
}

QString baseNameOf(const QString &rel)
{
    return rel.mid(rel.lastIndexOf(QLatin1Char('/')) + 1);
}

QString backendLabel(const CgroupHierarchy &h, const char *v1Controller)
{
    return h.v2 ? QStringLiteral("cgroup2") : QStringLiteral("cgroup v1 ") + QLatin1String(v1Controller);
}

int moveProcess(int pid, const QString &groupDir)
{
    return procfs::writeFile(groupDir + QStringLiteral("/cgroup.procs"), QByteArray::number(pid));
}

// A new process that took a pid during our write to cgroup.procs went where the write said: it
// belongs in its parent's group (where it was born), so it goes there.
void returnReuser(int pid, const CgroupHierarchy &h)
{
    const auto s = procfs::readStat(pid);
    if (!s || s->ppid <= 0)
        return;
    const QString home = cgroupDirectory(h, cgroupPathOf(s->ppid, h));
    if (!home.isEmpty())
        moveProcess(pid, home);
}

bool pidfdAlive(int pidfd)
{
    return ::syscall(SYS_pidfd_send_signal, pidfd, 0, nullptr, 0) == 0;
}

// Moves back to `parentDir` what is in our group `groupRel`, one identity-checked process at a time:
// a pidfd is opened, membership read, the pidfd still alive (so the membership was this process's),
// then the write, then the pidfd alive again (so the write moved this process). A pid that changed
// hands during the write sends its new owner back to its parent's group.
int evacuate(const CgroupHierarchy &h, const QString &groupRel, const QString &groupDir, const QString &parentDir)
{
    for (int round = 0; round < 4; ++round) {
        int err = 0;
        const auto procs = procfs::readFile(groupDir + QStringLiteral("/cgroup.procs"), &err);
        if (!procs)
            return err;
        bool any = false;
        for (const QByteArray &line : procs->split('\n')) {
            bool ok = false;
            const int pid = line.trimmed().toInt(&ok);
            if (!ok || pid <= 0)
                continue;
            const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
            if (pidfd < 0)
                continue; // gone
            const bool member = cgroupPathOf(pid, h) == groupRel && pidfdAlive(pidfd);
            if (member) {
                any = true;
                testing::runBeforeWrite(pid);
                const int e = moveProcess(pid, parentDir);
                if (e == 0 && !pidfdAlive(pidfd))
                    returnReuser(pid, h);
                else if (e != 0 && e != ESRCH) {
                    ::close(pidfd);
                    return e;
                }
            }
            ::close(pidfd);
        }
        if (!any)
            return 0;
    }
    return 0;
}

int removeGroup(const QString &groupDir)
{
    const QByteArray path = groupDir.toLocal8Bit();
    // A group just emptied stays busy while a killed member finishes exiting and the kernel offlines
    // it; on a loaded machine that takes more than a moment, so the wait is bounded by time.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    auto pause = std::chrono::milliseconds(5);
    for (;;) {
        if (::rmdir(path.constData()) == 0 || errno == ENOENT)
            return 0;
        if (errno != EBUSY)
            return errno;
        // A listed member is alive, not exiting: it will not leave by itself.
        const auto procs = procfs::readFile(groupDir + QStringLiteral("/cgroup.procs"));
        if (std::chrono::steady_clock::now() >= deadline || !procs || !procs->trimmed().isEmpty())
            return EBUSY;
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(100));
    }
}

// Removes empty ptriage-<pid>-<start> groups whose process is gone (e.g. killed while frozen).
void sweepStale(const QString &parentDir, const QString &keep)
{
    static const QRegularExpression pattern(QStringLiteral("^ptriage-(\\d{1,7})-(\\d{1,20})$"));
    const QStringList entries = QDir(parentDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QString &name : entries) {
        const auto m = pattern.match(name);
        if (!m.hasMatch() || name == keep)
            continue;
        const auto s = procfs::readStat(m.captured(1).toInt());
        if (!s || s->startTicks != m.captured(2).toULongLong())
            ::rmdir(QString(parentDir + QLatin1Char('/') + name).toLocal8Bit().constData()); // fails if in use
    }
}

bool fileExists(const QString &path)
{
    struct stat st;
    return ::stat(path.toLocal8Bit().constData(), &st) == 0;
}

QString readTrimmed(const QString &path)
{
    const auto text = procfs::readFile(path);
    return text ? QString::fromLatin1(text->trimmed()) : QString();
}

bool v2Frozen(const QString &groupDir)
{
    return readTrimmed(groupDir + QStringLiteral("/cgroup.freeze")) == QLatin1String("1");
}

bool v2CpuLimited(const QString &groupDir)
{
    const QString max = readTrimmed(groupDir + QStringLiteral("/cpu.max"));
    return !max.isEmpty() && !max.startsWith(QLatin1String("max"));
}

// Whether any child group of `parentDir` has a CPU limit.
bool v2CpuLimitedBelow(const QString &parentDir)
{
    const QStringList children = QDir(parentDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    return std::any_of(children.cbegin(), children.cend(),
        [&](const QString &child) { return v2CpuLimited(parentDir + QLatin1Char('/') + child); });
}

// Waits until the group reports `frozen` (v2 cgroup.events, v1 freezer.state).
bool waitFreezeState(const CgroupHierarchy &h, const QString &groupDir, bool frozen, int timeoutMs)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    int polls = 0;
    for (;;) {
        if (h.v2) {
            const auto events = procfs::readFile(groupDir + QStringLiteral("/cgroup.events"));
            if (events && events->contains(frozen ? "frozen 1" : "frozen 0"))
                return true;
        } else {
            const QString state = readTrimmed(groupDir + QStringLiteral("/freezer.state"));
            if (state == (frozen ? QLatin1String("FROZEN") : QLatin1String("THAWED")))
                return true;
            // The v1 freezer retries stragglers on each write of FROZEN.
            if (frozen && state == QLatin1String("FREEZING") && ++polls % 10 == 0)
                procfs::writeFile(groupDir + QStringLiteral("/freezer.state"), "FROZEN");
        }
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(kPollMs));
    }
}

// The dedicated group of a process in one hierarchy: where it is, or would be.
struct Placement {
    QString groupRel;
    QString groupDir;
    QString parentDir;
    bool inside = false; // the process is in it already
};

std::optional<Placement> placementFor(const ProcessHandle &hd, const CgroupHierarchy &h, TargetResult *error)
{
    const QString current = cgroupPathOf(hd.pid(), h);
    if (current.isEmpty()) {
        *error = TargetResult::failed(hd.target(), ENOENT,
            QStringLiteral("cannot find the cgroup of PID %1 under %2").arg(hd.pid()).arg(h.mountPoint));
        return std::nullopt;
    }
    Placement p;
    const QString name = hd.dedicatedGroupName();
    p.inside = baseNameOf(current) == name;
    p.groupRel = p.inside ? current : joinRel(current, name);
    p.groupDir = cgroupDirectory(h, p.groupRel);
    p.parentDir = cgroupDirectory(h, parentOf(p.groupRel));
    if (p.groupDir.isEmpty() || p.parentDir.isEmpty()) {
        *error = TargetResult::failed(hd.target(), EXDEV,
            QStringLiteral("the cgroup %1 of PID %2 is outside the part of the hierarchy mounted at %3")
                .arg(current, QString::number(hd.pid()), h.mountPoint)); // one pass: paths may hold '%'
        return std::nullopt;
    }
    return p;
}

// The ledger's record of a freeze or throttle, written before acting and dropped unless it took.
class HeldUntilDone {
public:
    HeldUntilDone(const UndoLedger *ledger, UndoLedger::Hold kind, const ProcessHandle &hd, const QString &groupDir)
        : m_ledger(ledger), m_kind(kind), m_hd(hd)
    {
        if (m_ledger)
            m_ledger->hold(kind, hd.identity(), groupDir);
    }
    HeldUntilDone(const HeldUntilDone &) = delete;
    HeldUntilDone &operator=(const HeldUntilDone &) = delete;
    ~HeldUntilDone()
    {
        if (m_ledger && !m_done)
            m_ledger->release(m_kind, m_hd.identity());
    }
    void done() { m_done = true; }

private:
    const UndoLedger *m_ledger;
    UndoLedger::Hold m_kind;
    const ProcessHandle &m_hd;
    bool m_done = false;
};

// Creates the group and moves the process in, undoing both on failure. `unsupported` marks failures
// after which the other hierarchy may be tried.
class Dedication {
public:
    Dedication(const ProcessHandle &hd, const CgroupHierarchy &h, Placement p) : m_hd(hd), m_h(h), m_p(std::move(p)) { }
    Dedication(const Dedication &) = delete;
    Dedication &operator=(const Dedication &) = delete;
    ~Dedication()
    {
        if (!m_committed)
            rollback();
    }

    std::optional<TargetResult> create()
    {
        if (m_p.inside)
            return std::nullopt;
        sweepStale(m_p.parentDir, m_hd.dedicatedGroupName());
        if (::mkdir(m_p.groupDir.toLocal8Bit().constData(), 0755) == 0) {
            m_created = true;
            return std::nullopt;
        }
        const int err = errno;
        if (err != EEXIST)
            return TargetResult::failed(
                m_hd.target(), err, QStringLiteral("cannot create cgroup %1").arg(m_p.groupDir));
        // Someone made it before us (it is named after this process): its settings and owner are not
        // ours to trust. Only an empty leftover of our own is made anew.
        struct stat st;
        const QByteArray path = m_p.groupDir.toLocal8Bit();
        const auto procs = procfs::readFile(m_p.groupDir + QStringLiteral("/cgroup.procs"));
        if (::lstat(path.constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || !procs
            || !procs->trimmed().isEmpty() || ::rmdir(path.constData()) != 0 || ::mkdir(path.constData(), 0755) != 0)
            return TargetResult::make(m_hd.target(), TargetStatus::Refused,
                QStringLiteral("the cgroup %1 already exists and was not made by the helper for this request (owner "
                               "uid %2); it is not reused")
                    .arg(m_p.groupDir)
                    .arg(static_cast<long long>(st.st_uid)));
        m_created = true;
        return std::nullopt;
    }

    std::optional<TargetResult> moveIn()
    {
        if (m_p.inside)
            return std::nullopt;
        // The pid is written bare: alive before (checked here) and after (below) proves it named this
        // process throughout.
        if (!m_hd.alive())
            return TargetResult::make(m_hd.target(), TargetStatus::NoSuchProcess,
                QStringLiteral("process %1 exited before it could be moved").arg(m_hd.pid()));
        testing::runBeforeWrite(m_hd.pid());
        if (const int err = moveProcess(m_hd.pid(), m_p.groupDir)) {
            if (err == ESRCH)
                return TargetResult::make(m_hd.target(), TargetStatus::NoSuchProcess,
                    QStringLiteral("process %1 exited before it could be moved").arg(m_hd.pid()));
            return TargetResult::failed(
                m_hd.target(), err, QStringLiteral("cannot move PID %1 into %2").arg(m_hd.pid()).arg(m_p.groupDir));
        }
        m_moved = true;
        // Alive now means the pid was ours all along: a pid is not reused while its process exists.
        if (!m_hd.alive()) {
            const auto s = procfs::readStat(m_hd.pid());
            if (s && s->startTicks != m_hd.identity().startTicks)
                returnReuser(m_hd.pid(), m_h);
            return TargetResult::make(m_hd.target(), TargetStatus::NoSuchProcess,
                QStringLiteral("process %1 exited during the move; whatever the move reached was put back")
                    .arg(m_hd.pid()));
        }
        return std::nullopt;
    }

    void rollback()
    {
        if (m_moved)
            evacuate(m_h, m_p.groupRel, m_p.groupDir, m_p.parentDir);
        if (m_created)
            removeGroup(m_p.groupDir);
        m_moved = m_created = false;
    }
    void commit() { m_committed = true; }

private:
    const ProcessHandle &m_hd;
    const CgroupHierarchy &m_h;
    Placement m_p;
    bool m_created = false;
    bool m_moved = false;
    bool m_committed = false;
};

TargetResult freezeIn(const ProcessHandle &hd, const CgroupHierarchy &h, const CgroupOptions &o, bool *unsupported)
{
    const int timeoutMs = o.settleTimeoutMs;
    TargetResult error;
    const auto p = placementFor(hd, h, &error);
    if (!p)
        return error;
    HeldUntilDone held(o.ledger, UndoLedger::Hold::Freeze, hd, p->groupDir);
    Dedication d(hd, h, *p);
    if (auto r = d.create())
        return *r;
    const QString control = p->groupDir + (h.v2 ? QStringLiteral("/cgroup.freeze") : QStringLiteral("/freezer.state"));
    if (!fileExists(control)) {
        *unsupported = true;
        return TargetResult::failed(hd.target(), ENOTSUP,
            h.v2 ? QStringLiteral("cgroup2 at %1 has no cgroup.freeze (it needs Linux 5.2 or later)").arg(h.mountPoint)
                 : QStringLiteral("%1 has no freezer.state").arg(p->groupDir));
    }
    if (auto r = d.moveIn())
        return *r;
    if (const int err = procfs::writeFile(control, h.v2 ? QByteArray("1") : QByteArray("FROZEN")))
        return TargetResult::failed(hd.target(), err, QStringLiteral("cannot freeze %1").arg(p->groupDir));
    if (!waitFreezeState(h, p->groupDir, true, timeoutMs)) {
        procfs::writeFile(control, h.v2 ? QByteArray("0") : QByteArray("THAWED"));
        waitFreezeState(h, p->groupDir, false, timeoutMs);
        return TargetResult::failed(hd.target(), ETIMEDOUT,
            QStringLiteral("PID %1 did not freeze within %2 ms (a thread in uninterruptible I/O freezes only once the "
                           "I/O completes); it was thawed and left where it was")
                .arg(hd.pid())
                .arg(timeoutMs));
    }
    d.commit();
    held.done();
    TargetResult r = TargetResult::done(hd.target(),
        QStringLiteral("PID %1 frozen in %2 (%3)").arg(hd.pid()).arg(p->groupDir, backendLabel(h, "freezer")));
    r.undo.insert(field::verb, verbName(Verb::Thaw));
    r.details.insert(QStringLiteral("cgroup"), p->groupDir);
    r.details.insert(QStringLiteral("backend"), backendLabel(h, "freezer"));
    return r;
}

// Lifts our last setting from the group: moves everything back to the parent and removes the group.
TargetResult dissolve(const ProcessHandle &hd, const CgroupHierarchy &h, const QString &groupRel,
    const QString &groupDir, const QString &parentDir, TargetResult done)
{
    if (const int err = evacuate(h, groupRel, groupDir, parentDir))
        return TargetResult::failed(
            hd.target(), err, QStringLiteral("cannot move PID %1 back to %2").arg(hd.pid()).arg(parentDir));
    if (const int err = removeGroup(groupDir))
        done.message += QStringLiteral("; the group %1 could not be removed: %2")
                            .arg(groupDir, QString::fromLocal8Bit(::strerrordesc_np(err)));
    done.details.insert(QStringLiteral("cgroup"), parentDir);
    return done;
}

std::optional<TargetResult> thawIn(const ProcessHandle &hd, const CgroupHierarchy &h, int timeoutMs)
{
    const QString current = cgroupPathOf(hd.pid(), h);
    if (current.isEmpty() || baseNameOf(current) != hd.dedicatedGroupName())
        return std::nullopt;
    const QString groupDir = cgroupDirectory(h, current);
    const QString parentDir = cgroupDirectory(h, parentOf(current));
    if (groupDir.isEmpty() || parentDir.isEmpty())
        return std::nullopt;
    // On cgroup2 the group may be there only for a throttle.
    if (h.v2 && !v2Frozen(groupDir) && v2CpuLimited(groupDir))
        return std::nullopt;
    const QString control = groupDir + (h.v2 ? QStringLiteral("/cgroup.freeze") : QStringLiteral("/freezer.state"));
    if (const int err = procfs::writeFile(control, h.v2 ? QByteArray("0") : QByteArray("THAWED")))
        return TargetResult::failed(hd.target(), err, QStringLiteral("cannot thaw %1").arg(groupDir));
    if (!waitFreezeState(h, groupDir, false, timeoutMs))
        return TargetResult::failed(hd.target(), ETIMEDOUT,
            QStringLiteral("%1 did not report thawed within %2 ms").arg(groupDir, QString::number(timeoutMs)));
    TargetResult r = TargetResult::done(hd.target(), QStringLiteral("PID %1 thawed").arg(hd.pid()));
    r.undo.insert(field::verb, verbName(Verb::Freeze));
    r.details.insert(QStringLiteral("backend"), backendLabel(h, "freezer"));
    if (h.v2 && v2CpuLimited(groupDir)) {
        r.message += QStringLiteral("; it stays in %1 for its CPU limit (unthrottle removes it)").arg(groupDir);
        r.details.insert(QStringLiteral("cgroup"), groupDir);
        return r;
    }
    r.message += QStringLiteral(" and moved back to %1").arg(parentDir);
    return dissolve(hd, h, current, groupDir, parentDir, r);
}

// The group `groupDir` in `h` as a path relative to the hierarchy; empty when it is not under `h`.
QString relativeGroup(const CgroupHierarchy &h, const QString &groupDir)
{
    if (!groupDir.startsWith(h.mountPoint + QLatin1Char('/')))
        return {};
    const QString rest = groupDir.mid(h.mountPoint.size());
    const QString rel = h.mountRoot == QLatin1String("/") ? rest : h.mountRoot + rest;
    return cgroupDirectory(h, rel) == groupDir ? rel : QString();
}

// The helper made it: a directory (not a link) of root's, named after this very process.
QString notMadeByTheHelper(const ProcessHandle &hd, const QString &groupDir)
{
    struct stat st;
    if (::lstat(groupDir.toLocal8Bit().constData(), &st) != 0 || !S_ISDIR(st.st_mode))
        return QStringLiteral("the group %1 is gone").arg(groupDir);
    if (st.st_uid != ::geteuid() || baseNameOf(groupDir) != hd.dedicatedGroupName())
        return QStringLiteral("the group %1 was not made by the helper for PID %2 (owner uid %3); it is left alone")
            .arg(groupDir, QString::number(hd.pid()), QString::number(st.st_uid));
    return {};
}

// The process's dedicated freeze group, for a process no longer in it: thawed, emptied and removed.
TargetResult thawLeftBehind(
    const ProcessHandle &hd, const CgroupHierarchy &h, const QString &groupRel, const QString &groupDir, int timeoutMs)
{
    const QString parentDir = cgroupDirectory(h, parentOf(groupRel));
    const QString control = groupDir + (h.v2 ? QStringLiteral("/cgroup.freeze") : QStringLiteral("/freezer.state"));
    if (const int err = procfs::writeFile(control, h.v2 ? QByteArray("0") : QByteArray("THAWED")))
        return TargetResult::failed(hd.target(), err, QStringLiteral("cannot thaw %1").arg(groupDir));
    waitFreezeState(h, groupDir, false, timeoutMs);
    TargetResult done = TargetResult::done(hd.target(),
        QStringLiteral("PID %1 had been moved out of its frozen group %2; the group was thawed and removed")
            .arg(QString::number(hd.pid()), groupDir));
    done.undo.insert(field::verb, verbName(Verb::Freeze));
    return dissolve(hd, h, groupRel, groupDir, parentDir, done);
}

TargetResult throttleIn(const ProcessHandle &hd, const CgroupHierarchy &h, int quotaPercent,
    const CgroupOptions &options, bool *unsupported)
{
    const qint64 quotaUs = std::max<qint64>(kCpuQuotaFloorUs, qint64(quotaPercent) * (kCpuPeriodUs / 100));
    TargetResult error;
    const auto p = placementFor(hd, h, &error);
    if (!p)
        return error;
    HeldUntilDone held(options.ledger, UndoLedger::Hold::Throttle, hd, p->groupDir);
    Dedication d(hd, h, *p);
    if (auto r = d.create())
        return *r;
    const QByteArray quota = QByteArray::number(quotaUs);
    const QByteArray period = QByteArray::number(kCpuPeriodUs);
    if (!h.v2) {
        // Quota off first: a period change is checked against the quota in force.
        for (const auto &[file, value] : {std::pair{QStringLiteral("/cpu.cfs_quota_us"), QByteArray("-1")},
                 std::pair{QStringLiteral("/cpu.cfs_period_us"), period},
                 std::pair{QStringLiteral("/cpu.cfs_quota_us"), quota}})
            if (const int err = procfs::writeFile(p->groupDir + file, value))
                return TargetResult::failed(
                    hd.target(), err, QStringLiteral("cannot write %1%2").arg(p->groupDir, file));
        if (auto r = d.moveIn())
            return *r;
    } else {
        // Move first: a non-root cgroup2 group can pass the cpu controller down only once it holds no
        // processes, which is the case when the target was alone in it.
        if (auto r = d.moveIn())
            return *r;
        const QString subtree = p->parentDir + QStringLiteral("/cgroup.subtree_control");
        if (!readTrimmed(subtree).split(QLatin1Char(' ')).contains(QLatin1String("cpu"))) {
            if (const int err = procfs::writeFile(subtree, "+cpu")) {
                *unsupported = true;
                return TargetResult::failed(hd.target(), err,
                    QStringLiteral("cannot enable the cgroup2 cpu controller in %1 (a group that still holds other "
                                   "processes cannot pass it down)")
                        .arg(p->parentDir));
            }
            // Ours to take back on unthrottle: left on, the parent could not take its process back.
            if (options.ledger)
                options.ledger->recordCpuEnabled(p->parentDir);
        }
        if (const int err = procfs::writeFile(p->groupDir + QStringLiteral("/cpu.max"), quota + ' ' + period)) {
            if (options.ledger && options.ledger->cpuEnabledByUs(p->parentDir) && !v2CpuLimitedBelow(p->parentDir)) {
                procfs::writeFile(subtree, "-cpu"); // as found, so the rollback can move the process back
                options.ledger->forgetCpuEnabled(p->parentDir);
            }
            return TargetResult::failed(hd.target(), err, QStringLiteral("cannot write %1/cpu.max").arg(p->groupDir));
        }
    }
    d.commit();
    held.done();
    TargetResult r = TargetResult::done(hd.target(),
        QStringLiteral("PID %1 limited to %2% of one CPU in %3 (%4)")
            .arg(hd.pid())
            .arg(quotaPercent)
            .arg(p->groupDir, backendLabel(h, "cpu")));
    r.undo.insert(field::verb, verbName(Verb::Unthrottle));
    r.details.insert(QStringLiteral("cgroup"), p->groupDir);
    r.details.insert(QStringLiteral("backend"), backendLabel(h, "cpu"));
    r.details.insert(QStringLiteral("quotaUs"), quotaUs);
    r.details.insert(QStringLiteral("periodUs"), kCpuPeriodUs);
    return r;
}

// cgroup2's "no internal processes" rule: a group that passes a controller down holds no processes,
// so the parent takes its process back only once the cpu controller the helper enabled there is off
// again. It stays on while another group under that parent is still CPU-limited.
std::optional<TargetResult> releaseCpuController(
    const ProcessHandle &hd, const QString &groupDir, const QString &parentDir, const CgroupOptions &o)
{
    if (!o.ledger || !o.ledger->cpuEnabledByUs(parentDir))
        return std::nullopt;
    const QStringList children = QDir(parentDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QString &child : children) {
        const QString dir = parentDir + QLatin1Char('/') + child;
        if (dir != groupDir && v2CpuLimited(dir))
            return TargetResult::failed(hd.target(), EBUSY,
                QStringLiteral("PID %1 cannot go back to %2 yet: the cpu controller the helper enabled there still "
                               "limits %3")
                    .arg(QString::number(hd.pid()), parentDir, dir));
    }
    if (const int err = procfs::writeFile(parentDir + QStringLiteral("/cgroup.subtree_control"), "-cpu"))
        return TargetResult::failed(
            hd.target(), err, QStringLiteral("cannot disable the cpu controller in %1 again").arg(parentDir));
    o.ledger->forgetCpuEnabled(parentDir);
    return std::nullopt;
}

std::optional<TargetResult> unthrottleIn(const ProcessHandle &hd, const CgroupHierarchy &h, const CgroupOptions &o)
{
    const QString current = cgroupPathOf(hd.pid(), h);
    if (current.isEmpty() || baseNameOf(current) != hd.dedicatedGroupName())
        return std::nullopt;
    const QString groupDir = cgroupDirectory(h, current);
    const QString parentDir = cgroupDirectory(h, parentOf(current));
    if (groupDir.isEmpty() || parentDir.isEmpty())
        return std::nullopt;
    TargetResult r = TargetResult::done(hd.target(), QStringLiteral("PID %1 no longer CPU-limited").arg(hd.pid()));
    r.details.insert(QStringLiteral("backend"), backendLabel(h, "cpu"));
    if (h.v2) {
        if (!v2CpuLimited(groupDir) && v2Frozen(groupDir))
            return std::nullopt; // there for a freeze only
        if (fileExists(groupDir + QStringLiteral("/cpu.max")))
            if (const int err = procfs::writeFile(
                    groupDir + QStringLiteral("/cpu.max"), QByteArray("max ") + QByteArray::number(kCpuPeriodUs)))
                return TargetResult::failed(hd.target(), err, QStringLiteral("cannot write %1/cpu.max").arg(groupDir));
        if (v2Frozen(groupDir)) {
            r.message += QStringLiteral("; it stays frozen in %1 (thaw moves it back)").arg(groupDir);
            r.details.insert(QStringLiteral("cgroup"), groupDir);
            return r;
        }
        if (auto blocked = releaseCpuController(hd, groupDir, parentDir, o))
            return blocked;
    } else if (const int err = procfs::writeFile(groupDir + QStringLiteral("/cpu.cfs_quota_us"), "-1")) {
        return TargetResult::failed(hd.target(), err, QStringLiteral("cannot write %1/cpu.cfs_quota_us").arg(groupDir));
    }
    r.message += QStringLiteral(" and moved back to %1").arg(parentDir);
    return dissolve(hd, h, current, groupDir, parentDir, r);
}

bool v2HasCpuController(const CgroupHierarchy &h)
{
    return readTrimmed(h.mountPoint + QStringLiteral("/cgroup.controllers"))
        .split(QLatin1Char(' '))
        .contains(QLatin1String("cpu"));
}

// The hierarchies a verb may use, in order of preference.
QList<CgroupHierarchy> candidates(
    const CgroupOptions &o, CgroupBackend backend, const QString &v1Controller, bool throttle)
{
    QList<CgroupHierarchy> list;
    const auto &unified = o.layout.unified();
    const auto v1 = o.layout.v1(v1Controller);
    if (backend != CgroupBackend::V1 && unified
        && (!throttle || backend == CgroupBackend::V2 || v2HasCpuController(*unified)))
        list.append(*unified);
    if (backend != CgroupBackend::V2 && v1)
        list.append(*v1);
    return list;
}

// Thaw and unthrottle: undo wherever our group is.
TargetResult undoIn(const ProcessHandle &hd, const QList<CgroupHierarchy> &hierarchies,
    const std::function<std::optional<TargetResult>(const CgroupHierarchy &)> &undo, const QString &notOurs)
{
    std::optional<TargetResult> result;
    for (const CgroupHierarchy &h : hierarchies) {
        auto r = undo(h);
        if (r && (!result || result->status == TargetStatus::Done))
            result = std::move(r);
    }
    if (!result)
        return TargetResult::make(hd.target(), TargetStatus::Refused, notOurs);
    return *result;
}

} // namespace

CgroupLayout CgroupLayout::fromMountInfo(const QString &path)
{
    const auto text = procfs::readFile(path);
    return text ? parseMountInfo(*text) : CgroupLayout();
}

QString cgroupPathOf(int pid, const CgroupHierarchy &h)
{
    const auto text = procfs::readFile(QStringLiteral("/proc/%1/cgroup").arg(pid));
    return text ? parseCgroupPath(*text, h) : QString();
}

QString cgroupDirectory(const CgroupHierarchy &h, const QString &relPath)
{
    if (!isSafeCgroupPath(relPath) || !isSafeCgroupPath(h.mountRoot) || h.mountPoint.isEmpty())
        return {};
    QString rest;
    if (h.mountRoot == QLatin1String("/"))
        rest = relPath == QLatin1String("/") ? QString() : relPath;
    else if (relPath == h.mountRoot)
        rest = QString();
    else if (relPath.startsWith(h.mountRoot + QLatin1Char('/')))
        rest = relPath.mid(h.mountRoot.size());
    else
        return {};
    return h.mountPoint + rest;
}

TargetResult freezeProcess(const ProcessHandle &hd, const CgroupOptions &o)
{
    const auto list = candidates(o, o.freeze, QStringLiteral("freezer"), false);
    if (list.isEmpty())
        return TargetResult::failed(hd.target(), ENOTSUP,
            o.freeze == CgroupBackend::V2       ? QStringLiteral("no cgroup2 hierarchy is mounted; cannot freeze")
                : o.freeze == CgroupBackend::V1 ? QStringLiteral("no v1 freezer hierarchy is mounted; cannot freeze")
                                                : QStringLiteral("neither a cgroup2 hierarchy nor a v1 freezer is "
                                                                 "mounted; cannot freeze"));
    TargetResult last;
    for (const CgroupHierarchy &h : list) {
        bool unsupported = false;
        last = freezeIn(hd, h, o, &unsupported);
        if (!unsupported)
            break;
    }
    return last;
}

TargetResult thawProcess(const ProcessHandle &hd, const CgroupOptions &o)
{
    const int timeout = o.settleTimeoutMs;
    const auto hierarchies = candidates(o, o.freeze, QStringLiteral("freezer"), false);
    const QString notOurs
        = QStringLiteral("PID %1 is not in a ptriage freeze group (not frozen by ptriage, or already thawed)")
              .arg(hd.pid());
    const std::optional<QString> held
        = o.ledger && o.ledger->enabled() ? o.ledger->held(UndoLedger::Hold::Freeze, hd.identity()) : std::nullopt;
    if (!held)
        return undoIn(
            hd, hierarchies,
            [&](const CgroupHierarchy &h) -> std::optional<TargetResult> {
                // The helper without a record: only a group of its own making (made before the
                // ledger held freezes).
                const QString current = cgroupPathOf(hd.pid(), h);
                if (o.ledger && o.ledger->enabled() && !current.isEmpty()
                    && baseNameOf(current) == hd.dedicatedGroupName())
                    if (const QString why = notMadeByTheHelper(hd, cgroupDirectory(h, current)); !why.isEmpty())
                        return TargetResult::make(hd.target(), TargetStatus::Refused, why);
                return thawIn(hd, h, timeout);
            },
            notOurs);
    // The group the ledger holds, and no other: still the process's, or left behind when someone
    // moved it out (frozen, perhaps holding what it forked), so it is thawed and removed.
    if (const QString why = notMadeByTheHelper(hd, *held); !why.isEmpty())
        return TargetResult::make(hd.target(), TargetStatus::Refused, why);
    for (const CgroupHierarchy &h : hierarchies) {
        const QString rel = relativeGroup(h, *held);
        if (rel.isEmpty())
            continue;
        if (cgroupPathOf(hd.pid(), h) != rel)
            return thawLeftBehind(hd, h, rel, *held, timeout);
        if (auto r = thawIn(hd, h, timeout))
            return *r;
        break;
    }
    return TargetResult::make(hd.target(), TargetStatus::Refused, notOurs);
}

TargetResult throttleProcess(const ProcessHandle &hd, int quotaPercent, const CgroupOptions &o)
{
    const auto list = candidates(o, o.throttle, QStringLiteral("cpu"), true);
    if (list.isEmpty())
        return TargetResult::failed(hd.target(), ENOTSUP,
            QStringLiteral("no cpu controller is available (neither in cgroup2 nor as a v1 hierarchy); cannot "
                           "throttle"));
    TargetResult last;
    for (const CgroupHierarchy &h : list) {
        bool unsupported = false;
        last = throttleIn(hd, h, quotaPercent, o, &unsupported);
        if (!unsupported)
            break;
    }
    return last;
}

TargetResult unthrottleProcess(const ProcessHandle &hd, const CgroupOptions &o)
{
    QList<CgroupHierarchy> list;
    // Wherever a throttle may have been put, whether or not its cpu controller is enabled now.
    if (o.throttle != CgroupBackend::V1 && o.layout.unified())
        list.append(*o.layout.unified());
    if (o.throttle != CgroupBackend::V2 && o.layout.v1(QStringLiteral("cpu")))
        list.append(*o.layout.v1(QStringLiteral("cpu")));
    // The helper lifts only the group its ledger holds (or, without a record, one of its own making).
    const bool helper = o.ledger && o.ledger->enabled();
    const std::optional<QString> held
        = helper ? o.ledger->held(UndoLedger::Hold::Throttle, hd.identity()) : std::nullopt;
    return undoIn(
        hd, list,
        [&](const CgroupHierarchy &h) -> std::optional<TargetResult> {
            const QString current = cgroupPathOf(hd.pid(), h);
            if (helper && !current.isEmpty() && baseNameOf(current) == hd.dedicatedGroupName()) {
                const QString dir = cgroupDirectory(h, current);
                if (held && dir != *held)
                    return std::nullopt;
                if (const QString why = notMadeByTheHelper(hd, dir); !why.isEmpty())
                    return TargetResult::make(hd.target(), TargetStatus::Refused, why);
            }
            return unthrottleIn(hd, h, o);
        },
        QStringLiteral("PID %1 is not in a ptriage throttle group (not throttled by ptriage, or already "
                       "unthrottled)")
            .arg(hd.pid()));
}

} // namespace ptriage::procops
