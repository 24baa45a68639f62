// The history the charts draw: bounded per process, oldest first, forgets processes that are
// gone, unknown rates stay unknown (never drawn as zero).
#include "live/ProcessHistory.h"
#include "support/TestRoom.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <random>

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

    // Points are kept as runs of equal values: against a plain list of the last points, long and
    // short runs, unknown values (NaN equals NaN in a run), rings that wrap and grow.
    void runsGiveBackExactlyTheLastPoints()
    {
        for (const std::size_t capacity : {std::size_t(2), std::size_t(5), std::size_t(64)}) {
            ProcessHistory h(capacity, 4);
            std::deque<std::pair<std::int64_t, float>> expected;
            std::mt19937 rng(static_cast<unsigned>(capacity));
            double cpu = 0;
            for (int i = 0; i < 600; ++i) {
                // Mostly the same value (runs), sometimes a new one, sometimes unknown.
                const unsigned roll = rng() % 10;
                if (roll == 0)
                    cpu = -1;
                else if (roll < 3)
                    cpu = static_cast<double>(rng() % 50) / 100.0;
                h.record(snapshotAt(1000 * i, {{7, cpu}}));
                expected.emplace_back(1000 * i, cpu < 0 ? std::nanf("") : static_cast<float>(cpu * 100.0));
                if (expected.size() > capacity)
                    expected.pop_front();
                const auto points = h.process({BootId{}, 70, 7});
                QCOMPARE(points.size(), expected.size());
                for (std::size_t k = 0; k < points.size(); ++k) {
                    QCOMPARE(points[k].atMs, expected[k].first);
                    if (std::isnan(expected[k].second))
                        QVERIFY(std::isnan(points[k].cpuPercent));
                    else
                        QCOMPARE(points[k].cpuPercent, expected[k].second);
                }
            }
        }
    }

    // Times are kept once per refresh, not per point: a process that appears late, and one whose
    // ring has wrapped, must still get the times of the refreshes that saw it.
    void aLateComerGetsTheTimesOfItsOwnRefreshes()
    {
        ProcessHistory h(4, 4);
        for (int i = 0; i < 9; ++i) {
            std::vector<std::pair<int, double>> cpu = {{7, 0.01 * i}};
            if (i >= 6)
                cpu.push_back({9, 0.1 * i});
            h.record(snapshotAt(1000 * i + 5, cpu));
        }
        const auto late = h.process({BootId{}, 90, 9});
        QCOMPARE(late.size(), std::size_t(3));
        for (std::size_t k = 0; k < late.size(); ++k) {
            QCOMPARE(late[k].atMs, std::int64_t(1000 * (6 + static_cast<int>(k)) + 5));
            QCOMPARE(late[k].cpuPercent, static_cast<float>(0.1 * (6 + static_cast<double>(k)) * 100.0));
        }
        const auto wrapped = h.process({BootId{}, 70, 7});
        QCOMPARE(wrapped.size(), std::size_t(4));
        for (std::size_t k = 0; k < wrapped.size(); ++k)
            QCOMPARE(wrapped[k].atMs, std::int64_t(1000 * (5 + static_cast<int>(k)) + 5));
    }

    void aKeySeenTwiceInOneScanKeepsItsFirstPoint()
    {
        ProcessHistory h(3, 3);
        h.record(snapshotAt(0, {{7, 0.25}, {7, 0.75}}));
        const auto points = h.process({BootId{}, 70, 7});
        QCOMPARE(points.size(), std::size_t(1));
        QCOMPARE(points.front().cpuPercent, 25.0f);
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

    // The history walks a scan beside what it tracks, in pid order. A scan in any order, processes
    // that come and go, a pid reused by a later process and a key seen twice must give the same
    // points as a plain map of identities would.
    void anyOrderOfAScanGivesTheSamePoints()
    {
        ProcessHistory h(6, 4);
        std::map<ProcessIdentity, std::deque<std::pair<std::int64_t, float>>> expected;
        std::mt19937 rng(11);
        std::vector<ProcessIdentity> alive;
        std::uint64_t ticks = 1;
        for (int refresh = 0; refresh < 60; ++refresh) {
            std::erase_if(alive, [&](const ProcessIdentity &) { return rng() % 6 == 0; });
            for (int k = static_cast<int>(rng() % 4); k > 0; --k)
                alive.push_back({BootId{}, ++ticks, static_cast<int>(1 + rng() % 30)}); // pids reused
            std::shuffle(alive.begin(), alive.end(), rng);
            Snapshot snap = snapshotAt(1000 * refresh, {});
            std::map<ProcessIdentity, std::pair<std::int64_t, float>> first;
            for (const ProcessIdentity &id : alive) {
                Sample p;
                p.id = id;
                p.cpuShare = static_cast<double>(rng() % 100) / 100.0;
                snap.processes.push_back(p);
                first.try_emplace(id, 1000 * refresh, static_cast<float>(*p.cpuShare * 100.0));
                if (rng() % 10 == 0) { // the same key again, later in the scan: not recorded
                    p.cpuShare = 0.999;
                    snap.processes.push_back(p);
                }
            }
            h.record(snap);
            std::erase_if(expected, [&](const auto &e) { return !first.contains(e.first); });
            for (const auto &[id, point] : first) {
                auto &points = expected[id];
                points.push_back(point);
                if (points.size() > 6)
                    points.pop_front();
            }
            QCOMPARE(h.trackedProcesses(), expected.size());
            for (const auto &[id, points] : expected) {
                const auto got = h.process(id);
                QCOMPARE(got.size(), points.size());
                for (std::size_t k = 0; k < got.size(); ++k) {
                    QCOMPARE(got[k].atMs, points[k].first);
                    QCOMPARE(got[k].cpuPercent, points[k].second);
                }
            }
        }
        QVERIFY(h.process({BootId{}, ticks + 1, 1}).empty());
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

PTRIAGE_ROOM_GUILESS_MAIN(ProcessHistoryTest)
#include "tst_process_history.moc"
