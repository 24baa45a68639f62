// Diffs and accumulation over sessions of real processes saved to a real database: a process that
// exits, one that appears, one orphaned when its parent is killed; a reused pid is two identities;
// sessions from different boots are compared by command and origin.
#include "SyntheticSession.h"
#include "report/SessionReport.h"
#include "session/Accumulation.h"
#include "session/SessionDiff.h"
#include "session/database/SessionStore.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <fstream>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

const DiffEntry *entryOf(const SessionDiff &d, int pid)
{
    for (const auto &e : d.entries)
        if (e.identity.pid == pid)
            return &e;
    return nullptr;
}

int countEntries(const SessionDiff &d, int pid)
{
    int n = 0;
    for (const auto &e : d.entries)
        n += e.identity.pid == pid ? 1 : 0;
    return n;
}

// The children of `pid` (first thread's list).
std::vector<int> childrenOf(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
    std::vector<int> out;
    int c = 0;
    while (in >> c)
        out.push_back(c);
    return out;
}

bool waitFor(const std::function<bool()> &done)
{
    for (int i = 0; i < 200; ++i) {
        if (done())
            return true;
        QThread::msleep(25);
    }
    return false;
}

long long saveLive(SessionStore &store)
{
    QString error;
    const long long id = store.save(sessionFromTriage(*live(defaultModel()), defaultModel()), &error);
    if (!id)
        qWarning("%s", qPrintable(error));
    return id;
}

} // namespace

class SessionDiffTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void realProcessesExitAppearAndGetOrphaned()
    {
        QTemporaryDir dir;
        SessionStore store;
        QString error;
        QVERIFY(store.open(dir.filePath(QStringLiteral("s.sqlite")), SessionStore::Mode::Create, &error));
        Spawner spawner;
        const Actor leaving = spawner.spawn({"ptriage-leaving", {"ptriage-leaving"}, {}, Parenting::Child});
        QVERIFY(leaving.pid > 0);
        // A parent (sh) with a child (sleep): killing the parent orphans the child.
        const int middle = spawner.spawnProgram({"/bin/sh", "-c", "sleep 300 & wait"});
        QVERIFY(middle > 0);
        QVERIFY(waitFor([&] { return !childrenOf(middle).empty(); }));
        const int grandchild = childrenOf(middle).front();
        spawner.adopt(grandchild);
        const long long a = saveLive(store);
        QVERIFY(a > 0);

        // Killed and reaped (a zombie has not exited yet: it would be a class change).
        for (int pid : {leaving.pid, middle}) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
            QVERIFY(waitFor([&] { return processState(pid) == '?'; }));
        }
        const Actor arriving = spawner.spawn({"ptriage-arriving", {"ptriage-arriving"}, {}, Parenting::Child});
        QVERIFY(arriving.pid > 0);
        const long long b = saveLive(store);
        QVERIFY(b > 0);

        const auto before = store.load(a, &error);
        const auto after = store.load(b, &error);
        QVERIFY(before && after);
        const SessionDiff d = diffSessions(*before, *after);
        QVERIFY(!d.crossBoot);
        const auto *gone = entryOf(d, leaving.pid);
        QVERIFY(gone);
        QCOMPARE(gone->transition, Transition::Exited);
        const auto *born = entryOf(d, arriving.pid);
        QVERIFY(born);
        QCOMPARE(born->transition, Transition::Appeared);
        QCOMPARE(born->after->comm, std::string("ptriage-arrivin")); // comm is 15 bytes
        const auto *orphan = entryOf(d, grandchild);
        QVERIFY(orphan);
        QVERIFY2(orphan->transition == Transition::NewlyOrphaned, jsonName(orphan->transition));
        QCOMPARE(orphan->before->ppid, middle);
        QVERIFY(orphan->after->ppid != middle);
        QCOMPARE(entryOf(d, middle)->transition, Transition::Exited);
        // Exactly one transition per identity.
        for (int pid : {leaving.pid, arriving.pid, grandchild, middle, static_cast<int>(::getpid())})
            QCOMPARE(countEntries(d, pid), 1);
        const auto *self = entryOf(d, static_cast<int>(::getpid()));
        QVERIFY(self->transition != Transition::Appeared && self->transition != Transition::Exited);
        int total = 0;
        for (int c : d.counts)
            total += c;
        QCOMPARE(static_cast<std::size_t>(total), d.entries.size());

        // The JSON says the same.
        const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(diffJson(d, false))).object();
        QCOMPARE(json.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.diff.v1"));
        QCOMPARE(json.value(QStringLiteral("compared_by")).toString(), QStringLiteral("identity"));
        bool sawOrphan = false;
        for (const auto &v : json.value(QStringLiteral("entries")).toArray()) {
            const QJsonObject e = v.toObject();
            if (e.value(QStringLiteral("pid")).toInt() == grandchild) {
                QCOMPARE(e.value(QStringLiteral("transition")).toString(), QStringLiteral("newly_orphaned"));
                QCOMPARE(e.value(QStringLiteral("before")).toObject().value(QStringLiteral("ppid")).toInt(), middle);
                sawOrphan = true;
            }
        }
        QVERIFY(sawOrphan);
    }

    void realTreeThatGrowsThenLosesItsParent()
    {
        // One shell starts 2 workers, then 4 more, then is killed: its 6 workers stay behind as orphans.
        QTemporaryDir dir;
        SessionStore store;
        QString error;
        QVERIFY(store.open(dir.filePath(QStringLiteral("s.sqlite")), SessionStore::Mode::Create, &error));
        Spawner spawner;
        const std::string flag = dir.filePath(QStringLiteral("more")).toStdString();
        const int parent = spawner.spawnProgram({"/bin/sh", "-c",
            "for i in 1 2; do sleep 317 & done; while [ ! -e " + flag
                + " ]; do sleep 0.05; done; for i in 1 2 3 4; do sleep 317 & done; wait"});
        QVERIFY(parent > 0);
        const auto workers = [&] {
            std::vector<int> out;
            for (int c : childrenOf(parent)) {
                std::ifstream in("/proc/" + std::to_string(c) + "/cmdline");
                std::string cmd((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                if (cmd == std::string("sleep") + '\0' + "317" + '\0')
                    out.push_back(c);
            }
            return out;
        };
        QVERIFY(waitFor([&] { return workers().size() == 2; }));
        std::vector<long long> ids{saveLive(store)};
        std::ofstream(flag).put('x');
        QVERIFY(waitFor([&] { return workers().size() == 6; }));
        const std::vector<int> six = workers();
        for (int w : six)
            spawner.adopt(w);
        ids.push_back(saveLive(store));
        ::kill(parent, SIGKILL);
        ::waitpid(parent, nullptr, 0);
        QVERIFY(waitFor([&] { return processState(parent) == '?'; }));
        ids.push_back(saveLive(store));
        std::vector<Session> sessions;
        for (long long id : ids) {
            QVERIFY(id > 0);
            sessions.push_back(*store.load(id, &error));
        }
        // An hour apart, so the rate is per hour of this run.
        for (std::size_t k = 0; k < sessions.size(); ++k)
            sessions[k].info.atMs = sessions[0].info.atMs + static_cast<std::int64_t>(k) * 3600000;
        const Accumulation acc = accumulate(sessions);
        const AccumulationRow *row = nullptr;
        // The workers' row: other tests' shells beside this one may leave `sleep N` rows of their own.
        for (const auto &r : acc.rows)
            if (r.origin.command == "sleep N" && r.origin.parent.starts_with("sh -c")
                && std::find(six.begin(), six.end(), r.oldest.pid) != six.end())
                row = &r;
        QVERIFY2(row, accumulationText(acc, 50).c_str());
        QCOMPARE(row->counts, (std::vector<int>{2, 6, 6}));
        QCOMPARE(row->growthPerHour, 2.0);
        QVERIFY(row->parentGone);
        QVERIFY(row->oldest.isValid());
        // The diff from the middle session to the last: the workers were orphaned, the shell exited.
        const SessionDiff d = diffSessions(sessions[1], sessions[2]);
        for (int w : six)
            QCOMPARE(entryOf(d, w)->transition, Transition::NewlyOrphaned);
        QCOMPARE(entryOf(d, parent)->transition, Transition::Exited);
    }

    void reusedPidIsTwoIdentities()
    {
        Session before = syntheticSession(30);
        Session after = syntheticSession(30, 120, 50, before.info.atMs + 60000);
        // Same pid, later start: another process.
        after.processes[5].startTicks += 777;
        after.processes[5].argv = {"/usr/bin/other"};
        const int pid = after.processes[5].pid;
        // Saved and loaded through a real file, as the CLI would.
        QTemporaryDir dir;
        SessionStore store;
        QString error;
        QVERIFY(store.open(dir.filePath(QStringLiteral("s.sqlite")), SessionStore::Mode::Create, &error));
        const long long a = store.save(before, &error);
        const long long b = store.save(after, &error);
        const auto la = store.load(a, &error);
        const auto lb = store.load(b, &error);
        const SessionDiff d = diffSessions(*la, *lb);
        QCOMPARE(countEntries(d, pid), 2);
        int exited = 0, appeared = 0;
        for (const auto &e : d.entries) {
            if (e.identity.pid != pid)
                continue;
            if (e.transition == Transition::Exited) {
                ++exited;
                QCOMPARE(e.identity.startTicks, before.processes[5].startTicks);
            }
            if (e.transition == Transition::Appeared) {
                ++appeared;
                QCOMPARE(e.identity.startTicks, after.processes[5].startTicks);
            }
        }
        QCOMPARE(exited, 1);
        QCOMPARE(appeared, 1);
        QCOMPARE(d.counts[static_cast<int>(Transition::Stable)], 29);
        QCOMPARE(d.counts[static_cast<int>(Transition::Exited)], 1);
        QCOMPARE(d.counts[static_cast<int>(Transition::Appeared)], 1);
    }

    void transitionsAndGrowth()
    {
        Session before = syntheticSession(5);
        Session after = syntheticSession(5, 120, 50, before.info.atMs + 3600000);
        after.processes[1].classification = ProcessClass::Abandoned;
        after.processes[2].action = RecommendedAction::Kill;
        after.processes[3].rssBytes += 5000;
        after.processes[3].cpuTicks += 250;
        const SessionDiff d = diffSessions(before, after);
        QCOMPARE(entryOf(d, after.processes[1].pid)->transition, Transition::ClassChanged);
        QCOMPARE(entryOf(d, after.processes[2].pid)->transition, Transition::RecommendationChanged);
        const auto *grown = entryOf(d, after.processes[3].pid);
        QCOMPARE(grown->transition, Transition::Stable);
        QCOMPARE(grown->rssGrowthBytes, 5000LL);
        QCOMPARE(grown->cpuGrowthSeconds, 2.5);
    }

    void differentBootsCompareByCommandAndOrigin()
    {
        Session before = syntheticSession(21);
        Session after = syntheticSession(31, 120, 50, before.info.atMs + 86400000);
        after.info.bootId = fixedBoot(9);
        after.processes[30].argv = {"/usr/bin/python3", "job.py"}; // new since the reboot
        const SessionDiff d = diffSessions(before, after);
        QVERIFY(d.crossBoot);
        for (const auto &e : d.entries) {
            QVERIFY(!e.identity.isValid());
            QVERIFY(!e.key.empty());
        }
        QVERIFY(d.counts[static_cast<int>(Transition::Appeared)] > 0);
        const std::string text = diffText(d, false);
        QVERIFY(text.find("compared by command and origin") != std::string::npos);
        const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(diffJson(d, true))).object();
        QVERIFY(json.value(QStringLiteral("cross_boot")).toBool());
        QCOMPARE(json.value(QStringLiteral("compared_by")).toString(), QStringLiteral("command_and_origin"));
    }

    void accumulationFindsWhatKeepsSpawning()
    {
        // A test runner in ~/src/app leaves workers behind: 3, then 13, then 23 over two hours; then it
        // exits, and its 23 workers are orphans whose parent is gone.
        std::vector<Session> sessions;
        const std::int64_t t0 = 1'700'000'000'000;
        const std::string home = QDir::homePath().toStdString();
        for (int k = 0; k < 4; ++k) {
            Session s = syntheticSession(10, 60, 10, t0 + k * 3600000);
            SessionProcess runner;
            runner.pid = 50000;
            runner.startTicks = 100;
            runner.ppid = 1000;
            runner.argv = {"node", "/usr/lib/node_modules/vitest/vitest.mjs", "run"};
            runner.cwd = home + "/src/app";
            const int workers = std::min(3 + 10 * k, 23);
            for (int w = 0; w < workers; ++w) {
                SessionProcess p;
                p.pid = 60000 + w;
                p.startTicks = 200 + static_cast<std::uint64_t>(w);
                p.ppid = k < 3 ? runner.pid : 1;
                p.orphaned = k == 3;
                // A program's own digits are its name (node18, cc1plus); an argument's vary between runs.
                p.argv = {"/opt/node18/bin/node18",
                    home + "/src/app/node_modules/vitest/dist/worker-" + std::to_string(1234 + w) + ".js"};
                p.cwd = home + "/src/app";
                p.rssBytes = 100 << 20;
                p.ageSeconds = 7200 - w;
                s.processes.push_back(p);
            }
            if (k < 3)
                s.processes.push_back(runner);
            s.info.processCount = static_cast<int>(s.processes.size());
            sessions.push_back(std::move(s));
        }
        const Accumulation acc = accumulate(sessions);
        QCOMPARE(acc.spanHours, 3.0);
        QVERIFY(!acc.rows.empty());
        const AccumulationRow &top = acc.rows.front();
        QCOMPARE(top.counts, (std::vector<int>{3, 13, 23, 23}));
        QCOMPARE(top.growthPerHour, 20.0 / 3);
        QCOMPARE(top.origin.command, std::string("node18 ~/src/app/node_modules/vitest/dist/worker-N.js"));
        QCOMPARE(top.origin.parent, std::string("node /usr/lib/node_modules/vitest/vitest.mjs run"));
        QVERIFY(top.parentGone);
        QCOMPARE(top.origin.project, std::string("~/src/app"));
        QCOMPARE(top.rssBytes, 23ull * (100 << 20));
        QCOMPARE(top.oldest.pid, 60000);
        QVERIFY(!top.examples.empty() && top.examples.size() <= 3);
        const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(accumulationJson(acc))).object();
        QCOMPARE(json.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.accumulation.v1"));
        const QJsonObject first = json.value(QStringLiteral("origins")).toArray().first().toObject();
        QVERIFY(qAbs(first.value(QStringLiteral("growth_per_hour")).toDouble() - 20.0 / 3) < 1e-3);
        QVERIFY(first.value(QStringLiteral("parent_gone")).toBool());
    }

    void multiLineCommandIsOneRow()
    {
        // A cron or CI harness's "bash -c" script spans lines; its key is one line, so the text's
        // columns stay under their headings (seen in CI: a row that was only "bash -c large_limit=N").
        std::vector<Session> sessions;
        const std::int64_t t0 = 1'700'000'000'000;
        for (int k = 0; k < 2; ++k) {
            Session s = syntheticSession(5, 60, 5, t0 + k * 3600000);
            for (int w = 0; w < 2 + 4 * k; ++w) {
                SessionProcess p;
                p.pid = 70000 + w;
                p.startTicks = 300 + static_cast<std::uint64_t>(w);
                p.ppid = 1;
                p.argv = {"bash", "-c", "large_limit=5\nwhile true; do\n\tsleep 1\x1b[2J\ndone\n"};
                p.cwd = "/srv/ci\nrunner";
                p.rssBytes = 10 << 20;
                p.ageSeconds = 600;
                s.processes.push_back(p);
            }
            s.info.processCount = static_cast<int>(s.processes.size());
            sessions.push_back(std::move(s));
        }
        const Accumulation acc = accumulate(sessions);
        QVERIFY(!acc.rows.empty());
        QCOMPARE(acc.rows.front().origin.command, std::string("bash -c large_limit=N while true; do sleep N?[NJ done"));
        const std::string text = accumulationText(acc, 50);
        for (const QString &line : QString::fromStdString(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            QVERIFY2(!line.startsWith(QLatin1String("while")) && !line.startsWith(QLatin1String("done"))
                    && !line.startsWith(QLatin1String("runner")),
                text.c_str());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(SessionDiffTest)
#include "tst_session_diff.moc"
