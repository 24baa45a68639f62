// A first look's short interval filled with the process's life: what the fill may and may not take.
#include "collect/SteadyRate.h"
#include "support/TestRoom.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include <unistd.h>

using namespace ptriage;

namespace {

constexpr double kIdleBytesPerSecond = 512; // priors.json io_idle_bytes_per_second

double ticks()
{
    return static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// A process `age` seconds old at uptime 1000 s, seen idle over a `dt` s first interval.
struct Look {
    Sample s;
    double at = 1000;
    double dt = 0.05;
};

Look idleLook(double age, std::uint64_t read, std::uint64_t written, double lifeCpuSeconds = 0.05)
{
    Look l;
    l.s.id.pid = 4242;
    l.s.id.startTicks = static_cast<std::uint64_t>((l.at - age) * ticks());
    l.s.threads = 1;
    l.s.cpuNs = static_cast<std::uint64_t>(lifeCpuSeconds * 1e9);
    l.s.ioBytes = read + written;
    l.s.writtenBytes = written;
    l.s.cpuShare = 0;
    l.s.ioRate = 0;
    l.s.cpuSteady = 0;
    l.s.ioSteady = 0;
    return l;
}

} // namespace

class SteadyRateTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void startUpReadsAreNotALifeOfIo()
    {
        // An idle Python script five minutes old: 1.7 MB of modules read at start, 2 kB written.
        // Its life's average of all I/O (5.7 kB/s) read as "some I/O" for an hour; its writes do not.
        Look l = idleLook(300, 1'700'000, 2'000);
        fillShortInterval(l.s, l.dt, l.at);
        QVERIFY(l.s.ioSteady);
        QVERIFY2(*l.s.ioSteady < kIdleBytesPerSecond, qPrintable(QString::number(*l.s.ioSteady)));
        QVERIFY(*l.s.ioSteady > 0); // its writes are there, spread over its life
    }

    void aBurstWritersLifeFillsTheIntervalThatMissedItsBurst()
    {
        // 1 MB every 5 s for two minutes; the 50 ms look fell between two bursts.
        Look l = idleLook(120, 100'000, 24'000'000);
        fillShortInterval(l.s, l.dt, l.at);
        QVERIFY(l.s.ioSteady);
        const double life = 24'000'000.0 / 120;
        QVERIFY2(std::abs(*l.s.ioSteady - life * (30 - l.dt) / 30) < 1, qPrintable(QString::number(*l.s.ioSteady)));
    }

    void theIntervalsOwnReadsCount()
    {
        // A reader seen reading over a whole second: that second weighs 1/30 of the steady rate.
        Look l = idleLook(600, 50'000'000, 0);
        l.dt = 1;
        l.s.ioRate = 300'000;
        fillShortInterval(l.s, l.dt, l.at);
        QCOMPARE(*l.s.ioSteady, 300'000.0 / 30);
    }

    void cpuIsFilledWithItsLife()
    {
        // 30 s of CPU in 300 s: a tenth of a core, whatever the 50 ms look saw.
        Look l = idleLook(300, 0, 0, 30);
        fillShortInterval(l.s, l.dt, l.at);
        QVERIFY(std::abs(*l.s.cpuSteady - 0.1 * (30 - l.dt) / 30) < 1e-9);
    }

    void aYoungProcessOrOneThatSleptThroughIsNotFilled()
    {
        Look young = idleLook(30, 0, 24'000'000, 10);
        fillShortInterval(young.s, young.dt, young.at);
        QCOMPARE(*young.s.cpuSteady, 0.0); // its life is its start-up
        QCOMPARE(*young.s.ioSteady, 0.0);

        Look asleep = idleLook(900, 0, 24'000'000, 10);
        asleep.s.sinceLastRanSeconds = 40; // the scheduler says it did not run in the half-minute filled
        fillShortInterval(asleep.s, asleep.dt, asleep.at);
        QCOMPARE(*asleep.s.cpuSteady, 0.0);
        QCOMPARE(*asleep.s.ioSteady, 0.0);
    }

    // What the collector asks before it leaves a quiet process's I/O counters unread: whether the fill
    // would use them. The answer is the fill's own.
    void lifeFillsExactlyWhereTheFillDoes()
    {
        for (const auto &[age, since] : std::vector<std::pair<double, std::optional<double>>>{
                 {30, std::nullopt}, {59.9, 1.0}, {60, std::nullopt}, {900, 29.9}, {900, 30.0}, {900, 40.0}}) {
            Look l = idleLook(age, 0, 24'000'000, 10);
            l.s.sinceLastRanSeconds = since;
            fillShortInterval(l.s, l.dt, l.at);
            const bool filled = *l.s.ioSteady > 0;
            QCOMPARE(lifeFills(age, since), filled);
            QCOMPARE(filled, age >= 60 && since.value_or(0) < 30);
        }
    }

    void unknownWritesLeaveTheIntervalAsItIs()
    {
        // No wchar (a capture's io column is one sum): nothing to fill I/O with.
        Look l = idleLook(300, 0, 24'000'000);
        l.s.writtenBytes.reset();
        fillShortInterval(l.s, l.dt, l.at);
        QCOMPARE(*l.s.ioSteady, 0.0);
    }

    // A script that spun for its first 40 s of 400 and then idles: its first look fills the window with its
    // life's 10 %. Refreshed every 2 s at no CPU, the fill shrinks as the seen part grows, and once half a
    // minute is seen nothing of the life is left. (Smoothed exponentially from the fill, it read 3.7 % after
    // 30 s and 1.4 % after a minute: a verdict that went review → kill → review as it faded.)
    void theLifeFillIsGoneOnceTheWindowIsSeen()
    {
        Look l = idleLook(400, 0, 0, 40);
        const LifeFill life = fillShortInterval(l.s, l.dt, l.at);
        QVERIFY(life.cpu);
        QVERIFY(std::abs(*life.cpu - 0.1) < 1e-3);
        double steady = *l.s.cpuSteady, seen = l.dt, last = steady;
        for (int refresh = 1; seen < kSteadySeconds; ++refresh) {
            steady = nextSteady(steady, 0.0, 2.0, seen, life.cpu);
            seen = std::min(kSteadySeconds, seen + 2.0);
            QVERIFY2(
                steady <= last, qPrintable(QStringLiteral("refresh %1: %2 > %3").arg(refresh).arg(steady).arg(last)));
            const double expected = *life.cpu * (kSteadySeconds - seen) / kSteadySeconds; // what is left of the fill
            QVERIFY2(
                std::abs(steady - expected) < 1e-6, qPrintable(QStringLiteral("%1 vs %2").arg(steady).arg(expected)));
            last = steady;
        }
        QVERIFY2(steady < 1e-6, qPrintable(QString::number(steady)));
        // It comes back at once when the process works again: over a full window, smoothed.
        const double after = nextSteady(steady, 1.0, 2.0, kSteadySeconds, std::nullopt);
        QVERIFY(std::abs(after - (1 - std::exp(-2.0 / kSteadySeconds))) < 1e-9);
    }

    // Without a fill (a process younger than a minute), what was seen is averaged: 35 ms at a full core
    // then 2 s idle is 1.7 %, not the 35 ms's 100 % fading for a minute.
    void withoutAFillWhatWasSeenIsAveraged()
    {
        const double steady = nextSteady(1.0, 0.0, 2.0, 0.035, std::nullopt);
        QVERIFY(std::abs(steady - 0.035 / 2.035) < 1e-9);
        const double later = nextSteady(steady, 0.5, 2.0, 2.035, std::nullopt);
        QVERIFY(std::abs(later - (0.035 + 1.0) / 4.035) < 1e-9);
    }

    // A window read from a file (the live samples, --state) counts as seen whole: smoothed as it was.
    void aWindowSeenWholeIsSmoothed()
    {
        const double steady = nextSteady(0.2, 0.0, 10.0, kSteadySeconds, 0.5);
        QVERIFY(std::abs(steady - 0.2 * std::exp(-10.0 / kSteadySeconds)) < 1e-9);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(SteadyRateTest)
#include "tst_steady_rate.moc"
