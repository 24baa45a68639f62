// The triage scenarios of the engine issue, each from real spawned processes. Ages that a test
// cannot wait for come from capturing the live tree and moving its clock forward; states a test
// cannot cause (D, a systemd cgroup) are edited into the capture.
#include "report/EngineLabels.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QDir>
#include <QProcess>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <csignal>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

constexpr double kHour = 3600;
constexpr double kDay = 86400;

struct Verdict {
    std::shared_ptr<const TriageResult> result;
    int index = -1;
    const Posterior &post() const { return result->posteriors[static_cast<std::size_t>(index)]; }
    Ledger ledger() const { return ledgerOf(*result, index, defaultModel()); }
    const Recommendation &recommendation() const { return result->recommendations[static_cast<std::size_t>(index)]; }
    const BlastRadius &blast() const { return result->blast[static_cast<std::size_t>(index)]; }
    const ProcessFacts &facts() const { return result->facts[static_cast<std::size_t>(index)]; }
    double p(ProcessClass c) const { return post().probability[static_cast<std::size_t>(c)]; }
    std::string why() const { return dump(*result, index); }
    std::string identity(int i) const { return result->identityOf(i).toString(); }
};

Verdict verdictFor(std::shared_ptr<const TriageResult> r, int pid)
{
    Verdict v{std::move(r), -1};
    v.index = indexOfPid(*v.result, pid);
    return v;
}

bool mentions(const std::vector<std::string> &list, const std::string &needle)
{
    for (const auto &s : list)
        if (s.find(needle) != std::string::npos)
            return true;
    return false;
}

bool mentions(const std::vector<Phrase> &list, const std::string &needle)
{
    return mentions(english(list), needle);
}

} // namespace

class ScenarioTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void abandonedTestWorker()
    {
        Spawner sp;
        const Actor a = sp.spawn({"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "-x", "tests/"}, {},
            Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto v = verdictFor(replay(capturePair(sp.dir(), 0.3, 3 * kHour), defaultModel()), a.pid);
        QVERIFY2(v.index >= 0, "worker missing from the capture");
        QCOMPARE(v.facts().orphan, OrphanState::ReparentedSessionGone);
        QVERIFY2(v.p(ProcessClass::Abandoned) >= 0.9, v.why().c_str());
        QCOMPARE(v.recommendation().action, RecommendedAction::Kill);
        QCOMPARE(v.blast().risk, Risk::Low);
        QVERIFY(v.recommendation().candidate);
        QVERIFY(v.recommendation().score >= 50);
    }

    // Real pytest-xdist: the controller is SIGKILLed mid-run and its workers (`python3 -u -c
    // import sys;exec(eval(sys.stdin.readline()))`, execnet's bootstrap) are left behind. They are
    // test workers, not generic interpreters: three hours on, abandoned and worth a kill.
    void orphanedXdistWorkers()
    {
        if (QProcess::execute(
                QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import xdist")})
            != 0)
            QFAIL("python3-pytest-xdist is missing: packaging/install-deps.sh installs it");
        Spawner sp;
        const std::string tests = sp.dir() + "/proj/tests";
        QVERIFY(QDir().mkpath(QString::fromStdString(tests)));
        // Each test leaves a file when it begins: the workers are then inside their tests. A test that
        // ignores SIGINT (as code under test may) keeps execnet's worker 15 s after its controller's pipe
        // closed, not 5: on a loaded machine the capture may come seconds after the kill.
        std::ofstream(tests + "/test_slow.py")
            << "import os, signal, threading, time\n\ndef started(n):\n"
               "    if threading.current_thread() is threading.main_thread():\n"
               "        signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
               "    open(os.path.join(os.path.dirname(__file__), 'started-' + n), "
               "'w').close()\n\ndef test_a():\n    started('a')\n    time.sleep(600)\n\n"
               "def test_b():\n    started('b')\n    time.sleep(600)\n";
        const int controller = sp.spawnProgram(
            {"/usr/bin/python3", "-m", "pytest", "-n", "2", "-q", "-p", "no:cacheprovider", tests + "/test_slow.py"});
        QVERIFY(controller > 0);
        std::vector<int> workers;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
            workers.clear();
            const auto r = live(defaultModel());
            for (const auto &s : r->snapshot->processes)
                if (s.ppid == controller && s.details && !s.details->cmdline.empty()
                    && s.details->cmdline.back().find("sys.stdin.readline") != std::string::npos)
                    workers.push_back(s.id.pid);
            return workers.size() == 2;
        }()),
            30000);
        for (int w : workers)
            sp.adopt(w);
        // Let them start their tests (a worker killed while the nodes come up just exits); on a loaded
        // machine that takes longer than any fixed wait.
        QTRY_VERIFY_WITH_TIMEOUT(
            std::filesystem::exists(tests + "/started-a") && std::filesystem::exists(tests + "/started-b"), 60000);
        QTest::qWait(300);
        ::kill(controller, SIGKILL);
        ::waitpid(controller, nullptr, 0);
        // execnet ends a worker within seconds of its controller's pipe closing (it interrupts itself,
        // then exits): on a loaded machine a fixed wait could outlast that. The capture is taken at once,
        // with the workers the orphans a person finds (left behind for good when something else holds
        // that pipe open, as a helper the tests started does).
        for (int w : workers)
            QVERIFY2(!hasEnded(w), "an xdist worker ended with its controller");
        const auto r = replay(capturePair(sp.dir(), 0.3, 3 * kHour), defaultModel());
        for (int w : workers) {
            const auto v = verdictFor(r, w);
            QVERIFY2(v.index >= 0, "worker missing from the capture");
            const auto &cat = defaultModel().signatures.categories[static_cast<std::size_t>(v.facts().category)];
            QVERIFY2(cat.id == "test_runner", v.why().c_str());
            QCOMPARE(v.facts().orphan, OrphanState::ReparentedSessionGone);
            QVERIFY2(v.p(ProcessClass::Abandoned) >= 0.9, v.why().c_str());
            QVERIFY2(v.recommendation().candidate, v.why().c_str());
            QVERIFY2(v.recommendation().action == RecommendedAction::Kill, v.why().c_str());
        }
    }

    void forgottenDevServer()
    {
        Spawner sp;
        const Actor a = sp.spawn({"node", {"node", "/home/dev/web/node_modules/.bin/next", "dev"},
            {{"ACTOR_LISTEN", "0"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0 && a.port > 0);
        const auto v = verdictFor(replay(capturePair(sp.dir(), 0.3, 2 * kDay), defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        QVERIFY2(v.p(ProcessClass::Abandoned) >= 0.6, v.why().c_str());
        QVERIFY2(mentions(v.blast().reasons, ":" + std::to_string(a.port)), v.why().c_str());
        QVERIFY2(v.blast().risk >= Risk::Medium, v.why().c_str());
        QVERIFY(mentions(v.facts().listeners, "TCP 127.0.0.1:" + std::to_string(a.port)));
    }

    void busyCompilerInTerminal()
    {
        Spawner sp;
        const Actor a = sp.spawn({"cc1plus", {"/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus", "-quiet", "main.cpp"},
            {{"ACTOR_SPIN", "1"}}, Parenting::Terminal});
        QVERIFY(a.pid > 0);
        const auto pair = capturePair(sp.dir(), 0.5, 600);
        makeBusy(pair, a.pid); // a loaded machine gives a spinner only its share of a core (32 % in CI with -j2)
        const auto v = verdictFor(replay(pair, defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        const auto &s = v.result->snapshot->processes[static_cast<std::size_t>(v.index)];
        QVERIFY2(s.cpuShare && *s.cpuShare >= 0.1, v.why().c_str());
        QCOMPARE(v.facts().tty, TtyState::Foreground);
        QVERIFY2(v.post().classification == ProcessClass::Useful, v.why().c_str());
        QVERIFY2(v.recommendation().action == RecommendedAction::Keep, v.why().c_str());
    }

    void idleEditorInTerminal()
    {
        Spawner sp;
        const Actor a = sp.spawn({"vim", {"vim", "notes.md"}, {}, Parenting::Terminal});
        QVERIFY(a.pid > 0);
        const auto v = verdictFor(replay(capturePair(sp.dir(), 0.3, 3 * kHour), defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        QVERIFY2(v.post().classification == ProcessClass::Useful, v.why().c_str());
        QVERIFY2(v.recommendation().action == RecommendedAction::Keep, v.why().c_str());
    }

    void desktopSessionIdleForDays()
    {
        Spawner sp;
        std::vector<int> pids;
        for (const char *name : {"plasmashell", "kwin_wayland", "gnome-shell", "pipewire", "wireplumber", "Xwayland"})
            pids.push_back(sp.spawn({name, {std::string("/usr/bin/") + name}, {}, Parenting::OrphanNoSession}).pid);
        pids.push_back(sp.spawn({"dbus-daemon", {"/usr/bin/dbus-daemon", "--session", "--address=systemd:"}, {},
                                    Parenting::OrphanNoSession})
                           .pid);
        const auto r = replay(capturePair(sp.dir(), 0.3, 4 * kDay), defaultModel());
        for (int pid : pids) {
            QVERIFY(pid > 0);
            const auto v = verdictFor(r, pid);
            QVERIFY(v.index >= 0);
            QVERIFY2(
                v.post().classification == ProcessClass::Useful || !v.facts().protectedReason.empty(), v.why().c_str());
            QCOMPARE(v.recommendation().action, RecommendedAction::Keep);
            QVERIFY(!v.recommendation().candidate);
        }
    }

    void zombieRoutesToParent()
    {
        Spawner sp;
        const Actor a
            = sp.spawn({"worker-pool", {"worker-pool", "--jobs", "4"}, {{"ACTOR_ZOMBIE", "1"}}, Parenting::Child});
        QVERIFY(a.pid > 0 && a.zombiePid > 0);
        const auto r = live(defaultModel(), 0.0);
        const auto z = verdictFor(r, a.zombiePid);
        QVERIFY(z.index >= 0);
        QCOMPARE(r->snapshot->processes[static_cast<std::size_t>(z.index)].state, 'Z');
        QCOMPARE(z.post().classification, ProcessClass::Zombie);
        const int parent = indexOfPid(*r, a.pid);
        QCOMPARE(z.recommendation().targetIndex, parent); // never the zombie itself
        QVERIFY(z.recommendation().candidate);
        QVERIFY(mentions(z.recommendation().blockedBy, "zombie cannot be signalled"));
        // The action says what to do about the parent, which is useful and kept: ask it to reap.
        QCOMPARE(z.recommendation().parentAction, ParentAction::Reap);
        QCOMPARE(EngineLabels::recommendation(z.recommendation()), QStringLiteral("ask the parent to reap (SIGCHLD)"));
        QCOMPARE(r->recommendations[static_cast<std::size_t>(parent)].parentAction, ParentAction::None);
    }

    // A zombie whose parent is itself left behind: the action is to end the parent (init then reaps
    // the zombie); the zombie is never the target.
    void zombieOfAnAbandonedParentEndsTheParent()
    {
        Spawner sp;
        const Actor a = sp.spawn({"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"},
            {{"ACTOR_ZOMBIE", "1"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0 && a.zombiePid > 0);
        const auto r = replay(capturePair(sp.dir(), 0.3, 3 * kHour), defaultModel());
        const auto z = verdictFor(r, a.zombiePid);
        const auto parent = verdictFor(r, a.pid);
        QVERIFY(z.index >= 0 && parent.index >= 0);
        QCOMPARE(parent.recommendation().action, RecommendedAction::Kill);
        QCOMPARE(z.recommendation().targetIndex, parent.index);
        QCOMPARE(z.recommendation().parentAction, ParentAction::End);
        QCOMPARE(EngineLabels::recommendation(z.recommendation()), QStringLiteral("end the parent"));
    }

    // A busy loop already at nice 19: a renice could only raise its priority (the dialog's default is
    // 10), so it is neither recommended nor allowed; the same loop at the test's own nice is reniced. Young,
    // so that keep and renice are all the minimum age allows.
    void noReniceAtNiceNineteen()
    {
        Spawner sp;
        const int niced
            = sp.spawn({"spin-niced", {"spin-niced"}, {{"ACTOR_SPIN", "1"}}, Parenting::OrphanNoSession}).pid;
        QVERIFY(niced > 0 && ::setpriority(PRIO_PROCESS, static_cast<id_t>(niced), 19) == 0);
        // Orphaned, so that it reads as stuck or left behind, not as a person's job.
        const Actor plain = sp.spawn({"spin-plain", {"spin-plain"}, {{"ACTOR_SPIN", "1"}}, Parenting::OrphanNoSession});
        QVERIFY(niced > 0 && plain.pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(live(defaultModel())->snapshot->byPid(niced)
                && live(defaultModel())->snapshot->byPid(niced)->comm == "spin-niced",
            10000);
        const auto pair = capturePair(sp.dir(), 0.3, 0);
        makeBusy(pair, niced);
        makeBusy(pair, plain.pid);
        const auto r = replay(pair, defaultModel());
        const auto v = verdictFor(r, niced);
        const auto control = verdictFor(r, plain.pid);
        QVERIFY(v.index >= 0 && control.index >= 0);
        QCOMPARE(r->process(v.index).nice(), 19L);
        QVERIFY(!r->process(v.index).reniceTo());
        // The control runs at the test's own nice value (0, or 10 under `nice -n 10 ctest`): a renice lowers it.
        const auto to = r->process(control.index).reniceTo();
        QVERIFY(to && *to > r->process(control.index).nice());
        QVERIFY2(control.recommendation().action == RecommendedAction::Renice, control.why().c_str());
        QVERIFY2(v.recommendation().action != RecommendedAction::Renice, v.why().c_str());
        QVERIFY(!v.recommendation().allowed[static_cast<std::size_t>(RecommendedAction::Renice)]);
        QVERIFY2(mentions(v.recommendation().blockedBy, "already at the lowest priority (nice 19)"), v.why().c_str());
    }

    // git removes its lock when it ends on TERM, leaving the index as it was: ending it frees the lock,
    // which pausing or freezing would keep held. Another program holding the lock is still blocked.
    void gitHoldingItsLockIsEndedNotPaused()
    {
        Spawner sp;
        const std::string git = sp.dir() + "/repo/.git";
        QVERIFY(QDir().mkpath(QString::fromStdString(git)));
        const Actor a = sp.spawn(
            {"git", {"git", "commit", "-a"}, {{"ACTOR_WRITE", git + "/index.lock"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto v = verdictFor(replay(capturePair(sp.dir(), 0.3, 3 * kHour), defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        const Recommendation &rec = v.recommendation();
        QVERIFY2(rec.candidate && rec.action == RecommendedAction::Kill, v.why().c_str());
        QVERIFY(!rec.allowed[static_cast<std::size_t>(RecommendedAction::Pause)]);
        QVERIFY(!rec.allowed[static_cast<std::size_t>(RecommendedAction::Freeze)]);
        QVERIFY2(mentions(rec.blockedBy, git + "/index.lock") && mentions(rec.blockedBy, "ending it frees it"),
            v.why().c_str());
        QVERIFY(v.facts().criticalFiles.empty());
        QCOMPARE(v.facts().heldLocks.size(), std::size_t(1));
    }

    void gitLockBlocksKill()
    {
        Spawner sp;
        const std::string git = sp.dir() + "/repo/.git";
        QVERIFY(QDir().mkpath(QString::fromStdString(git)));
        const Actor a = sp.spawn({"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"},
            {{"ACTOR_WRITE", git + "/index.lock"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto v = verdictFor(replay(capturePair(sp.dir(), 0.3, 3 * kHour), defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        QVERIFY2(v.p(ProcessClass::Abandoned) >= 0.9, v.why().c_str()); // would be killed without the lock
        QVERIFY(v.recommendation().action != RecommendedAction::Kill);
        QVERIFY2(mentions(v.recommendation().blockedBy, git + "/index.lock"), v.why().c_str());
        QVERIFY(!v.recommendation().allowed[static_cast<std::size_t>(RecommendedAction::Kill)]);
        // Still a candidate, ranked: the person learns that this process holds the lock.
        QVERIFY(v.recommendation().candidate);
        QVERIFY2(v.recommendation().score >= 30, v.why().c_str());
    }

    void systemdServiceIdleForDays()
    {
        Spawner sp;
        const Actor a
            = sp.spawn({"metrics-agent", {"/usr/sbin/metrics-agent", "--foreground"}, {}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto pair = capturePair(sp.dir(), 0.3, 5 * kDay);
        for (const auto &root : {pair.before, pair.after})
            writeProcFile(root, a.pid, "cgroup", "0::/system.slice/metrics-agent.service\n");
        const auto v = verdictFor(replay(pair, defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        QCOMPARE(v.facts().supervisor, std::string("systemd:metrics-agent.service"));
        QVERIFY(v.recommendation().action != RecommendedAction::Kill);
        QVERIFY(!v.recommendation().allowed[static_cast<std::size_t>(RecommendedAction::Kill)]);
        if (v.recommendation().action != RecommendedAction::Keep || v.p(ProcessClass::Abandoned) > 0.5)
            QVERIFY2(mentions(v.recommendation().blockedBy, "systemctl stop metrics-agent.service"), v.why().c_str());
        QVERIFY2(v.recommendation().action == RecommendedAction::Keep || !v.facts().protectedReason.empty(),
            v.why().c_str());
    }

    // A gunicorn worker run by a systemd unit, busy serving: no terminal, init as its parent and days
    // of age are how a service runs — not signs that a dev server was left behind or is stuck.
    void busyServiceIsNotCalledStuck()
    {
        Spawner sp;
        const Actor a = sp.spawn({"gunicorn", {"/usr/bin/gunicorn", "app:app", "--workers", "2"},
            {{"ACTOR_SPIN", "1"}, {"ACTOR_LISTEN", "0"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto pair = capturePair(sp.dir(), 0.5, 2 * kDay);
        makeBusy(pair, a.pid); // busy is what this scenario is about, however loaded the machine is
        const auto unsupervised = verdictFor(replay(pair, defaultModel()), a.pid);
        for (const auto &root : {pair.before, pair.after})
            writeProcFile(root, a.pid, "cgroup", "0::/system.slice/gunicorn.service\n");
        const auto v = verdictFor(replay(pair, defaultModel()), a.pid);
        QVERIFY(v.index >= 0 && unsupervised.index >= 0);
        QCOMPARE(v.facts().supervisor, std::string("systemd:gunicorn.service"));
        const auto term = [](const Verdict &x, const std::string &name) {
            for (const EvidenceTerm &t : x.ledger())
                if (t.term == name)
                    return t;
            return EvidenceTerm{};
        };
        QVERIFY2(
            term(v, "tty").detail.english().find("as expected of a service") != std::string::npos, v.why().c_str());
        QVERIFY2(term(v, "orphan").detail.english().find("run by systemd:gunicorn.service") != std::string::npos,
            v.why().c_str());
        QCOMPARE(term(v, "age").bits, 0.0);
        // Unsupervised, the same busy process two days old, its session gone, reads as a stuck or
        // left-behind dev server (the corpus labels a spinning orphan left behind).
        QVERIFY2(unsupervised.post().classification == ProcessClass::UsefulBad
                || unsupervised.post().classification == ProcessClass::Abandoned,
            unsupervised.why().c_str());
        QVERIFY2(v.post().classification == ProcessClass::Useful, v.why().c_str());
        QVERIFY2(v.recommendation().action == RecommendedAction::Keep
                || v.recommendation().action == RecommendedAction::Renice,
            v.why().c_str());
    }

    void scriptWrapperAndWorkload()
    {
        Spawner sp;
        const std::string claude = sp.actorPath("claude");
        const int script
            = sp.spawnProgram({"script", "-qefc", claude + " --dangerously-skip-permissions", "/dev/null"});
        QVERIFY(script > 0);
        QTRY_VERIFY_WITH_TIMEOUT(live(defaultModel())->snapshot->byPid(script) != nullptr, 5000);
        // Find the workload: the claude process below script (script runs it through `sh -c`).
        int workload = -1;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
            const auto r = live(defaultModel());
            for (const auto &s : r->snapshot->processes) {
                if (!s.details || s.details->comm != "claude")
                    continue;
                for (const Sample *a = &s; a && a->id.pid > 1; a = r->snapshot->byPid(a->ppid))
                    if (a->ppid == script)
                        workload = s.id.pid;
            }
            return workload > 0;
        }()),
            5000);
        sp.adopt(workload);
        const auto r = replay(capturePair(sp.dir(), 0.3, 6 * kHour), defaultModel());
        const auto w = verdictFor(r, script);
        const auto c = verdictFor(r, workload);
        QVERIFY(w.index >= 0 && c.index >= 0);
        QVERIFY(w.facts().isWrapper);
        QCOMPARE(w.facts().workloadIndex, c.index);
        // The workload's wrapper chain leads up to script.
        bool reachesScript = false;
        for (int x = c.facts().wrapperIndex, guard = 0; x >= 0 && guard < 8; ++guard) {
            reachesScript = reachesScript || x == w.index;
            x = r->facts[static_cast<std::size_t>(x)].wrapperIndex;
        }
        QVERIFY2(reachesScript, c.why().c_str());
        QCOMPARE(w.recommendation().action, RecommendedAction::Keep); // the workload is the triage subject
        QVERIFY(mentions(w.recommendation().blockedBy, "wrapper") || !w.recommendation().candidate);
        const auto &wa = w.blast().affected;
        const auto &ca = c.blast().affected;
        QVERIFY2(std::find(wa.begin(), wa.end(), c.index) != wa.end(), w.why().c_str());
        QVERIFY2(std::find(ca.begin(), ca.end(), w.index) != ca.end(), c.why().c_str());
    }

    void idleNodeInTmuxPane()
    {
        Spawner sp;
        const std::string socket = "ptriage-test-" + std::to_string(::getpid());
        const std::string node = sp.actorPath("node");
        const int tmux = sp.spawnProgram(
            {"tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "t", node + " server.js"});
        QVERIFY(tmux > 0);
        int pane = -1;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
            const auto r = live(defaultModel());
            for (const auto &s : r->snapshot->processes)
                if (s.details && s.details->comm == "node" && !s.details->cmdline.empty()
                    && s.details->cmdline.back() == "server.js")
                    pane = s.id.pid;
            return pane > 0;
        }()),
            5000);
        sp.adopt(pane);
        const auto v = verdictFor(replay(capturePair(sp.dir(), 0.3, 5 * kHour), defaultModel()), pane);
        std::system(("tmux -L " + socket + " kill-server 2>/dev/null").c_str());
        QVERIFY(v.index >= 0);
        QCOMPARE(v.facts().intent, IntentKind::Multiplexer);
        QVERIFY2(v.recommendation().action != RecommendedAction::Kill, v.why().c_str());
        QVERIFY(!v.recommendation().allowed[static_cast<std::size_t>(RecommendedAction::Kill)]);
    }

    void uninterruptibleSleep()
    {
        Spawner sp;
        const Actor a = sp.spawn(
            {"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto pair = capturePair(sp.dir(), 0.3, 3 * kHour);
        for (const auto &root : {pair.before, pair.after}) {
            editStat(root, a.pid, [](std::vector<std::string> &f) { f[0] = "D"; });
            writeProcFile(root, a.pid, "wchan", "nfs_wait_bit_killable");
        }
        const auto v = verdictFor(replay(pair, defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        QVERIFY(v.recommendation().action != RecommendedAction::Kill);
        QVERIFY(!v.recommendation().allowed[static_cast<std::size_t>(RecommendedAction::Kill)]);
        QCOMPARE(v.post().confidence, Confidence::Low);
        bool wchanShown = false;
        for (const auto &t : v.ledger())
            wchanShown = wchanShown || t.detail.english().find("nfs_wait_bit_killable") != std::string::npos;
        QVERIFY2(wchanShown, v.why().c_str());
    }

    void spinningOrphan()
    {
        Spawner sp;
        const Actor a = sp.spawn({"data-crunch", {"/opt/tools/data-crunch", "--input", "/srv/batch"},
            {{"ACTOR_SPIN", "1"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto pair = capturePair(sp.dir(), 0.5, 6 * kHour);
        // Six hours of a busy core before the captures began.
        const long ticks = ::sysconf(_SC_CLK_TCK);
        for (const auto &root : {pair.before, pair.after})
            editStat(root, a.pid, [&](std::vector<std::string> &f) {
                f[11] = std::to_string(std::stoull(f[11])
                    + static_cast<unsigned long long>(6 * kHour * 0.97 * static_cast<double>(ticks)));
            });
        const auto v = verdictFor(replay(pair, defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        QVERIFY2(v.post().classification == ProcessClass::UsefulBad, v.why().c_str());
        QVERIFY2(v.recommendation().action == RecommendedAction::Throttle
                || v.recommendation().action == RecommendedAction::Freeze,
            v.why().c_str());
    }

    // A left-behind job still writing hard (a backup after its terminal closed) is at work: the signs of
    // having been left behind count little together, and the runner waiting for it is not ended.
    void workAfterTheTerminalClosedIsInUse()
    {
        Spawner sp;
        const std::string dir = sp.dir() + "/backup";
        std::filesystem::create_directories(dir);
        std::ofstream(dir + "/archive.py") << "import os, time\n"
                                              "buf = b'x' * (1 << 20)\n"
                                              "with open('archive.part', 'wb') as f:\n"
                                              "    open('pids', 'w').write('%d %d' % (os.getpid(), os.getppid()))\n"
                                              "    while True:\n"
                                              "        f.seek(0); f.write(buf); f.flush(); time.sleep(0.02)\n";
        std::ofstream(dir + "/backup.py") << "import subprocess\nsubprocess.run(['python3', 'archive.py'])\n";
        // The shell (its session's leader) exits: the runner is adopted, its session gone.
        const int outer = sp.spawnProgram({"/bin/sh", "-c", "cd " + dir + " && python3 backup.py & exit 0"});
        QVERIFY(outer > 0 && ::waitpid(outer, nullptr, 0) == outer); // reaped: its session is gone
        int writer = -1, runner = -1;
        for (int i = 0; i < 100 && writer < 0; ++i) {
            std::ifstream in(dir + "/pids");
            if (!(in >> writer >> runner))
                writer = -1;
            QTest::qWait(50);
        }
        QVERIFY(writer > 0 && runner > 0);
        sp.adopt(writer);
        sp.adopt(runner);
        const auto pair = capturePair(sp.dir(), 0.5, 2 * kHour);
        const auto r = replay(pair, defaultModel());
        const auto w = verdictFor(r, writer);
        const auto run = verdictFor(r, runner);
        QVERIFY(w.index >= 0 && run.index >= 0);
        QCOMPARE(run.facts().orphan, OrphanState::ReparentedSessionGone);
        QVERIFY2(w.facts().working, w.why().c_str());
        QCOMPARE(run.facts().workingDescendant, w.index);
        double littleBits = 0;
        int little = 0;
        for (const EvidenceTerm &t : w.ledger())
            if (t.detail.english().find("(counts little: it is at work)") != std::string::npos) {
                ++little;
                littleBits += t.bits;
            }
        QVERIFY2(little >= 2, w.why().c_str()); // orphaned and no terminal at least
        QVERIFY2(std::fabs(littleBits) <= defaultModel().priors.maxBitsLeftBehindInUse + 1e-9, w.why().c_str());
        QVERIFY2(w.recommendation().action != RecommendedAction::Kill, w.why().c_str());
        const auto allowed = [](const Verdict &v, RecommendedAction a) {
            return v.recommendation().allowed[static_cast<std::size_t>(a)];
        };
        for (const auto a : {RecommendedAction::Kill, RecommendedAction::Pause, RecommendedAction::Freeze})
            QVERIFY2(!allowed(run, a), run.why().c_str());
        // The same runner once the job stops writing: nothing under it at work, no such gate.
        ::kill(writer, SIGSTOP);
        const auto stopped
            = verdictFor(replay(capturePair(sp.dir() + "/stopped", 0.5, 2 * kHour), defaultModel()), runner);
        ::kill(writer, SIGCONT);
        QVERIFY(stopped.index >= 0);
        QCOMPARE(stopped.facts().workingDescendant, -1);
        QVERIFY2(allowed(stopped, RecommendedAction::Kill), stopped.why().c_str());
    }

    void youngProcessesAreNeverActedOn()
    {
        Spawner sp;
        const Actor a = sp.spawn(
            {"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        const auto v = verdictFor(live(defaultModel()), a.pid); // seconds old, default minimum age
        QVERIFY(v.index >= 0);
        QVERIFY2(v.recommendation().action == RecommendedAction::Keep, v.why().c_str());
    }

    // A listener whose fd table cannot be read (another user's process, a capture without fd/) has
    // unknown sockets: no weight, said so — never "no listening socket".
    void unreadableFdsAreUnknownNotNone()
    {
        Spawner sp;
        const Actor a = sp.spawn({"node", {"node", "/srv/app/server.js"}, {{"ACTOR_LISTEN", "0"}}});
        QVERIFY(a.pid > 0 && a.port > 0);
        const CapturePair pair = capturePair(sp.dir(), 0.3, 0);
        const auto readable = verdictFor(replay(pair, defaultModel()), a.pid);
        QVERIFY(readable.index >= 0);
        QVERIFY2(mentions(readable.facts().listeners, ":" + std::to_string(a.port)), readable.why().c_str());
        for (const std::string &root : {pair.before, pair.after})
            std::filesystem::remove_all(root + "/" + std::to_string(a.pid) + "/fd");
        const auto v = verdictFor(replay(pair, defaultModel()), a.pid);
        QVERIFY(v.index >= 0);
        QVERIFY(!v.facts().deepKnown);
        QVERIFY(v.facts().listeners.empty());
        bool sockets = false;
        for (const EvidenceTerm &t : v.ledger())
            if (t.term == "sockets") {
                sockets = true;
                QCOMPARE(t.bits, 0.0);
                QVERIFY2(t.detail.english().find("unknown") != std::string::npos, t.detail.english().c_str());
            }
        QVERIFY2(sockets, v.why().c_str());
        QVERIFY2(v.why().find("no listening socket") == std::string::npos, v.why().c_str());
    }

    void ptriageNeverTargetsItself()
    {
        const auto r = live(defaultModel(), 0.0);
        const auto self = verdictFor(r, static_cast<int>(::getpid()));
        QVERIFY(self.index >= 0);
        QVERIFY(!self.facts().protectedReason.empty());
        QCOMPARE(self.recommendation().action, RecommendedAction::Keep);
        const auto init = verdictFor(r, 1);
        QCOMPARE(init.recommendation().action, RecommendedAction::Keep);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(ScenarioTest)
#include "tst_scenarios.moc"
