#include "procops/ops/KernelOps.h"

#include "procops/ops/WriteHook.h"

#include <QSet>

#include <cerrno>
#include <climits>
#include <csignal>
#include <functional>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace ptriage::procops {
namespace {

struct ThreadSweep {
    int threads = 0;
    int error = 0; // the first errno other than ESRCH
    int errorTid = 0;
    int reusersRestored = 0; // ids that changed hands during a write, given back what they inherited
};

// A write to one thread (returns 0 or an errno), and how to give a thread the value it inherited from
// `origin` (the thread or process that created it).
using ThreadWrite = std::function<int(int tid)>;
using InheritFrom = std::function<void(int tid, int origin)>;

// After the write the id belongs to someone else: whoever created that new thread or process is
// where its value came from, so it gets that back. False when nobody holds the id any more.
bool restoreReuser(int tid, const InheritFrom &inherit)
{
    const int tgid = procfs::threadGroupOf(tid);
    if (tgid <= 0)
        return false;
    int origin = tgid;
    if (tgid == tid) {
        const auto s = procfs::readStat(tid);
        if (!s || s->ppid <= 0)
            return false;
        origin = s->ppid;
    }
    inherit(tid, origin);
    return true;
}

// Writes to thread `tid` of the process exactly: the same task (start time under its own proc directory)
// just before and just after the write. `expectStart` (the identity's, for the main thread) must
// match before. A thread that ended meanwhile counts as ESRCH; if its id was taken over and the new
// owner got the write, the new owner is given back what it inherited.
int exactThreadWrite(const ProcessHandle &hd, int tid, std::uint64_t expectStart, const ThreadWrite &write,
    const InheritFrom &inherit, int *reusersRestored)
{
    const auto before = procfs::readStatAt(hd.procDir(), nullptr, tid);
    if (!before || (expectStart && before->startTicks != expectStart))
        return ESRCH;
    testing::runBeforeWrite(tid);
    const int rc = write(tid);
    const auto after = procfs::readStatAt(hd.procDir(), nullptr, tid);
    if (after && after->startTicks == before->startTicks)
        return rc;
    if (rc == 0 && restoreReuser(tid, inherit))
        ++*reusersRestored;
    return ESRCH;
}

// Applies `write` to each thread once, exactly (above), re-listing until no new thread appears.
ThreadSweep forEachThread(const ProcessHandle &hd, const ThreadWrite &write, const InheritFrom &inherit)
{
    ThreadSweep sweep;
    QSet<int> seen;
    for (int round = 0; round < 8; ++round) {
        bool fresh = false;
        for (int tid : procfs::threadIdsAt(hd.procDir())) {
            if (seen.contains(tid))
                continue;
            seen.insert(tid);
            fresh = true;
            const std::uint64_t expect = tid == hd.pid() ? hd.identity().startTicks : 0;
            const int err = exactThreadWrite(hd, tid, expect, write, inherit, &sweep.reusersRestored);
            if (err == 0)
                ++sweep.threads;
            else if (err != ESRCH && !sweep.error) {
                sweep.error = err;
                sweep.errorTid = tid;
            }
        }
        if (!fresh)
            break;
    }
    return sweep;
}

// A dynamically sized CPU mask, so machines with more than CPU_SETSIZE CPUs work too.
class CpuMask {
public:
    CpuMask()
    {
        const long conf = ::sysconf(_SC_NPROCESSORS_CONF);
        const std::size_t bits = std::max<std::size_t>(1024, conf > 0 ? static_cast<std::size_t>(conf) : 0);
        m_words.assign((bits + kBits - 1) / kBits, 0);
    }
    void set(int cpu)
    {
        const auto c = static_cast<std::size_t>(cpu);
        if (c / kBits < m_words.size())
            m_words[c / kBits] |= 1UL << (c % kBits);
    }
    QList<int> cpus() const
    {
        QList<int> out;
        for (std::size_t c = 0; c < m_words.size() * kBits; ++c)
            if (m_words[c / kBits] & (1UL << (c % kBits)))
                out.append(static_cast<int>(c));
        return out;
    }
    std::size_t bytes() const { return m_words.size() * sizeof(unsigned long); }
    cpu_set_t *data() { return reinterpret_cast<cpu_set_t *>(m_words.data()); }
    const cpu_set_t *data() const { return reinterpret_cast<const cpu_set_t *>(m_words.data()); }

private:
    static constexpr std::size_t kBits = sizeof(unsigned long) * CHAR_BIT;
    std::vector<unsigned long> m_words;
};

TargetResult gone(const ProcessHandle &hd, const QString &during)
{
    return TargetResult::make(
        hd.target(), TargetStatus::NoSuchProcess, QStringLiteral("process %1 exited %2").arg(hd.pid()).arg(during));
}

QString threadsText(int n)
{
    return n == 1 ? QStringLiteral("1 thread") : QStringLiteral("%1 threads").arg(n);
}

QString cpuListText(const QList<int> &cpus)
{
    QStringList parts;
    for (int c : cpus)
        parts.append(QString::number(c));
    return parts.join(QLatin1Char(','));
}

QVariantList toVariantList(const QList<int> &cpus)
{
    QVariantList list;
    for (int c : cpus)
        list.append(c);
    return list;
}

} // namespace

QList<int> affinityOf(int tid, int *error)
{
    CpuMask mask;
    if (::sched_getaffinity(tid, mask.bytes(), mask.data()) != 0) {
        if (error)
            *error = errno;
        return {};
    }
    return mask.cpus();
}

TargetResult sendSignal(const ProcessHandle &hd, const QString &signalName, bool processGroup)
{
    const int sig = signalNumber(signalName);
    if (!sig)
        return TargetResult::make(
            hd.target(), TargetStatus::Refused, QStringLiteral("signal '%1' is not on the whitelist").arg(signalName));
    int rc;
    if (processGroup) {
        // The leader alive now keeps its pid, and so the group id, from being reused.
        if (!hd.alive())
            return gone(hd, QStringLiteral("before the signal"));
        rc = ::kill(-hd.pid(), sig);
    } else {
        rc = static_cast<int>(::syscall(SYS_pidfd_send_signal, hd.pidfd(), sig, nullptr, 0));
    }
    if (rc != 0) {
        const int err = errno;
        if (err == ESRCH)
            return gone(hd, QStringLiteral("before the signal"));
        return TargetResult::failed(hd.target(), err,
            QStringLiteral("cannot send SIG%1 to %2 %3")
                .arg(signalName, processGroup ? QStringLiteral("process group") : QStringLiteral("PID"))
                .arg(hd.pid()));
    }
    TargetResult r = TargetResult::done(hd.target(),
        QStringLiteral("sent SIG%1 to %2 %3")
            .arg(signalName, processGroup ? QStringLiteral("process group") : QStringLiteral("PID"))
            .arg(hd.pid()));
    if (sig == SIGSTOP) {
        r.undo.insert(field::verb, verbName(Verb::Signal));
        r.undo.insert(field::signal, QStringLiteral("CONT"));
        if (processGroup)
            r.undo.insert(field::processGroup, true);
    }
    return r;
}

TargetResult renice(const ProcessHandle &hd, int nice)
{
    const int previous = static_cast<int>(hd.stat().nice);
    const ThreadSweep sweep = forEachThread(
        hd, [nice](int tid) { return ::setpriority(PRIO_PROCESS, static_cast<id_t>(tid), nice) == 0 ? 0 : errno; },
        [](int tid, int origin) {
            errno = 0;
            const int inherited = ::getpriority(PRIO_PROCESS, static_cast<id_t>(origin));
            if (errno == 0)
                ::setpriority(PRIO_PROCESS, static_cast<id_t>(tid), inherited);
        });
    if (sweep.threads == 0 && !sweep.error)
        return gone(hd, QStringLiteral("before the renice"));
    TargetResult r;
    if (sweep.error) {
        r = TargetResult::failed(hd.target(), sweep.error,
            QStringLiteral("cannot set nice %1 on thread %2 of PID %3").arg(nice).arg(sweep.errorTid).arg(hd.pid()));
        if (sweep.threads == 0)
            return r;
        r.message += QStringLiteral(" (%1 changed)").arg(threadsText(sweep.threads));
    } else if (!hd.alive()) {
        return gone(hd, QStringLiteral("during the renice"));
    } else {
        r = TargetResult::done(hd.target(),
            QStringLiteral("PID %1: nice %2 -> %3 on %4")
                .arg(hd.pid())
                .arg(previous)
                .arg(nice)
                .arg(threadsText(sweep.threads)));
    }
    r.undo.insert(field::verb, verbName(Verb::Renice));
    r.undo.insert(field::nice, previous);
    r.details.insert(QStringLiteral("previousNice"), previous);
    r.details.insert(QStringLiteral("threads"), sweep.threads);
    if (sweep.reusersRestored)
        r.details.insert(QStringLiteral("reusersRestored"), sweep.reusersRestored);
    return r;
}

TargetResult setAffinity(const ProcessHandle &hd, const QList<int> &cpus, Verb verb)
{
    int err = 0;
    const QList<int> previous = affinityOf(hd.pid(), &err);
    if (previous.isEmpty()) {
        if (err == ESRCH)
            return gone(hd, QStringLiteral("before its affinity could be read"));
        return TargetResult::failed(
            hd.target(), err, QStringLiteral("cannot read the CPU affinity of PID %1").arg(hd.pid()));
    }
    CpuMask mask;
    for (int c : cpus)
        mask.set(c);
    const ThreadSweep sweep = forEachThread(
        hd, [&mask](int tid) { return ::sched_setaffinity(tid, mask.bytes(), mask.data()) == 0 ? 0 : errno; },
        [](int tid, int origin) {
            CpuMask inherited;
            if (::sched_getaffinity(origin, inherited.bytes(), inherited.data()) == 0)
                ::sched_setaffinity(tid, inherited.bytes(), inherited.data());
        });
    if (sweep.threads == 0 && !sweep.error)
        return gone(hd, QStringLiteral("before its affinity was set"));
    TargetResult r;
    if (sweep.error) {
        r = TargetResult::failed(hd.target(), sweep.error,
            QStringLiteral("cannot confine thread %1 of PID %2 to CPUs %3%4")
                .arg(sweep.errorTid)
                .arg(hd.pid())
                .arg(cpuListText(cpus),
                    sweep.error == EINVAL ? QStringLiteral(" (outside the CPUs its cpuset allows)") : QString()));
        if (sweep.threads == 0)
            return r;
        r.message += QStringLiteral(" (%1 changed)").arg(threadsText(sweep.threads));
    } else if (!hd.alive()) {
        return gone(hd, QStringLiteral("while its affinity was set"));
    } else {
        r = TargetResult::done(hd.target(),
            QStringLiteral("PID %1: CPUs %2 -> %3 on %4")
                .arg(hd.pid())
                .arg(cpuListText(previous), cpuListText(cpus), threadsText(sweep.threads)));
    }
    if (verb == Verb::Quarantine) {
        r.undo.insert(field::verb, verbName(Verb::Unquarantine));
        r.undo.insert(field::affinity, toVariantList(previous));
    } else {
        r.undo.insert(field::verb, verbName(Verb::Quarantine));
        r.undo.insert(field::cpus, toVariantList(previous));
    }
    r.details.insert(QStringLiteral("previousAffinity"), toVariantList(previous));
    r.details.insert(QStringLiteral("threads"), sweep.threads);
    if (sweep.reusersRestored)
        r.details.insert(QStringLiteral("reusersRestored"), sweep.reusersRestored);
    return r;
}

} // namespace ptriage::procops
