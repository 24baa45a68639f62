// While the window's thread handles an event, background work waits at its yield point; once the
// event loop is about to wait again, it goes on. Foreground threads never wait for it.
#include "desk/ForegroundWatch.h"
#include "support/TestRoom.h"

#include <QEventLoop>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <thread>

using namespace ptriage;

class TestForegroundWatch : public QObject {
    Q_OBJECT

    static constexpr int kLongPauseMs = 10'000; // longer than any check here waits

private Q_SLOTS:
    void backgroundWorkWaitsOutTheEventAndGoesOnWhenTheLoopSleeps()
    {
        ForegroundWatch watch(nullptr, kLongPauseMs);
        std::atomic<bool> entered{false}, returned{false};
        bool returnedDuringTheEvent = true, handled = false;
        std::thread worker;
        QTimer::singleShot(0, this, [&] {
            worker = std::thread([&] {
                becomeBackgroundThread();
                entered = true;
                yieldPoint();
                returned = true;
            });
            while (!entered)
                std::this_thread::yield();
            std::this_thread::sleep_for(std::chrono::milliseconds(30)); // still handling the event
            returnedDuringTheEvent = returned;
            handled = true;
        });
        // A real loop, which waits between events (QTest::qWait never does).
        QEventLoop loop;
        QTimer check;
        connect(&check, &QTimer::timeout, &loop, [&] {
            if (handled && returned)
                loop.quit();
        });
        check.start(10);
        QTimer::singleShot(5000, &loop, &QEventLoop::quit);
        loop.exec();
        const bool returnedWhileTheLoopRan = returned;
        worker.join(); // returns at the bound at the latest
        QVERIFY(handled);
        QVERIFY(!returnedDuringTheEvent);
        QVERIFY2(returnedWhileTheLoopRan, "still waiting after the loop slept");
    }

    void foregroundThreadsDoNotWait()
    {
        ForegroundWatch watch(nullptr, kLongPauseMs);
        std::atomic<bool> returned{false};
        bool returnedDuringTheEvent = false, handled = false;
        std::thread worker;
        QTimer::singleShot(0, this, [&] {
            worker = std::thread([&] {
                yieldPoint();
                returned = true;
            });
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            while (!returned && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            returnedDuringTheEvent = returned;
            handled = true;
        });
        QTRY_VERIFY(handled);
        worker.join();
        QVERIFY(returnedDuringTheEvent);
    }
};

PTRIAGE_ROOM_MAIN(TestForegroundWatch)
#include "tst_foreground_watch.moc"
