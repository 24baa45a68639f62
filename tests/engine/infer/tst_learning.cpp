// Learning from decisions and the "leaking" term, on real processes and a real session database:
// kills of earlier processes raise P(abandoned) of a new matching one and the ledger says why;
// spares push back harder; forgetting and clearing remove the term; respawns count against a kill;
// the term is bounded; memory that grows across saved sessions is evidence for useful_bad.
#include "infer/Learning.h"
#include "session/PastLoader.h"
#include "session/database/SessionStore.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>
#include <QUuid>
#include <QtTest>

#include <fstream>
#include <signal.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

constexpr auto kAbandoned = static_cast<std::size_t>(ProcessClass::Abandoned);
constexpr auto kUsefulBad = static_cast<std::size_t>(ProcessClass::UsefulBad);

// The system's python, not a version manager's shim (a shell script that execs it later).
const char *const kPython = "/usr/bin/python3";

std::string joined(const std::vector<std::string> &argv)
{
    std::string out;
    for (std::size_t i = 0; i < argv.size(); ++i)
        out += (i ? std::string(1, '\0') : std::string()) + argv[i];
    return out;
}

// A real sleeping python whose argv names a job file under a fresh temporary directory.
std::vector<std::string> jobArgv(const std::string &tag, int number)
{
    const std::string dir = "/tmp/ptriage-learn-" + QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
    return {kPython, "-c", "import time, sys\nwhile True: time.sleep(60)",
        dir + "/job-" + std::to_string(number) + ".txt", "--tag=" + tag};
}

std::uint64_t rssOf(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/statm");
    std::uint64_t size = 0, resident = 0;
    in >> size >> resident;
    return resident * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

bool waitFor(const std::function<bool()> &done)
{
    for (int i = 0; i < 400; ++i) {
        if (done())
            return true;
        QThread::msleep(25);
    }
    return false;
}

// Until the process runs its program (its cmdline is the argv it was given) and python is set up.
bool running(int pid, const std::vector<std::string> &argv)
{
    return waitFor([&] {
        std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return text == joined(argv) + std::string(1, '\0');
    }) && (QThread::msleep(150), true);
}

// One snapshot of the live system, triaged without and with the past.
struct Pair {
    std::shared_ptr<const TriageResult> without;
    std::shared_ptr<const TriageResult> with;
};

Pair triageBoth(const std::shared_ptr<const PastContext> &past)
{
    Collector c;
    std::string error;
    if (!c.open(&error))
        qFatal("%s", error.c_str());
    auto snap = c.scanOnce();
    TriageOptions to;
    to.selfPid = static_cast<int>(::getpid());
    to.minAgeSeconds = 0;
    Pair p;
    p.without = triage(snap, defaultModel(), to);
    to.past = past;
    p.with = triage(snap, defaultModel(), to);
    return p;
}

std::optional<EvidenceTerm> termOf(const TriageResult &r, int index, const std::string &name)
{
    for (const auto &t : ledgerOf(r, index, defaultModel()))
        if (t.term == name)
            return t;
    return std::nullopt;
}

std::shared_ptr<const PastContext> pastOf(const QString &db)
{
    Collector c;
    std::string openError;
    if (!c.open(&openError))
        qFatal("%s", openError.c_str());
    QString error;
    auto past = loadPast(db, c.bootId(), defaultModel().priors, QDateTime::currentMSecsSinceEpoch(), &error);
    if (!error.isEmpty())
        qWarning("%s", qPrintable(error));
    return past;
}

Decision vote(Decision::Vote v, const std::vector<std::string> &argv, int pid, std::int64_t atMs)
{
    Decision d;
    d.vote = v;
    d.argv = argv;
    d.target = ProcessIdentity{BootId{}, 1, pid};
    d.atMs = atMs;
    return d;
}

} // namespace

class LearningTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void levels()
    {
        const auto a = commandPatterns(std::vector<std::string>{"/usr/bin/python3.11", "/home/x/src/app/run.py",
            "/tmp/tmp.8f3k2/out-17.json", "--port=8080", "--id=123e4567-e89b-12d3-a456-426614174000"});
        const auto b = commandPatterns(std::vector<std::string>{"/usr/bin/python3.11", "/home/x/src/app/run.py",
            "/tmp/tmp.Zq91x/out-42.json", "--port=9090", "--id=9b2c4567-e89b-12d3-a456-426614174999"});
        QVERIFY(a && b);
        QVERIFY(a->exact != b->exact);
        QCOMPARE(a->generalized, b->generalized);
        QVERIFY2(a->generalized.find("/tmp/…/out-N.json") != std::string::npos, a->generalized.c_str());
        QCOMPARE(a->base, std::string("python"));
        // Another script of the same interpreter: only the base level is shared.
        const auto c = commandPatterns(std::vector<std::string>{"python3", "/home/x/tools/other.py"});
        QVERIFY(c);
        QVERIFY(c->generalized != a->generalized);
        QCOMPARE(c->base, a->base);
        QVERIFY(!commandPatterns({}));
    }

    void killsRaiseAbandonedOfANewMatchingProcess()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Spawner spawner;
        // Three earlier processes, each ended by the person.
        SessionStore store;
        QString error;
        QVERIFY2(store.open(db, SessionStore::Mode::Create, &error), qPrintable(error));
        const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
        for (int k = 0; k < 3; ++k) {
            const auto argv = jobArgv("learn-kill", k);
            const int pid = spawner.spawnProgram(argv);
            QVERIFY(pid > 0);
            ::kill(pid, SIGTERM);
            QVERIFY(store.recordDecision(vote(Decision::Vote::Kill, argv, pid, now - 3600'000 * (k + 1)), &error) > 0);
        }
        QCOMPARE(store.decisions(&error).size(), std::size_t(3));
        // A new process like them: only its temporary directory and number differ.
        const auto argv = jobArgv("learn-kill", 99);
        const int pid = spawner.spawnProgram(argv);
        QVERIFY(running(pid, argv));
        const Pair p = triageBoth(pastOf(db));
        const int i = indexOfPid(*p.with, pid);
        QVERIFY(i >= 0);
        const double before = p.without->posteriors[static_cast<std::size_t>(i)].probability[kAbandoned];
        const double after = p.with->posteriors[static_cast<std::size_t>(i)].probability[kAbandoned];
        QVERIFY2(after > before, dump(*p.with, i).c_str());
        QVERIFY(!termOf(*p.without, i, "past_decisions"));
        const auto t = termOf(*p.with, i, "past_decisions");
        QVERIFY2(t, dump(*p.with, i).c_str());
        QVERIFY2(
            t->detail.english().find("you ended 3 and spared 0") != std::string::npos, t->detail.english().c_str());
        QVERIFY2(t->detail.english().find("(generalized)") != std::string::npos, t->detail.english().c_str());
        QVERIFY2(t->detail.english().find("/tmp/…/job-N.txt") != std::string::npos, t->detail.english().c_str());
        // Unrelated processes are untouched.
        const int self = indexOfPid(*p.with, static_cast<int>(::getpid()));
        QVERIFY(self >= 0 && !termOf(*p.with, self, "past_decisions"));

        // Forgetting the pattern removes the term.
        const auto match = pastOf(db)->patterns.lookup(argv);
        QVERIFY(match);
        QCOMPARE(store.forgetPattern(match->pattern, &error), 3);
        const Pair q = triageBoth(pastOf(db));
        const int j = indexOfPid(*q.with, pid);
        QVERIFY(j >= 0 && !termOf(*q.with, j, "past_decisions"));
        QCOMPARE(q.with->posteriors[static_cast<std::size_t>(j)].probability[kAbandoned],
            q.without->posteriors[static_cast<std::size_t>(j)].probability[kAbandoned]);
        QCOMPARE(store.forgetPattern(match->pattern, &error), 0);
    }

    void sparesOutweighKillsAndClearRemoves()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Spawner spawner;
        SessionStore store;
        QString error;
        QVERIFY(store.open(db, SessionStore::Mode::Create, &error));
        const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
        for (int k = 0; k < 3; ++k) {
            QVERIFY(store.recordDecision(
                        vote(Decision::Vote::Kill, jobArgv("learn-spare", k), 100 + k, now - 60'000), &error)
                > 0);
            QVERIFY(store.recordDecision(
                        vote(Decision::Vote::Spare, jobArgv("learn-spare", k), 200 + k, now - 60'000), &error)
                > 0);
        }
        const auto argv = jobArgv("learn-spare", 7);
        const int pid = spawner.spawnProgram(argv);
        QVERIFY(running(pid, argv));
        const Pair p = triageBoth(pastOf(db));
        const int i = indexOfPid(*p.with, pid);
        QVERIFY(i >= 0);
        const double before = p.without->posteriors[static_cast<std::size_t>(i)].probability[kAbandoned];
        const double after = p.with->posteriors[static_cast<std::size_t>(i)].probability[kAbandoned];
        QVERIFY2(after < before, dump(*p.with, i).c_str());
        const auto t = termOf(*p.with, i, "past_decisions");
        QVERIFY2(
            t && t->detail.english().find("you ended 3 and spared 3") != std::string::npos, dump(*p.with, i).c_str());

        QVERIFY(store.clearDecisions(&error));
        QVERIFY(store.decisions(&error).empty());
        const Pair q = triageBoth(pastOf(db));
        const int j = indexOfPid(*q.with, pid);
        QVERIFY(j >= 0 && !termOf(*q.with, j, "past_decisions"));
    }

    void respawnCountsAgainstTheKill()
    {
        // Ended three times, and each time the very same command was back within seconds.
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Spawner spawner;
        SessionStore store;
        QString error;
        QVERIFY(store.open(db, SessionStore::Mode::Create, &error));
        const auto argv = jobArgv("learn-respawn", 1);
        const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
        for (int k = 0; k < 3; ++k)
            QVERIFY(store.recordDecision(vote(Decision::Vote::Kill, argv, 300 + k, now - 500), &error) > 0);
        const int pid = spawner.spawnProgram(argv); // the respawn
        QVERIFY(running(pid, argv));
        Collector c;
        std::string openError;
        QVERIFY(c.open(&openError));
        auto snap = c.scanOnce();
        const auto past
            = loadPast(db, c.bootId(), defaultModel().priors, QDateTime::currentMSecsSinceEpoch(), &error, snap.get());
        QVERIFY(past);
        const auto m = past->patterns.lookup(argv);
        QVERIFY(m);
        QCOMPARE(m->level, PatternLevel::Exact);
        QVERIFY2(m->respawned > 2.9 && m->kills < 0.01, qPrintable(QString::number(m->respawned)));
        QVERIFY(past->patterns.logOdds(*m) < 0); // ending it did not help: it leans toward keeping
        // Without the respawn seen, the same votes lean toward ending.
        const auto noRespawn
            = loadPast(db, c.bootId(), defaultModel().priors, QDateTime::currentMSecsSinceEpoch(), &error);
        const auto n = noRespawn->patterns.lookup(argv);
        QVERIFY(n && n->kills > 2.9 && noRespawn->patterns.logOdds(*n) > 0);
        TriageOptions to;
        to.minAgeSeconds = 0;
        to.past = past;
        const auto r = triage(snap, defaultModel(), to);
        const int i = indexOfPid(*r, pid);
        const auto t = termOf(*r, i, "past_decisions");
        QVERIFY2(t && t->detail.english().find("came right back") != std::string::npos, dump(*r, i).c_str());
    }

    void theTermIsBounded()
    {
        const auto argv = jobArgv("learn-bound", 1);
        std::vector<Decision> many;
        const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
        for (int k = 0; k < 5000; ++k)
            many.push_back(vote(Decision::Vote::Kill, argv, 1000 + k, now));
        const LearnedPatterns patterns(many, {}, defaultModel().priors.learning, now);
        const auto m = patterns.lookup(argv);
        QVERIFY(m && m->kills > 4999);
        auto past = std::make_shared<PastContext>();
        past->patterns = patterns;
        Spawner spawner;
        const int pid = spawner.spawnProgram(argv);
        QVERIFY(running(pid, argv));
        const Pair p = triageBoth(past);
        const int i = indexOfPid(*p.with, pid);
        const auto t = termOf(*p.with, i, "past_decisions");
        QVERIFY(t);
        QVERIFY2(std::fabs(t->bits) <= defaultModel().priors.maxBitsPerTerm + 1e-9, dump(*p.with, i).c_str());
        QVERIFY(std::fabs(t->bits) > 1);
    }

    void learnedKillsDoNotOpenTheGates()
    {
        // Thousands of kills of this very test's command: the term speaks, the protection holds
        // (ptriage's own process and its ancestors are protected), so the recommendation stays keep.
        std::ifstream in("/proc/self/cmdline");
        std::string self((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        while (!self.empty() && self.back() == '\0')
            self.pop_back();
        std::vector<std::string> argv;
        for (std::size_t at = 0; at <= self.size();) {
            const std::size_t end = std::min(self.find('\0', at), self.size());
            argv.push_back(self.substr(at, end - at));
            at = end + 1;
        }
        const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
        std::vector<Decision> many;
        for (int k = 0; k < 1000; ++k)
            many.push_back(vote(Decision::Vote::Kill, argv, 5000 + k, now));
        auto past = std::make_shared<PastContext>();
        past->patterns = LearnedPatterns(many, {}, defaultModel().priors.learning, now);
        const Pair p = triageBoth(past);
        const int i = indexOfPid(*p.with, static_cast<int>(::getpid()));
        QVERIFY(i >= 0);
        QVERIFY2(termOf(*p.with, i, "past_decisions"), dump(*p.with, i).c_str());
        const Recommendation &rec = p.with->recommendations[static_cast<std::size_t>(i)];
        QCOMPARE(rec.action, RecommendedAction::Keep);
        QVERIFY(!rec.candidate);
        QVERIFY(!p.with->facts[static_cast<std::size_t>(i)].protectedReason.empty());
        QVERIFY(p.with->posteriors[static_cast<std::size_t>(i)].probability[kAbandoned]
            > p.without->posteriors[static_cast<std::size_t>(i)].probability[kAbandoned]);
    }

    void memoryThatOnlyGrowsIsLeaking()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Spawner spawner;
        // Grows by 48 MiB on SIGUSR1 and gives the last block back on SIGUSR2.
        const std::string code = "import signal, time\n"
                                 "blocks = []\n"
                                 "signal.signal(signal.SIGUSR1, lambda *a: blocks.append(b'x' * (48 << 20)))\n"
                                 "signal.signal(signal.SIGUSR2, lambda *a: blocks.pop())\n"
                                 "while True: time.sleep(0.05)\n";
        const int grower = spawner.spawnProgram({kPython, "-c", code, "grower"});
        const int wobbler = spawner.spawnProgram({kPython, "-c", code, "wobbler"});
        QVERIFY(grower > 0 && wobbler > 0);
        QVERIFY(running(grower, {kPython, "-c", code, "grower"}) && running(wobbler, {kPython, "-c", code, "wobbler"}));
        auto change = [&](int pid, int sig) {
            const std::uint64_t before = rssOf(pid);
            ::kill(pid, sig);
            return waitFor([&] {
                const std::uint64_t now = rssOf(pid);
                return sig == SIGUSR1 ? now > before + (40 << 20) : now + (40 << 20) < before;
            });
        };
        SessionStore store;
        QString error;
        QVERIFY(store.open(db, SessionStore::Mode::Create, &error));
        // Wobbler: +, +, − between the saved sessions; grower: + every time.
        QVERIFY(change(wobbler, SIGUSR1));
        for (int s = 0; s < 3; ++s) {
            QVERIFY(store.save(sessionFromTriage(*live(defaultModel()), defaultModel()), &error) > 0);
            if (s == 1) {
                // Two sessions so far: too few to say.
                const Pair p = triageBoth(pastOf(db));
                const int i = indexOfPid(*p.with, grower);
                const auto t = termOf(*p.with, i, "leaking");
                QVERIFY2(t && t->bits == 0 && t->detail.english().find("unknown") != std::string::npos,
                    dump(*p.with, i).c_str());
            }
            QVERIFY(change(grower, SIGUSR1));
            QVERIFY(change(wobbler, s == 1 ? SIGUSR2 : SIGUSR1));
        }
        const Pair p = triageBoth(pastOf(db));
        const int g = indexOfPid(*p.with, grower);
        QVERIFY(g >= 0);
        const auto t = termOf(*p.with, g, "leaking");
        QVERIFY2(t && t->detail.english().find("memory grew in each of the last 3 saved sessions") != std::string::npos,
            dump(*p.with, g).c_str());
        QVERIFY(!termOf(*p.without, g, "leaking"));
        const double before = p.without->posteriors[static_cast<std::size_t>(g)].probability[kUsefulBad];
        const double after = p.with->posteriors[static_cast<std::size_t>(g)].probability[kUsefulBad];
        QVERIFY2(after > 3 * before, dump(*p.with, g).c_str());

        const int w = indexOfPid(*p.with, wobbler);
        const auto u = termOf(*p.with, w, "leaking");
        QVERIFY2(u && u->detail.english().find("did not only grow") != std::string::npos, dump(*p.with, w).c_str());
        QVERIFY(p.with->posteriors[static_cast<std::size_t>(w)].probability[kUsefulBad]
            <= p.without->posteriors[static_cast<std::size_t>(w)].probability[kUsefulBad]);
    }

    void aRefusedDatabaseIsOneErrorAndNoPast()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("junk.sqlite"));
        QFile f(db);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'j'));
        f.close();
        QString error;
        QVERIFY(!loadPast(db, BootId{}, defaultModel().priors, 0, &error));
        QVERIFY(error.contains(QStringLiteral("not an SQLite database")));
        QFile again(db);
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll(), QByteArray(4096, 'j'));
        // Missing: no past, no error.
        QVERIFY(!loadPast(dir.filePath(QStringLiteral("none.sqlite")), BootId{}, defaultModel().priors, 0, &error));
        QVERIFY(error.isEmpty());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(LearningTest)
#include "tst_learning.moc"
