// A first look's short interval filled with the process's life: what the fill may and may not take.
#include "collect/SteadyRate.h"

#include <QtTest>

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
};

QTEST_GUILESS_MAIN(SteadyRateTest)
#include "tst_steady_rate.moc"
