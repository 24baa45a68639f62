#include "procops/ops/Aftermath.h"

#include "procops/identity/ProcFs.h"
#include "procops/ops/Cgroups.h"
#include "procops/ops/KernelOps.h"

#include <cerrno>

namespace ptriage::procops {
namespace {

QVariantList variants(const QList<int> &cpus)
{
    QVariantList out;
    for (int c : cpus)
        out.append(c);
    return out;
}

struct Seen {
    bool inOwnGroup = false; // in ptriage-<pid>-<start>, the helper's dedicated group
    bool frozen = false;
    bool limited = false;
};

// Where the process is in each hierarchy, and what its dedicated group does to it.
Seen groupsOf(const ProcessIdentity &id)
{
    Seen s;
    const QString name = QStringLiteral("ptriage-%1-%2").arg(id.pid).arg(id.startTicks);
    const CgroupLayout layout = CgroupLayout::fromMountInfo();
    QList<CgroupHierarchy> hierarchies;
    if (layout.unified())
        hierarchies.append(*layout.unified());
    for (const char *controller : {"freezer", "cpu"})
        if (const auto h = layout.v1(QLatin1String(controller)))
            hierarchies.append(*h);
    for (const CgroupHierarchy &h : hierarchies) {
        const QString path = cgroupPathOf(id.pid, h);
        if (!path.endsWith(QLatin1Char('/') + name))
            continue;
        s.inOwnGroup = true;
        const QString dir = cgroupDirectory(h, path);
        const auto read = [&](const char *file) {
            const auto t = procfs::readFile(dir + QLatin1Char('/') + QLatin1String(file));
            return t ? t->trimmed() : QByteArray();
        };
        if (h.v2) {
            s.frozen = s.frozen || read("cgroup.freeze") == "1";
            const QByteArray max = read("cpu.max");
            s.limited = s.limited || (!max.isEmpty() && !max.startsWith("max"));
        } else {
            s.frozen = s.frozen || read("freezer.state").startsWith("FR"); // FROZEN, FREEZING
            const QByteArray quota = read("cpu.cfs_quota_us");
            s.limited = s.limited || (!quota.isEmpty() && quota != "-1");
        }
    }
    return s;
}

} // namespace

Before before(const ProcessIdentity &target)
{
    Before b;
    const auto st = procfs::readStat(target.pid);
    if (!st || st->startTicks != target.startTicks)
        return b;
    b.known = true;
    b.nice = static_cast<int>(st->nice);
    b.affinity = affinityOf(target.pid);
    return b;
}

TargetResult aftermath(const HelperRequest &r, const ProcessIdentity &id, const Before &was, const QString &why)
{
    const QString lost = QStringLiteral("the helper's reply was lost (%1); ").arg(why);
    const auto st = procfs::readStat(id.pid);
    const bool alive = st && st->startTicks == id.startTicks && st->state != 'Z' && st->state != 'X';
    const auto seen = [&](const QString &what, QVariantMap undo = {}) {
        TargetResult t = TargetResult::done(id, lost + what);
        t.undo = std::move(undo);
        return t;
    };
    const auto unchanged = [&](const QString &what) { return TargetResult::failed(id, EIO, lost + what); };
    if (!alive && !(r.verb == Verb::Signal && (r.signal == QLatin1String("TERM") || r.signal == QLatin1String("KILL"))))
        return TargetResult::make(id, TargetStatus::NoSuchProcess, lost + QStringLiteral("the process is gone"));
    const QString pid = QString::number(id.pid);
    switch (r.verb) {
    case Verb::Signal:
        if (r.signal == QLatin1String("TERM") || r.signal == QLatin1String("KILL"))
            return alive ? unchanged(QStringLiteral("PID %1 is still running").arg(pid))
                         : seen(QStringLiteral("PID %1 has ended").arg(pid));
        if (r.signal == QLatin1String("STOP")) {
            if (st->state != 'T' && st->state != 't')
                return unchanged(QStringLiteral("PID %1 is not stopped").arg(pid));
            QVariantMap undo{{field::verb, verbName(Verb::Signal)}, {field::signal, QStringLiteral("CONT")}};
            if (r.processGroup)
                undo.insert(field::processGroup, true);
            return seen(QStringLiteral("PID %1 is stopped: the pause took effect").arg(pid), undo);
        }
        if (r.signal == QLatin1String("CONT"))
            return st->state == 'T' ? unchanged(QStringLiteral("PID %1 is still stopped").arg(pid))
                                    : seen(QStringLiteral("PID %1 runs again").arg(pid));
        return unchanged(QStringLiteral("whether PID %1 got SIG%2 cannot be told from outside").arg(pid, r.signal));
    case Verb::Freeze:
        return groupsOf(id).frozen
            ? seen(QStringLiteral("PID %1 is frozen in its ptriage group: the freeze took effect").arg(pid),
                {{field::verb, verbName(Verb::Thaw)}})
            : unchanged(QStringLiteral("PID %1 is not frozen").arg(pid));
    case Verb::Thaw:
        return groupsOf(id).frozen
            ? unchanged(QStringLiteral("PID %1 is still frozen").arg(pid))
            : seen(QStringLiteral("PID %1 is no longer frozen").arg(pid), {{field::verb, verbName(Verb::Freeze)}});
    case Verb::Throttle:
        return groupsOf(id).limited
            ? seen(QStringLiteral("PID %1 is CPU-limited in its ptriage group: the limit took effect").arg(pid),
                {{field::verb, verbName(Verb::Unthrottle)}})
            : unchanged(QStringLiteral("PID %1 is not CPU-limited").arg(pid));
    case Verb::Unthrottle:
        return groupsOf(id).limited ? unchanged(QStringLiteral("PID %1 is still CPU-limited").arg(pid))
                                    : seen(QStringLiteral("PID %1 is no longer CPU-limited").arg(pid));
    case Verb::Renice:
        if (static_cast<int>(st->nice) != r.nice || !was.known)
            return unchanged(QStringLiteral("PID %1 has nice %2").arg(pid).arg(st->nice));
        return seen(QStringLiteral("PID %1 has nice %2 now").arg(pid).arg(r.nice),
            {{field::verb, verbName(Verb::Renice)}, {field::nice, was.nice}});
    case Verb::Quarantine:
    case Verb::Unquarantine: {
        if (affinityOf(id.pid) != r.cpus || !was.known || was.affinity.isEmpty())
            return unchanged(QStringLiteral("PID %1's CPUs are not the ones asked for").arg(pid));
        const QVariantMap undo = r.verb == Verb::Quarantine
            ? QVariantMap{{field::verb, verbName(Verb::Unquarantine)}, {field::affinity, variants(was.affinity)}}
            : QVariantMap{{field::verb, verbName(Verb::Quarantine)}, {field::cpus, variants(was.affinity)}};
        return seen(QStringLiteral("PID %1 runs on the CPUs asked for").arg(pid), undo);
    }
    }
    return unchanged(QStringLiteral("what happened cannot be told"));
}

} // namespace ptriage::procops
