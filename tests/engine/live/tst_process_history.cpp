// The history the charts draw: bounded per process, oldest first, forgets processes that are
// gone, unknown rates stay unknown (never drawn as zero).
#include "live/ProcessHistory.h"

#include <QtTest>

#include <cmath>

using namespace ptriage;

namespace {

Snapshot snapshotAt(std::int64_t ms, const std::vector<std::pair<int, double>> &cpuByPid)
{
    Snapshot s;
    s.capturedAtMs = ms;
    s.system.memTotalBytes = 1000;
    s.system.memAvailableBytes = 250;
    s.system.memPressureSome = 1.5;
    s.system.memPressureFull = 0.5;
    for (const auto &[pid, cpu] : cpuByPid) {
        Sample p;
        p.id = {BootId{}, static_cast<std::uint64_t>(pid) * 10, pid};
        p.rssBytes = 2 * 1024 * 1024;
        if (cpu >= 0)
            p.cpuShare = cpu;
        s.processes.push_back(p);
    }
    return s;
}

} // namespace

class ProcessHistoryTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepsTheLastPointsOldestFirst()
    {
        ProcessHistory h(3, 4);
        for (int i = 0; i < 5; ++i)
            h.record(snapshotAt(1000 * i, {{7, 0.1 * i}}));
        const auto points = h.process({BootId{}, 70, 7});
        QCOMPARE(points.size(), std::size_t(3));
        QCOMPARE(points.front().atMs, 2000);
        QCOMPARE(points.back().atMs, 4000);
        QCOMPARE(points.back().cpuPercent, 40.0f);
        QCOMPARE(points.back().rssMiB, 2.0f);
        QVERIFY(std::isnan(points.back().ioKiBps)); // no I/O rate known
        QCOMPARE(h.system().size(), std::size_t(4));
        QCOMPARE(h.system().front().atMs, 1000);
        QCOMPARE(h.system().back().memUsedPercent, 75.0f);
        QCOMPARE(h.system().back().pressureSome, 1.5f);
    }

    void forgetsProcessesThatAreGoneAndKeysByIdentity()
    {
        ProcessHistory h;
        h.record(snapshotAt(0, {{7, -1}, {8, 0.5}}));
        QVERIFY(std::isnan(h.process({BootId{}, 70, 7}).front().cpuPercent)); // first sample: no rate yet
        h.record(snapshotAt(1000, {{8, 0.5}}));
        QCOMPARE(h.trackedProcesses(), std::size_t(1));
        QVERIFY(h.process({BootId{}, 70, 7}).empty());
        QVERIFY(h.process({BootId{}, 81, 8}).empty()); // same pid, another start time: another process
        QCOMPARE(h.process({BootId{}, 80, 8}).size(), std::size_t(2));
    }

    void noPressureFileMeansUnknownNotZero()
    {
        ProcessHistory h;
        Snapshot s = snapshotAt(0, {});
        s.system.memPressureSome.reset();
        s.system.memPressureFull.reset();
        s.system.memTotalBytes = 0;
        h.record(s);
        QVERIFY(std::isnan(h.system().back().pressureSome));
        QVERIFY(std::isnan(h.system().back().memUsedPercent));
    }
};

QTEST_GUILESS_MAIN(ProcessHistoryTest)
#include "tst_process_history.moc"
