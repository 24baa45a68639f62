// Churn (issue 14): the long-lived engine scans every 0.5 s while a spawner (churn_child spawn) forks
// and reaps short-lived children at ≥ 500/s for 60 s (PTRIAGE_CHURN_SECONDS, PTRIAGE_CHURN_RATE to
// change). Every child carries a unique tag in its argv from its first instant; some exec another
// program with another tag halfway. The spawner reports, per child, the identity it got (pid and
// start time read from /proc while the child cannot be reaped); the test knows the command line and
// comm of each phase. With pid_max at 32768 the pids come round again within the run, so a pid
// changes hands while the engine reads it. Every published result is checked: a process
// reported with a tag has the identity, parent, command line and comm the spawner recorded for that
// tag, never another process's; a recorded identity is never reported with another command line;
// rates are never negative or absurd and exist only for identities of the previous scan; deep reads
// of tagged children carry their own tag.
#include "live/TriageService.h"
#include "support/CaptureTools.h"
#include "support/TestRoom.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <fcntl.h>
#include <mutex>
#include <random>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

using Argv = std::vector<std::string>;

// What the spawner gave one child: its identity and, per phase (an exec starts the second), its
// tag, argv and comm.
struct Record {
    ProcessIdentity id;
    std::vector<std::string> tags;
    std::vector<Argv> argvs;
    std::vector<std::string> comms;
};

// Runs churn_child as the spawner and keeps the table its report builds: tag → record.
class ChurnSpawner {
public:
    ChurnSpawner(std::string child, std::string exec, BootId boot, double rate, double seconds) : m_boot(boot)
    {
        m_prefix = "churn-" + std::to_string(::getpid()) + "-";
        m_argv = {"churn_child", "spawn", std::to_string(rate), std::to_string(seconds), std::move(exec), m_prefix,
            std::string(m_prefix.size() + 12, 'x')};
        m_path = std::move(child);
    }
    ~ChurnSpawner()
    {
        if (m_pid > 0) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
        if (m_reader.joinable())
            m_reader.join();
    }

    bool start()
    {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0)
            return false;
        posix_spawn_file_actions_t actions;
        ::posix_spawn_file_actions_init(&actions);
        ::posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
        std::vector<char *> argv;
        for (auto &a : m_argv)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        std::string path = "PATH=/usr/bin:/bin";
        char *envp[] = {path.data(), nullptr};
        const int err = ::posix_spawn(&m_pid, m_path.c_str(), &actions, nullptr, argv.data(), envp);
        ::posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        if (err != 0) {
            ::close(fds[0]);
            m_pid = -1;
            return false;
        }
        m_started = m_pid;
        m_reader = std::thread([this, fd = fds[0]] { read(fd); });
        return true;
    }
    // Waits for the spawner's end (it stops by itself after its seconds).
    void wait()
    {
        if (m_reader.joinable())
            m_reader.join();
        if (m_pid > 0)
            ::waitpid(m_pid, nullptr, 0);
        m_pid = -1;
    }

    int pid() const { return m_started; } // also after it ended
    const std::string &prefix() const { return m_prefix; }
    std::mutex &mutex() { return m_mutex; }
    // Under mutex():
    const Record *byTag(const std::string &tag) const
    {
        auto it = m_byTag.find(tag);
        return it == m_byTag.end() ? nullptr : &m_records[it->second];
    }
    const Record *byIdentity(const ProcessIdentity &id) const
    {
        auto it = m_byId.find(id);
        return it == m_byId.end() ? nullptr : &m_records[it->second];
    }

    long spawned() const { return m_spawned; }
    long reportedSpawned() const { return m_reportedSpawned; }
    long collisions() const { return m_collisions; }
    long pidsReused() const { return m_pidsReused; }
    double seconds() const { return m_seconds; }

private:
    void read(int fd)
    {
        std::string pending;
        char buf[65536];
        for (;;) {
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            pending.append(buf, static_cast<std::size_t>(n));
            std::size_t from = 0;
            for (std::size_t nl; (nl = pending.find('\n', from)) != std::string::npos; from = nl + 1)
                parse(std::string_view(pending).substr(from, nl - from));
            pending.erase(0, from);
        }
        ::close(fd);
    }

    void parse(std::string_view line)
    {
        std::istringstream in{std::string(line)};
        std::string first;
        in >> first;
        if (first == "done") {
            long n = 0;
            double secs = 0;
            in >> n >> secs;
            m_reportedSpawned = n;
            m_seconds = secs;
            return;
        }
        int pid = 0;
        std::uint64_t start = 0;
        char kind = 0;
        std::string tag, ms;
        pid = std::atoi(first.c_str());
        in >> start >> kind >> tag >> ms;
        Record r;
        r.id = ProcessIdentity{m_boot, start, pid};
        Argv forked = m_argv;
        forked.back() = tag;
        r.tags.push_back(tag);
        r.argvs.push_back(forked);
        r.comms.emplace_back("churn_child");
        if (kind == 'x') {
            r.tags.push_back(tag + "-x");
            r.argvs.push_back({"churn_exec", tag + "-x", ms});
            r.comms.emplace_back("churn_exec");
        }
        std::lock_guard lock(m_mutex);
        ++m_spawned;
        if (m_byId.count(r.id)) {
            ++m_collisions; // the same pid twice within one clock tick: identities cannot tell them apart
            return;
        }
        if (!m_pidsSeen.insert(pid).second)
            ++m_pidsReused;
        const std::size_t index = m_records.size();
        for (const auto &t : r.tags)
            m_byTag.emplace(t, index);
        m_byId.emplace(r.id, index);
        m_records.push_back(std::move(r));
    }

    BootId m_boot;
    std::string m_path, m_prefix;
    Argv m_argv;
    pid_t m_pid = -1; // until reaped
    pid_t m_started = -1;
    std::thread m_reader;
    std::mutex m_mutex;
    std::vector<Record> m_records;
    std::unordered_map<std::string, std::size_t> m_byTag;
    std::unordered_map<ProcessIdentity, std::size_t> m_byId;
    std::unordered_set<int> m_pidsSeen;
    std::atomic<long> m_spawned{0}, m_reportedSpawned{0}, m_collisions{0}, m_pidsReused{0};
    std::atomic<double> m_seconds{0};
};

// What a result said about a tagged process whose tag was not recorded yet when it was checked.
struct Deferred {
    std::string tag;
    ProcessIdentity id;
    int ppid = 0;
    std::string comm;
    Argv cmdline;
};

class ChurnChecker {
public:
    explicit ChurnChecker(ChurnSpawner &spawner) : m_spawner(spawner) { }

    void check(const TriageResult &r)
    {
        const Snapshot &snap = *r.snapshot;
        const std::size_t n = snap.processes.size();
        ++snapshots;
        if (r.facts.size() != n || r.posteriors.size() != n || r.recommendations.size() != n || r.blast.size() != n)
            fail("result arrays do not match the snapshot's processes");
        const bool ratesComparable = snapshots > 1; // the first result is a two-pass scan
        std::unordered_set<ProcessIdentity> ids;
        ids.reserve(n);
        std::lock_guard lock(m_spawner.mutex());
        for (std::size_t i = 0; i < n; ++i) {
            const Sample &s = snap.processes[i];
            ++processes;
            ids.insert(s.id);
            if (snap.byPid(s.id.pid) != &s)
                fail("indexByPid does not lead to pid " + std::to_string(s.id.pid));
            if (s.id.boot != snap.system.bootId)
                fail("a process with another boot id");
            checkRates(s, ratesComparable);
            if (s.id.pid == m_spawner.pid())
                continue; // it writes each child's tag over its own argv before the fork
            const Argv cmd = s.details ? s.details->cmdline : Argv{};
            const std::string tag = tagIn(cmd);
            const Record *byId = m_spawner.byIdentity(s.id);
            if (!tag.empty()) {
                ++tagged;
                const Record *rec = m_spawner.byTag(tag);
                if (!rec) {
                    m_deferred.push_back({tag, s.id, s.ppid, s.comm, cmd});
                    continue;
                }
                checkTagged(*rec, tag, s.id, s.ppid, s.comm, cmd);
                if (byId != rec)
                    fail(describe(s) + ": its identity is recorded for another child than its tag's ("
                        + (byId ? "its own tags: " + byId->tags.front() : std::string("no record of its own"))
                        + ", parent " + std::to_string(s.ppid) + ", command line '" + joined(cmd) + "')");
            } else if (byId) {
                ++untaggedChildren;
                if (s.ppid != m_spawner.pid())
                    fail(describe(s) + ": parent " + std::to_string(s.ppid) + ", not the spawner");
                if (!cmd.empty()) // empty: it ended before its command line was read (a zombie has none)
                    fail(describe(s) + ": a spawned child reported with a command line that is not its own");
            }
        }
        m_previous = std::move(ids);
    }

    // Deep reads of one process: its environment carries its own tag, or none (not exec'd yet).
    void checkDeep(const ProcessIdentity &id, const DeepDetails *deep)
    {
        if (!deep)
            return; // gone
        std::lock_guard lock(m_spawner.mutex());
        const Record *rec = m_spawner.byIdentity(id);
        if (!rec)
            return;
        ++deepChecked;
        for (const auto &[key, value] : deep->environment)
            if (key == "CHURN_TAG" && std::find(rec->tags.begin(), rec->tags.end(), value) == rec->tags.end())
                fail("deep read of " + id.toString() + " has CHURN_TAG=" + value + ", its own is " + rec->tags.back());
    }

    // The tags no record knew when they were seen: the spawner has stopped, so all are recorded now.
    void checkDeferred()
    {
        std::lock_guard lock(m_spawner.mutex());
        for (const auto &d : m_deferred) {
            const Record *rec = m_spawner.byTag(d.tag);
            if (!rec)
                fail("tag " + d.tag + " reported for " + d.id.toString() + " was never spawned");
            else
                checkTagged(*rec, d.tag, d.id, d.ppid, d.comm, d.cmdline);
        }
    }

    const std::vector<std::string> &failures() const { return m_failures; }
    long failureCount() const { return m_failureCount; }
    std::size_t deferredCount() const { return m_deferred.size(); }

    long snapshots = 0, processes = 0, tagged = 0, untaggedChildren = 0, withRates = 0, childrenWithRates = 0,
         deepChecked = 0;
    double maxChildCpu = 0, maxCpu = 0, maxIo = 0;

private:
    void checkTagged(const Record &rec, const std::string &tag, const ProcessIdentity &id, int ppid,
        const std::string &comm, const Argv &cmd)
    {
        const std::string who = id.toString() + " (" + comm + ")";
        if (rec.id != id) {
            fail(who + " reported with the command line of " + rec.id.toString() + " (" + tag + ")");
            return;
        }
        if (ppid != m_spawner.pid())
            fail(who + ": parent " + std::to_string(ppid) + ", not the spawner");
        const auto phase
            = static_cast<std::size_t>(std::find(rec.tags.begin(), rec.tags.end(), tag) - rec.tags.begin());
        if (cmd != rec.argvs[phase])
            fail(who + ": command line not the one spawned with " + tag);
        if (comm != rec.comms[phase])
            fail(who + ": comm " + comm + " with the command line of its phase as " + rec.comms[phase]);
    }

    void checkRates(const Sample &s, bool comparable)
    {
        const bool child = m_spawner.byIdentity(s.id) != nullptr;
        if (s.cpuShare) {
            ++withRates;
            const double cpu = *s.cpuShare;
            if (!std::isfinite(cpu) || cpu < 0)
                fail(describe(s) + ": CPU share " + std::to_string(cpu));
            maxCpu = std::max(maxCpu, cpu);
            if (child) {
                ++childrenWithRates;
                maxChildCpu = std::max(maxChildCpu, cpu);
                if (cpu > 1.5) // one thread, one core: more is a rate against someone else's ticks
                    fail(describe(s) + ": one thread at " + std::to_string(cpu * 100) + " % of a core");
            }
            if (comparable && !m_previous.count(s.id))
                fail(describe(s) + ": a rate, but it was not in the previous scan");
        }
        if (s.ioRate) {
            const double io = *s.ioRate;
            if (!std::isfinite(io) || io < 0 || io > 1e11)
                fail(describe(s) + ": I/O rate " + std::to_string(io));
            maxIo = std::max(maxIo, io);
            if (!s.cpuShare)
                fail(describe(s) + ": an I/O rate without a CPU share (rates come together)");
        }
    }

    std::string tagIn(const Argv &cmd) const
    {
        for (const auto &a : cmd)
            if (a.size() > m_spawner.prefix().size() && a.starts_with(m_spawner.prefix())) // not the spawner's PREFIX
                return a;
        return {};
    }

    static std::string describe(const Sample &s) { return s.id.toString() + " (" + s.comm + ")"; }

    static std::string joined(const Argv &cmd)
    {
        std::string out;
        for (const auto &a : cmd)
            out += (out.empty() ? "" : " ") + a;
        return out;
    }

    void fail(const std::string &what)
    {
        ++m_failureCount;
        if (m_failures.size() < 30)
            m_failures.push_back(what);
    }

    ChurnSpawner &m_spawner;
    std::unordered_set<ProcessIdentity> m_previous;
    std::vector<Deferred> m_deferred;
    std::vector<std::string> m_failures;
    long m_failureCount = 0;
};

double envNumber(const char *name, double fallback)
{
    const char *v = std::getenv(name);
    return v && *v ? std::atof(v) : fallback;
}

} // namespace

class ChurnTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theEngineNeverMixesProcessesUnderChurn()
    {
        const double seconds = envNumber("PTRIAGE_CHURN_SECONDS", 60);
        const double rate = envNumber("PTRIAGE_CHURN_RATE", 600);
        QTemporaryDir dir;
        const QString exec = dir.filePath(QStringLiteral("churn_exec"));
        QVERIFY(QFile::link(QStringLiteral(PTRIAGE_CHURN_CHILD), exec)); // another name: another comm

        Collector probe;
        std::string error;
        QVERIFY2(probe.open(&error), error.c_str());
        ChurnSpawner spawner(PTRIAGE_CHURN_CHILD, exec.toStdString(), probe.bootId(), rate, seconds);
        ChurnChecker checker(spawner);

        TriageOptions options;
        options.selfPid = static_cast<int>(::getpid());
        TriageService service(defaultModel(), longLivedOptions(), options);
        service.setIntervalMs(500);
        std::mt19937 rng(7);
        std::vector<double> scanMs;
        QObject::connect(&service, &TriageService::resultReady, &service,
            [&](std::shared_ptr<const TriageResult> r, qint64 scanMicroseconds) {
                scanMs.push_back(static_cast<double>(scanMicroseconds) / 1000);
                checker.check(*r);
                // Deep reads of a random spawned child, as the window asks for the selected process.
                std::vector<ProcessIdentity> children;
                {
                    std::lock_guard lock(spawner.mutex());
                    for (const auto &s : r->snapshot->processes)
                        if (spawner.byIdentity(s.id))
                            children.push_back(s.id);
                }
                for (int k = 0; k < 3 && !children.empty(); ++k)
                    service.requestDeep(children[rng() % children.size()]);
            });
        QObject::connect(&service, &TriageService::deepReady, &service,
            [&](const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep) {
                checker.checkDeep(id, deep.get());
            });
        QSignalSpy failed(&service, &TriageService::failed);
        QVERIFY(spawner.start());
        service.start();
        QTest::qWait(static_cast<int>(seconds * 1000));
        QTRY_VERIFY_WITH_TIMEOUT(spawner.seconds() > 0, 30000); // it reported its end
        QTest::qWait(600); // the results already under way
        spawner.wait();
        QCOMPARE(failed.size(), 0);
        checker.checkDeferred();

        const double achieved = static_cast<double>(spawner.reportedSpawned()) / std::max(spawner.seconds(), 1e-9);
        std::printf("churn: %ld children in %.1f s (%.0f/s) by spawner %d, %ld reported to the test, %ld pids given "
                    "out again, %ld identity collisions\n",
            spawner.reportedSpawned(), spawner.seconds(), achieved, spawner.pid(), spawner.spawned(),
            spawner.pidsReused(), spawner.collisions());
        std::sort(scanMs.begin(), scanMs.end());
        if (!scanMs.empty())
            std::printf("churn: scan and triage took %.0f ms (median), %.0f ms (longest)\n", scanMs[scanMs.size() / 2],
                scanMs.back());
        std::printf("churn: %ld results checked, %ld processes checked, %ld reported with a tag (%zu checked after "
                    "the run), %ld spawned children without a command line (ended before it was read)\n",
            checker.snapshots, checker.processes, checker.tagged, checker.deferredCount(), checker.untaggedChildren);
        std::printf("churn: %ld rates checked (%ld of spawned children), max CPU %.2f cores (children %.2f), max "
                    "I/O %.0f B/s; %ld deep reads of children checked\n",
            checker.withRates, checker.childrenWithRates, checker.maxCpu, checker.maxChildCpu, checker.maxIo,
            checker.deepChecked);
        std::fflush(stdout);
        QString failures;
        for (const auto &f : checker.failures())
            failures += QString::fromStdString(f) + QLatin1Char('\n');
        QVERIFY2(checker.failureCount() == 0,
            qPrintable(QStringLiteral("%1 wrong reports, the first:\n%2").arg(checker.failureCount()).arg(failures)));
        QVERIFY(checker.snapshots >= 10);
        QVERIFY(checker.tagged > 0);
        QCOMPARE(spawner.spawned(), spawner.reportedSpawned());
        QVERIFY(checker.childrenWithRates > 0);
        QVERIFY(checker.deepChecked > 0);
        // The rate is the machine's: a busy one gives the spawner less CPU (a fork costs ~1 ms here).
        if (achieved < 500 && rate >= 500)
            std::printf("churn: WARNING: only %.0f children a second, not the 500 asked for: the machine gave the "
                        "spawner too little CPU\n",
                achieved);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(ChurnTest)
#include "tst_churn.moc"
