// Background work: a thread made background runs at nice 10 (never raised), gives its core away at
// yield points to a thread that wants it (real threads pinned to one CPU, the switches counted by the
// kernel), pauses there while the window's thread handles events (never past the bound, never a
// foreground thread, not on a saturated machine), stops giving way while the machine is saturated,
// and hands all of this to the workers of parallelChunks.
#include "support/TestRoom.h"
#include "util/Parallel.h"
#include "util/ThreadPriority.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace ptriage;

namespace {

int niceOfThisThread()
{
    errno = 0;
    return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
}

void pinToFirstAllowedCpu()
{
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    ::sched_getaffinity(0, sizeof allowed, &allowed);
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &allowed)) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            ::sched_setaffinity(0, sizeof one, &one);
            return;
        }
}

long involuntarySwitches()
{
    rusage usage{};
    ::getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_nivcsw;
}

// How many times the calling thread lost its core over 2,000 yield points while another thread on the
// same CPU wanted it (that one gives way at once too, so each switch is short).
long switchesOverYieldPoints(bool background, int nice)
{
    long switches = -1;
    std::thread worker([&] {
        pinToFirstAllowedCpu();
        if (background)
            becomeBackgroundThread(nice);
        std::atomic<bool> done{false};
        std::thread other([&] {
            pinToFirstAllowedCpu();
            while (!done.load())
                ::sched_yield();
        });
        QThread::msleep(20); // the other thread is running
        const long before = involuntarySwitches();
        for (int i = 0; i < 2000; ++i)
            yieldPoint();
        switches = involuntarySwitches() - before;
        done = true;
        other.join();
    });
    worker.join();
    return switches;
}

} // namespace

class TestThreadPriority : public QObject {
    Q_OBJECT

    static constexpr int kLongPauseMs = 10'000; // longer than any check here waits

private Q_SLOTS:
    void init()
    {
        noteBackgroundShare(1000, 1000); // the machine has room, as at the start
        foregroundAsleep();
    }

    void aBackgroundThreadRunsAtNiceTenAndIsNeverRaised()
    {
        int nice = -1, niceAfterwards = -1;
        bool background = false;
        std::thread([&] {
            becomeBackgroundThread();
            nice = niceOfThisThread();
            background = isBackgroundThread();
        }).join();
        QCOMPARE(nice, std::max(kBackgroundNice, niceOfThisThread()));
        QVERIFY(background);
        QVERIFY(!isBackgroundThread()); // the calling thread is not made background
        std::thread([&] {
            ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 15);
            becomeBackgroundThread();
            niceAfterwards = niceOfThisThread();
        }).join();
        QCOMPARE(niceAfterwards, 15);
    }

    void aBackgroundThreadGivesItsCoreAwayAtYieldPoints()
    {
        const long background = switchesOverYieldPoints(true, kBackgroundNice);
        const long foreground = switchesOverYieldPoints(false, 0);
        QVERIFY2(background >= 1000, qPrintable(QString::number(background)));
        QVERIFY2(foreground < 100, qPrintable(QString::number(foreground)));
    }

    void aSaturatedMachineStopsTheGivingWayUntilWorkHasItsCoreAgain()
    {
        noteBackgroundShare(100'000'000, 30'000'000); // ran 30 ms of 100: others had the core
        const long saturated = switchesOverYieldPoints(true, kBackgroundNice);
        QVERIFY2(saturated < 100, qPrintable(QString::number(saturated)));
        noteBackgroundShare(100'000'000, 90'000'000);
        const long again = switchesOverYieldPoints(true, kBackgroundNice);
        QVERIFY2(again >= 1000, qPrintable(QString::number(again)));
    }

    // The window's thread handles events: a background yield point waits until it sleeps again.
    void aBackgroundThreadPausesWhileTheWindowHandlesEvents()
    {
        foregroundAwake(kLongPauseMs);
        std::atomic<bool> entered{false}, returned{false};
        std::thread worker([&] {
            becomeBackgroundThread();
            entered = true;
            yieldPoint();
            returned = true;
        });
        while (!entered)
            std::this_thread::yield();
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        const bool returnedWhileAwake = returned;
        foregroundAsleep();
        worker.join();
        QVERIFY(!returnedWhileAwake);
    }

    // A window thread that never sleeps again (blocked on something) holds background work once, for
    // at most the bound; the yield points after it do not wait.
    void thePauseEndsAtItsBound()
    {
        using Clock = std::chrono::steady_clock;
        // The bound counts from the window's waking, not from when this thread got a core: on a
        // loaded machine starting a thread may take longer than the bound itself.
        std::atomic<bool> ready{false}, go{false};
        Clock::time_point awakeAt{}, beforeFirst{}, afterFirst{};
        std::uint64_t pausesBefore = 0, pausesAfterFirst = 0, pausesAfterNext = 0;
        std::thread worker([&] {
            becomeBackgroundThread();
            ready = true;
            while (!go)
                std::this_thread::yield();
            pausesBefore = foregroundPausesTaken();
            beforeFirst = Clock::now();
            yieldPoint();
            afterFirst = Clock::now();
            pausesAfterFirst = foregroundPausesTaken();
            for (int i = 0; i < 100; ++i)
                yieldPoint();
            pausesAfterNext = foregroundPausesTaken();
        });
        while (!ready)
            std::this_thread::yield();
        awakeAt = Clock::now();
        foregroundAwake();
        go = true;
        worker.join();
        foregroundAsleep();
        const auto first = afterFirst - awakeAt;
        QVERIFY(first >= std::chrono::milliseconds(kForegroundPauseMs - 1)); // waited for it
        QVERIFY(first < std::chrono::seconds(2));
        // It paused, unless a busy machine gave this thread a core only after the bound had passed.
        const bool late = beforeFirst - awakeAt >= std::chrono::milliseconds(kForegroundPauseMs);
        QCOMPARE(pausesAfterFirst - pausesBefore, std::uint64_t{late ? 0u : 1u});
        QVERIFY2(pausesAfterNext == pausesAfterFirst, "a later yield point paused again"); // past the bound
    }

    // Neither a foreground thread nor background work on a saturated machine waits for the window.
    void onlyBackgroundWorkWithRoomPauses()
    {
        foregroundAwake(kLongPauseMs);
        std::atomic<bool> foregroundReturned{false}, saturatedReturned{false};
        std::thread foreground([&] {
            yieldPoint();
            foregroundReturned = true;
        });
        noteBackgroundShare(100'000'000, 30'000'000);
        std::thread saturated([&] {
            becomeBackgroundThread();
            yieldPoint();
            saturatedReturned = true;
        });
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (!(foregroundReturned && saturatedReturned) && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        const bool bothBackWhileAwake = foregroundReturned && saturatedReturned;
        foregroundAsleep();
        foreground.join();
        saturated.join();
        QVERIFY(bothBackWhileAwake);
    }

    void theCpuTimeOfThisThreadIsItsOwn()
    {
        const std::int64_t before = threadCpuNanoseconds();
        std::thread([] {
            volatile std::uint64_t x = 0;
            for (std::uint64_t i = 0; i < 50'000'000; ++i)
                x = x + i;
        }).join();
        const std::int64_t slept = threadCpuNanoseconds() - before;
        volatile std::uint64_t y = 0;
        for (std::uint64_t i = 0; i < 50'000'000; ++i)
            y = y + i;
        const std::int64_t ran = threadCpuNanoseconds() - before - slept;
        QVERIFY2(slept < ran / 4, qPrintable(QStringLiteral("%1 vs %2").arg(slept).arg(ran)));
    }

    void parallelChunksMakesItsWorkersBackgroundAndGivesWayBetweenBlocks_data()
    {
        QTest::addColumn<int>("workers");
        QTest::newRow("one worker") << 1;
        QTest::newRow("two workers") << 2;
    }

    void parallelChunksMakesItsWorkersBackgroundAndGivesWayBetweenBlocks()
    {
        QFETCH(int, workers);
        for (const bool background : {true, false}) {
            QThreadPool pool; // its threads stay background once they worked for a background thread
            pool.setMaxThreadCount(1);
            std::mutex lock;
            std::vector<std::pair<std::size_t, std::size_t>> blocks;
            std::vector<bool> backgroundWorkers;
            std::vector<char> covered(1000, 0);
            std::thread([&] {
                if (background)
                    becomeBackgroundThread();
                parallelChunks(&pool, covered.size(), workers, [&](std::size_t begin, std::size_t end, int) {
                    const std::lock_guard hold(lock);
                    blocks.emplace_back(begin, end);
                    backgroundWorkers.push_back(isBackgroundThread());
                    for (std::size_t i = begin; i < end; ++i)
                        ++covered[i];
                });
            }).join();
            QVERIFY(std::all_of(covered.begin(), covered.end(), [](char c) { return c == 1; }));
            for (const bool b : backgroundWorkers)
                QCOMPARE(b, background);
            if (background || workers > 1) {
                // In blocks: a yield point between each two.
                QCOMPARE(blocks.size(), std::size_t{16});
                for (const auto &[begin, end] : blocks)
                    QVERIFY(end - begin <= 64);
            } else {
                QCOMPARE(blocks.size(), std::size_t{1}); // foreground on one thread: all at once
            }
        }
    }

    // Last: it holds for the rest of this process. Without a window (`watch`) a yield point neither gives
    // the core away nor pauses, whatever the foreground says.
    void withoutAWindowYieldPointsNeitherGiveWayNorPause()
    {
        QVERIFY(switchesOverYieldPoints(true, kBackgroundNice) >= 1000); // as above, before
        noWindowToGiveWayTo();
        const long windowless = switchesOverYieldPoints(true, kBackgroundNice);
        QVERIFY2(windowless < 100, qPrintable(QString::number(windowless)));
        foregroundAwake(kLongPauseMs);
        const std::uint64_t pausesBefore = foregroundPausesTaken();
        const auto start = std::chrono::steady_clock::now();
        std::thread([] {
            becomeBackgroundThread();
            for (int i = 0; i < 10; ++i)
                yieldPoint();
        }).join();
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(kLongPauseMs / 2));
        QCOMPARE(foregroundPausesTaken(), pausesBefore);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(TestThreadPriority)
#include "tst_thread_priority.moc"
