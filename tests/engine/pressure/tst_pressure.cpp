// The memory-pressure monitor: levels replayed from written meminfo/pressure files (hysteresis, the
// MemAvailable gate on PSI, rate-limited alerts), the monitor on written and live proc roots, and
// a real thrashing child in a small memory cgroup, which raises PSI but must not raise the level.
#include "collect/proc/ProcParsers.h"
#include "config/TriageConfig.h"
#include "pressure/MemoryReader.h"
#include "pressure/PressureMonitor.h"
#include "support/BuildPaths.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

constexpr std::uint64_t kTotalKb = 16 * 1024 * 1024; // a 16 GiB machine

// One step of a replayed sequence: MemAvailable in percent of MemTotal, PSI avg10 some and full
// (negative: no PSI, the file is empty).
struct Step {
    double availablePercent;
    double some = 0, full = 0;
};

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

QByteArray meminfo(double availablePercent)
{
    const auto available = static_cast<std::uint64_t>(kTotalKb * availablePercent / 100);
    return QStringLiteral("MemTotal:       %1 kB\nMemFree:        %2 kB\nMemAvailable:   %2 kB\n"
                          "Buffers:          1024 kB\nSwapTotal:      2097152 kB\nSwapFree:       1048576 kB\n")
        .arg(kTotalKb)
        .arg(available)
        .toUtf8();
}

QByteArray pressureFile(double some, double full)
{
    if (some < 0)
        return {};
    return QStringLiteral("some avg10=%1 avg60=%2 avg300=0.00 total=123456\nfull avg10=%3 avg60=%4 avg300=0.00 "
                          "total=65432\n")
        .arg(some, 0, 'f', 2)
        .arg(some / 2, 0, 'f', 2)
        .arg(full, 0, 'f', 2)
        .arg(full / 2, 0, 'f', 2)
        .toUtf8();
}

// A proc root in /proc's layout with meminfo and pressure/memory.
struct WrittenRoot {
    QTemporaryDir dir;
    WrittenRoot() { QDir(dir.path()).mkpath(QStringLiteral("pressure")); }
    QString path() const { return dir.path(); }
    bool write(const Step &s)
    {
        return writeFile(dir.filePath(QStringLiteral("meminfo")), meminfo(s.availablePercent))
            && writeFile(dir.filePath(QStringLiteral("pressure/memory")), pressureFile(s.some, s.full));
    }
};

QString letter(PressureLevel l)
{
    return QString(QChar(QLatin1Char(jsonName(l)[0])).toUpper());
}

// Writes each step into a proc root, reads it back as the monitor does, feeds the classifier:
// "N N W W …" and the why of the last step.
QString replay(const std::vector<Step> &steps, const PressureThresholds &t, std::string *lastWhy = nullptr)
{
    WrittenRoot root;
    MemoryReader reader;
    QString error;
    if (!reader.open(root.path(), &error))
        return QStringLiteral("open failed: ") + error;
    PressureClassifier classifier(t);
    QStringList levels;
    for (const auto &s : steps) {
        MemoryReading r;
        if (!root.write(s) || !reader.read(r, &error))
            return QStringLiteral("read failed: ") + error;
        levels << letter(classifier.feed(r));
    }
    if (lastWhy)
        *lastWhy = classifier.why();
    return levels.join(QLatin1Char(' '));
}

std::vector<Step> memoryOnly(std::initializer_list<double> percents)
{
    std::vector<Step> out;
    for (double p : percents)
        out.push_back({p, 0.5, 0});
    return out;
}

bool writeText(const std::string &path, const std::string &text)
{
    std::ofstream f(path);
    f << text;
    return bool(f.flush());
}

std::string readText(const std::string &path)
{
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), {}};
}

// One field of a v1 memory cgroup's memory.stat, in bytes; 0 when absent.
std::uint64_t memoryStat(const std::string &group, const std::string &field)
{
    std::istringstream in(readText(group + "/memory.stat"));
    std::string name;
    std::uint64_t value = 0;
    while (in >> name >> value)
        if (name == field)
            return value;
    return 0;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<Step>)

class PressureTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void defaultsComeFromPolicyJson()
    {
        ConfigError e;
        const auto config = TriageConfig::load(QStringLiteral("/nonexistent-ptriage-config"), &e);
        QVERIFY2(config, qPrintable(e.toString()));
        const PressureThresholds &t = config->policy.pressure;
        QCOMPARE(t.warningAvailableBelow, 0.15);
        QCOMPARE(t.warningPsiSomeAbove, 20.0);
        QCOMPARE(t.warningPsiAvailableBelow, 0.30);
        QCOMPARE(t.criticalAvailableBelow, 0.07);
        QCOMPARE(t.criticalPsiFullAbove, 20.0);
        QCOMPARE(t.criticalPsiAvailableBelow, 0.15);
        QCOMPARE(t.readingsToEnter, 2);
        QCOMPARE(t.readingsToLeave, 3);
        QCOMPARE(t.leaveMargin, 0.05);
        QCOMPARE(t.intervalMs, 2000);
        QCOMPARE(t.alertRepeatSeconds, 300.0);
        QCOMPARE(t.triggerWindowMs, 2000);
    }

    void userPolicyOverridesAndTyposNameTheLine()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("policy.json")),
            "{\n  \"pressure\": {\n    \"readings_to_enter\": 4,\n    \"warning\": { \"available_below_percent\": 20 "
            "}\n"
            "  }\n}\n"));
        ConfigError e;
        auto config = TriageConfig::load(dir.path(), &e);
        QVERIFY2(config, qPrintable(e.toString()));
        QCOMPARE(config->policy.pressure.readingsToEnter, 4);
        QCOMPARE(config->policy.pressure.warningAvailableBelow, 0.20);
        QCOMPARE(config->policy.pressure.criticalAvailableBelow, 0.07); // the rest as shipped

        QVERIFY(writeFile(dir.filePath(QStringLiteral("policy.json")),
            "{\n  \"pressure\": {\n    \"readings_to_entre\": 4\n  }\n}\n"));
        QVERIFY(!TriageConfig::load(dir.path(), &e));
        QVERIFY2(e.toString().contains(dir.filePath(QStringLiteral("policy.json")) + QStringLiteral(":3:")),
            qPrintable(e.toString()));
        QVERIFY2(e.toString().contains(QStringLiteral("did you mean 'readings_to_enter'")), qPrintable(e.toString()));

        QVERIFY(writeFile(dir.filePath(QStringLiteral("policy.json")),
            "{\n  \"pressure\": {\n    \"trigger\": { \"window_ms\": 3000 }\n  }\n}\n"));
        QVERIFY(!TriageConfig::load(dir.path(), &e));
        QVERIFY2(e.toString().contains(
                     QStringLiteral(":3: field 'pressure.trigger.window_ms': expected a multiple of 2000")),
            qPrintable(e.toString()));

        QVERIFY(writeFile(dir.filePath(QStringLiteral("policy.json")),
            "{\n  \"pressure\": {\n    \"readings_to_leave\": 0\n  }\n}\n"));
        QVERIFY(!TriageConfig::load(dir.path(), &e));
        QVERIFY2(e.toString().contains(QStringLiteral("'pressure.readings_to_leave': expected a number in [1, 100]")),
            qPrintable(e.toString()));

        QVERIFY(writeFile(dir.filePath(QStringLiteral("policy.json")),
            "{\n  \"pressure\": {\n    \"trigger\": { \"enabled\": \"no\" }\n  }\n}\n"));
        QVERIFY(!TriageConfig::load(dir.path(), &e));
        QVERIFY2(e.toString().contains(
                     QStringLiteral(":3: field 'pressure.trigger.enabled': expected a boolean, got a string")),
            qPrintable(e.toString()));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("policy.json")),
            "{\n  \"pressure\": {\n    \"trigger\": { \"enabled\": false }\n  }\n}\n"));
        config = TriageConfig::load(dir.path(), &e);
        QVERIFY2(config, qPrintable(e.toString()));
        QVERIFY(!config->policy.pressure.useTrigger);
    }

    void levelSequences_data()
    {
        QTest::addColumn<std::vector<Step>>("steps");
        QTest::addColumn<QString>("levels");
        QTest::addColumn<QString>("lastWhy");
        // Warning below 15 %, left only at ≥ 20 % (5 % margin) held for 3 readings.
        QTest::newRow("warning with hysteresis")
            << memoryOnly({50, 14, 14, 14, 17, 19, 21, 21, 21, 50}) << QStringLiteral("N N W W W W W W N N")
            << QStringLiteral("MemAvailable 50 %, PSI some 0.5 %: no pressure");
        QTest::newRow("flapping never enters")
            << memoryOnly({14, 50, 14, 50, 14, 50, 14}) << QStringLiteral("N N N N N N N")
            << QStringLiteral("MemAvailable 14 % < 15 % (1 of 2 readings to enter warning)");
        QTest::newRow("a short dip out does not leave")
            << memoryOnly({14, 14, 25, 25, 14, 25, 25, 25}) << QStringLiteral("N W W W W W W N")
            << QStringLiteral("MemAvailable 25 %, PSI some 0.5 %: no pressure");
        // Critical below 7 %, held under 12 %; leaving it steps down to warning while that holds.
        QTest::newRow("critical, then down one step")
            << memoryOnly({5, 5, 5, 10, 10, 13, 13, 13, 25, 25, 25}) << QStringLiteral("N C C C C C C W W W N")
            << QStringLiteral("MemAvailable 25 %, PSI some 0.5 %: no pressure");
        QTest::newRow("leaving critical")
            << memoryOnly({5, 5, 13}) << QStringLiteral("N C C")
            << QStringLiteral("leaving critical: MemAvailable 13 % (1 of 3 readings outside it)");
        QTest::newRow("within the margin")
            << memoryOnly({5, 5, 9}) << QStringLiteral("N C C")
            << QStringLiteral("still critical: MemAvailable 9 % is within the 5 % margin");
        QTest::newRow("critical for 3 readings") << memoryOnly({6, 6, 6}) << QStringLiteral("N C C")
                                                 << QStringLiteral("MemAvailable 6 % < 7 % for 3 readings");
        QTest::newRow("warning, then critical") << memoryOnly({12, 12, 6, 6}) << QStringLiteral("N W W C")
                                                << QStringLiteral("MemAvailable 6 % < 7 % for 2 readings");
        // PSI alone, with plenty available: never an alert, however high.
        QTest::newRow("PSI with memory to spare")
            << std::vector<Step>{{80, 95, 90}, {80, 95, 90}, {80, 95, 90}, {80, 95, 90}} << QStringLiteral("N N N N")
            << QStringLiteral("PSI full 90 % but 80 % available: not an alert");
        QTest::newRow("PSI some, 60 % available") << std::vector<Step>{{60, 35, 5},
            {60, 35, 5}} << QStringLiteral("N N") << QStringLiteral("PSI some 35 % but 60 % available: not an alert");
        // Gated PSI: some > 20 % with < 30 % available is a warning; full > 20 % with < 15 % critical.
        QTest::newRow("PSI gated on MemAvailable")
            << std::vector<Step>{{80, 80, 60}, {80, 80, 60}, {25, 80, 10}, {25, 80, 10}, {14, 80, 60}, {14, 80, 60}}
            << QStringLiteral("N N N W W C")
            << QStringLiteral("PSI full 60 % > 20 % with MemAvailable 14 % < 15 % for 2 readings");
        QTest::newRow("PSI below its threshold") << std::vector<Step>{{25, 19, 0}, {25, 19, 0}} << QStringLiteral("N N")
                                                 << QStringLiteral("MemAvailable 25 %, PSI some 19 %: no pressure");
        // Warning held by PSI while memory is above 15 %: PSI must fall below 15 % (20 − 5) to leave.
        QTest::newRow("PSI hysteresis") << std::vector<Step>{{25, 30, 0}, {25, 30, 0}, {25, 17, 0}, {25, 17, 0},
            {25, 10, 0}, {25, 10, 0}, {25, 10, 0}}
                                        << QStringLiteral("N W W W W W N")
                                        << QStringLiteral("MemAvailable 25 %, PSI some 10 %: no pressure");
        QTest::newRow("no PSI (empty file)")
            << std::vector<Step>{{50, -1, -1}, {10, -1, -1}, {10, -1, -1}} << QStringLiteral("N N W")
            << QStringLiteral("MemAvailable 10 % < 15 % for 2 readings");
    }

    void levelSequences()
    {
        QFETCH(std::vector<Step>, steps);
        QFETCH(QString, levels);
        QFETCH(QString, lastWhy);
        std::string why;
        QCOMPARE(replay(steps, PressureThresholds{}, &why), levels);
        QCOMPARE(QString::fromStdString(why), lastWhy);
    }

    void noPsiReadsAsNoPsi()
    {
        WrittenRoot root;
        QVERIFY(writeFile(root.dir.filePath(QStringLiteral("meminfo")), meminfo(50)));
        MemoryReader reader;
        QString error;
        QVERIFY(reader.open(root.path(), &error));
        MemoryReading r;
        QVERIFY2(reader.read(r, &error), qPrintable(error)); // no pressure/memory at all: a kernel without PSI
        QVERIFY(!r.some && !r.full);
        QCOMPARE(r.memTotalBytes, kTotalKb * 1024);
        QCOMPARE(r.swapTotalBytes, std::uint64_t{2097152} * 1024);
        QCOMPARE(r.swapFreeBytes, std::uint64_t{1048576} * 1024);
        QCOMPARE(r.availableShare(), 0.5);
        QVERIFY(r.atMs > 0);
        PressureClassifier c{PressureThresholds{}};
        c.feed(r);
        QCOMPARE(
            QString::fromStdString(c.why()), QStringLiteral("MemAvailable 50 % (no PSI on this kernel): no pressure"));
    }

    void malformedFilesGiveReasons_data()
    {
        QTest::addColumn<QByteArray>("meminfoText");
        QTest::addColumn<QByteArray>("pressureText");
        QTest::addColumn<QString>("error");
        const QByteArray goodPsi = pressureFile(1, 0);
        QTest::newRow("empty meminfo") << QByteArray() << goodPsi << QStringLiteral("meminfo: no MemTotal line");
        QTest::newRow("no MemAvailable") << QByteArray("MemTotal: 100 kB\nMemFree: 5 kB\n") << goodPsi
                                         << QStringLiteral("meminfo: no MemAvailable line");
        QTest::newRow("garbage number") << QByteArray("MemTotal: 1x00 kB\nMemAvailable: 5 kB\n") << goodPsi
                                        << QStringLiteral("meminfo: malformed MemTotal line");
        QTest::newRow("MemTotal 0") << QByteArray("MemTotal: 0 kB\nMemAvailable: 0 kB\n") << goodPsi
                                    << QStringLiteral("meminfo: MemTotal is 0");
        QTest::newRow("available > total") << QByteArray("MemTotal: 10 kB\nMemAvailable: 50 kB\n") << goodPsi
                                           << QStringLiteral("meminfo: MemAvailable larger than MemTotal");
        QTest::newRow("bad swap") << QByteArray("MemTotal: 10 kB\nMemAvailable: 5 kB\nSwapTotal: lots\n") << goodPsi
                                  << QStringLiteral("meminfo: malformed SwapTotal line");
        QTest::newRow("psi without some")
            << meminfo(50) << QByteArray("full avg10=0.00 avg60=0.00 avg300=0.00 total=1\n")
            << QStringLiteral("pressure/memory: no 'some' line");
        QTest::newRow("psi truncated") << meminfo(50) << QByteArray("some avg10=0.00 avg60=0.0")
                                       << QStringLiteral("pressure/memory: malformed 'some' line");
        QTest::newRow("psi over 100") << meminfo(50) << QByteArray("some avg10=101.00 avg60=0.00 avg300=0.00 total=1\n")
                                      << QStringLiteral("pressure/memory: malformed 'some' line");
        QTest::newRow("psi bad full") << meminfo(50)
                                      << QByteArray("some avg10=1.00 avg60=0.00 avg300=0.00 total=1\nfull avg10=x\n")
                                      << QStringLiteral("pressure/memory: malformed 'full' line");
    }

    void malformedFilesGiveReasons()
    {
        QFETCH(QByteArray, meminfoText);
        QFETCH(QByteArray, pressureText);
        QFETCH(QString, error);
        WrittenRoot root;
        QVERIFY(writeFile(root.dir.filePath(QStringLiteral("meminfo")), meminfoText));
        QVERIFY(writeFile(root.dir.filePath(QStringLiteral("pressure/memory")), pressureText));
        MemoryReader reader;
        QString got;
        QVERIFY(reader.open(root.path(), &got));
        MemoryReading r;
        r.memTotalBytes = 42;
        QVERIFY(!reader.read(r, &got));
        QCOMPARE(got, root.path() + QLatin1Char('/') + error);
        QCOMPARE(r.memTotalBytes, std::uint64_t{42}); // left as it was
    }

    void alertLimiterRepeatsPerLevel()
    {
        AlertLimiter limiter(300);
        struct Call {
            PressureLevel level;
            std::int64_t atS;
            bool expected;
        };
        const Call calls[] = {
            {PressureLevel::Normal, 0, false}, // never for normal
            {PressureLevel::Warning, 0, true},
            {PressureLevel::Warning, 100, false},
            {PressureLevel::Critical, 110, true}, // another level: its own clock
            {PressureLevel::Warning, 200, false},
            {PressureLevel::Warning, 299, false},
            {PressureLevel::Warning, 300, true},
            {PressureLevel::Critical, 409, false},
            {PressureLevel::Critical, 410, true},
            {PressureLevel::Warning, 100, true}, // the clock went back: alert rather than go silent
            {PressureLevel::Normal, 5000, false},
        };
        for (const auto &c : calls)
            QVERIFY2(limiter.shouldAlert(c.level, c.atS * 1000) == c.expected,
                qPrintable(QStringLiteral("%1 at %2 s").arg(QLatin1String(jsonName(c.level))).arg(c.atS)));
    }

    // The tray's loop: a reading every 2 s from files, the level, and a notification when the limiter
    // allows it (on every reading: a reminder per level every 5 minutes while it lasts).
    void alertsFromReplayedSequence()
    {
        std::vector<Step> steps;
        for (int i = 0; i < 3; ++i)
            steps.push_back({50, 1, 0}); // 0–4 s
        for (int i = 0; i < 200; ++i)
            steps.push_back({12, 1, 0}); // 6–404 s: warning
        for (int i = 0; i < 5; ++i)
            steps.push_back({5, 1, 0}); // critical
        for (int i = 0; i < 5; ++i)
            steps.push_back({50, 1, 0}); // gone
        for (int i = 0; i < 4; ++i)
            steps.push_back({12, 1, 0}); // back to warning within 5 minutes of the last one
        WrittenRoot root;
        MemoryReader reader;
        QString error;
        QVERIFY(reader.open(root.path(), &error));
        PressureClassifier classifier{PressureThresholds{}};
        AlertLimiter limiter(PressureThresholds{}.alertRepeatSeconds);
        QStringList alerts;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            MemoryReading r;
            QVERIFY(root.write(steps[i]));
            QVERIFY2(reader.read(r, &error), qPrintable(error));
            r.atMs = static_cast<std::int64_t>(i) * 2000;
            const PressureLevel level = classifier.feed(r);
            if (limiter.shouldAlert(level, r.atMs))
                alerts << QStringLiteral("%1@%2").arg(QLatin1String(jsonName(level))).arg(r.atMs / 1000);
        }
        // Warning entered at the 2nd low reading (8 s), reminded 300 s later; critical at its 2nd
        // reading; after normal, the warning back at 428 s is within 5 minutes of the reminder: silent.
        QCOMPARE(alerts.join(QLatin1Char(' ')), QStringLiteral("warning@8 warning@308 critical@408"));
    }

    void monitorOnWrittenRoot()
    {
        WrittenRoot root;
        QVERIFY(root.write({50, 1, 0}));
        const QByteArray pressureBefore = pressureFile(1, 0);
        PressureThresholds t;
        t.intervalMs = 60000; // the test reads by hand
        PressureMonitor monitor(t, root.path());
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        QCOMPARE(monitor.source(), PressureMonitor::Source::Polling);
        QCOMPARE(
            monitor.sourceDescription(), QStringLiteral("polling every 60 s (not a kernel file: a replayed tree)"));
        QSignalSpy taken(&monitor, &PressureMonitor::readingTaken);
        QSignalSpy changed(&monitor, &PressureMonitor::levelChanged);
        QSignalSpy failed(&monitor, &PressureMonitor::failed);
        monitor.readNow();
        QCOMPARE(taken.count(), 1);
        QCOMPARE(taken.at(0).at(1).value<PressureLevel>(), PressureLevel::Normal);
        QCOMPARE(monitor.lastReading().availableShare(), 0.5);
        QVERIFY(root.write({5, 1, 0}));
        monitor.readNow();
        monitor.readNow();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<PressureLevel>(), PressureLevel::Critical);
        QCOMPARE(changed.at(0).at(1).value<PressureLevel>(), PressureLevel::Normal);
        QCOMPARE(changed.at(0).at(2).toString(), QStringLiteral("MemAvailable 5 % < 7 % for 2 readings"));
        QCOMPARE(monitor.level(), PressureLevel::Critical);

        // A broken file: said once, not on every reading; again after it worked in between.
        QVERIFY(writeFile(root.dir.filePath(QStringLiteral("meminfo")), "MemTotal: lots\n"));
        monitor.readNow();
        monitor.readNow();
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), root.path() + QStringLiteral("/meminfo: malformed MemTotal line"));
        QCOMPARE(taken.count(), 3);
        QCOMPARE(monitor.level(), PressureLevel::Critical); // a failed reading changes nothing
        QVERIFY(root.write({5, 1, 0}));
        monitor.readNow();
        QCOMPARE(taken.count(), 4);
        QVERIFY(writeFile(root.dir.filePath(QStringLiteral("meminfo")), ""));
        monitor.readNow();
        QCOMPARE(failed.count(), 2);
        // A replayed tree is never written to (no trigger armed in it).
        QFile f(root.dir.filePath(QStringLiteral("pressure/memory")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), pressureBefore);
    }

    void monitorPollsOnItsTimer()
    {
        WrittenRoot root;
        QVERIFY(root.write({50, 1, 0}));
        PressureThresholds t;
        t.intervalMs = 100;
        PressureMonitor monitor(t, root.path());
        QString error;
        QVERIFY(monitor.start(&error));
        QSignalSpy taken(&monitor, &PressureMonitor::readingTaken);
        QTRY_VERIFY_WITH_TIMEOUT(taken.count() >= 3, 5000);
    }

    void missingRootIsAnError()
    {
        PressureMonitor monitor(PressureThresholds{}, QStringLiteral("/nonexistent/proc"));
        QString error;
        QVERIFY(!monitor.start(&error));
        QCOMPARE(error, QStringLiteral("cannot open /nonexistent/proc: No such file or directory"));
    }

    void liveProcPicksASource()
    {
        PressureMonitor monitor(PressureThresholds{});
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        qInfo("source on this machine: %s", qPrintable(monitor.sourceDescription()));
        monitor.readNow();
        QVERIFY(monitor.lastReading().memTotalBytes > 0);
        // Kernels from 6.4 accept a trigger with a 2 s window from anyone (root here lacks CAP_SYS_RESOURCE).
        utsname u{};
        int major = 0, minor = 0;
        const bool modern = ::uname(&u) == 0 && std::sscanf(u.release, "%d.%d", &major, &minor) == 2
            && (major > 6 || (major == 6 && minor >= 4));
        if (modern && monitor.lastReading().some)
            QCOMPARE(monitor.source(), PressureMonitor::Source::PsiTrigger);
        else if (monitor.source() == PressureMonitor::Source::Polling)
            QVERIFY2(monitor.sourceDescription().startsWith(QStringLiteral("polling every 2 s (")),
                qPrintable(monitor.sourceDescription()));
        if (monitor.source() == PressureMonitor::Source::PsiTrigger)
            QCOMPARE(monitor.sourceDescription(), QStringLiteral("PSI trigger (some 150 ms per 2 s)"));
    }

    // A trigger on a cgroup's memory.pressure (cgroup2 accepts triggers like /proc does): removing the
    // cgroup breaks it (POLLERR), and the monitor falls back to polling and says so.
    void brokenTriggerFallsBackToPolling()
    {
        const QString unified = QStringLiteral("/sys/fs/cgroup/unified");
        if (!QFile::exists(unified + QStringLiteral("/memory.pressure")))
            QSKIP("no cgroup2 hierarchy with memory.pressure at /sys/fs/cgroup/unified");
        const QString group = unified + QStringLiteral("/ptriage-psi-%1").arg(::getpid());
        if (::mkdir(QFile::encodeName(group).constData(), 0755) != 0)
            QSKIP(qPrintable(QStringLiteral("cannot create %1: %2").arg(group, QLatin1String(std::strerror(errno)))));
        auto removeGroup = qScopeGuard([&] { ::rmdir(QFile::encodeName(group).constData()); });
        WrittenRoot root;
        QVERIFY(writeFile(root.dir.filePath(QStringLiteral("meminfo")), meminfo(50)));
        QVERIFY(QFile::remove(root.dir.filePath(QStringLiteral("pressure/memory"))) || true);
        QVERIFY(QFile::link(
            group + QStringLiteral("/memory.pressure"), root.dir.filePath(QStringLiteral("pressure/memory"))));
        PressureThresholds t;
        t.intervalMs = 60000;
        PressureMonitor monitor(t, root.path());
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        if (monitor.source() != PressureMonitor::Source::PsiTrigger)
            QSKIP(qPrintable(QStringLiteral("no trigger on a cgroup2 file here: ") + monitor.sourceDescription()));
        monitor.readNow();
        QVERIFY(monitor.lastReading().some.has_value());
        QCOMPARE(::rmdir(QFile::encodeName(group).constData()), 0);
        QTRY_COMPARE_WITH_TIMEOUT(monitor.source(), PressureMonitor::Source::Polling, 5000);
        QCOMPARE(monitor.sourceDescription(),
            QStringLiteral("polling every 60 s (the PSI trigger broke: pressure/memory is gone)"));
    }

    // A real child thrashing in a 48 MiB memory cgroup stalls on memory: PSI rises (system-wide and
    // in its own cgroup), MemAvailable stays high, so the level must stay normal.
    void thrashingCgroupIsNotAnAlert()
    {
        const std::string v1 = "/sys/fs/cgroup/memory";
        const std::string v2 = "/sys/fs/cgroup/unified";
        if (!QFile::exists(QStringLiteral("/proc/pressure/memory")))
            QSKIP("no /proc/pressure/memory: a kernel without PSI");
        const std::string name = "ptriage-thrash-" + std::to_string(::getpid());
        const std::string memGroup = v1 + "/" + name, psiGroup = v2 + "/" + name;
        if (::mkdir(memGroup.c_str(), 0755) != 0)
            QSKIP(qPrintable(QStringLiteral("cannot create the memory cgroup %1 (v1): %2")
                                 .arg(QString::fromStdString(memGroup), QLatin1String(std::strerror(errno)))));
        auto removeMem = qScopeGuard([&] { ::rmdir(memGroup.c_str()); });
        if (::mkdir(psiGroup.c_str(), 0755) != 0)
            QSKIP(qPrintable(QStringLiteral("cannot create the cgroup2 group %1: %2")
                                 .arg(QString::fromStdString(psiGroup), QLatin1String(std::strerror(errno)))));
        auto removePsi = qScopeGuard([&] { ::rmdir(psiGroup.c_str()); });

        // A file larger than the group's memory, on disk (not tmpfs: page cache it can drop and refault).
        QTemporaryDir dir(QStringLiteral("/var/tmp/ptriage-thrash-XXXXXX"));
        QVERIFY(dir.isValid());
        const QString big = dir.filePath(QStringLiteral("big"));
        {
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QByteArray chunk(1 << 20, 'x');
            for (int i = 0; i < 128; ++i)
                QVERIFY(f.write(chunk) == chunk.size());
            QVERIFY(f.flush() && ::fsync(f.handle()) == 0);
            // Out of the page cache: cached pages stay charged to the test's group, and the child's
            // reads of them would never touch its own limit.
            QCOMPARE(::posix_fadvise(f.handle(), 0, 0, POSIX_FADV_DONTNEED), 0);
        }
        auto groupPsi = [&] {
            std::ifstream in(psiGroup + "/memory.pressure");
            const std::string text((std::istreambuf_iterator<char>(in)), {});
            const char *reason = nullptr;
            PsiFigures some;
            return parsePsiLine(text, "some", some.avg10, some.avg60, some.totalUs, &reason) ? some.totalUs
                                                                                             : std::uint64_t{0};
        };

        PressureThresholds t;
        t.intervalMs = 500;
        t.warningPsiSomeAbove = 0; // any PSI at all meets the PSI part of the rule: only the gate remains
        t.criticalPsiFullAbove = 0;
        PressureMonitor monitor(t);
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        std::vector<MemoryReading> readings;
        std::vector<PressureLevel> levels;
        QStringList whys;
        connect(&monitor, &PressureMonitor::readingTaken, this, [&](const MemoryReading &r, PressureLevel l) {
            readings.push_back(r);
            levels.push_back(l);
            whys << monitor.why();
        });
        Spawner spawner;
        const std::string script = "echo $$ > " + memGroup + "/cgroup.procs && echo $$ > " + psiGroup
            + "/cgroup.procs && exec " + ptriage::test::testActorBinary();
        const int pid = spawner.spawnProgram({"/bin/sh", "-c", script},
            {{"ACTOR_ALLOC_LATE_MB", "32"}, {"ACTOR_REREAD", big.toStdString()}, {"ACTOR_LIFETIME", "60"}});
        QVERIFY(pid > 0);
        // The limit follows the child's own memory (it differs with the sanitizers and the kernel): what it
        // cannot drop, plus 16 MiB of page cache, far less than the file it rereads. It refaults, yet is
        // never short enough to be OOM-killed.
        QTest::qWait(500);
        const std::uint64_t pinned = memoryStat(memGroup, "total_rss") + memoryStat(memGroup, "total_mapped_file");
        QVERIFY2(pinned > 0, "the child's memory cgroup shows no memory");
        QVERIFY(writeText(memGroup + "/memory.limit_in_bytes", std::to_string(pinned + (16 << 20))));
        monitor.readNow();
        const std::uint64_t groupBefore = groupPsi();
        QTest::qWait(12000);
        const std::uint64_t groupAfter = groupPsi();
        QVERIFY2(!hasEnded(pid),
            qPrintable(QStringLiteral("the thrashing child died; its memory cgroup: peak %1 bytes of %2, limit hit %3 "
                                      "times, %4")
                           .arg(QString::fromStdString(readText(memGroup + "/memory.max_usage_in_bytes")).trimmed(),
                               QString::fromStdString(readText(memGroup + "/memory.limit_in_bytes")).trimmed(),
                               QString::fromStdString(readText(memGroup + "/memory.failcnt")).trimmed(),
                               QString::fromStdString(readText(memGroup + "/memory.oom_control")).simplified())));
        monitor.readNow();

        QVERIFY(readings.size() >= 10);
        const auto &first = readings.front(), &last = readings.back();
        double peakSome = 0, peakFull = 0, minAvailable = 1;
        for (const auto &r : readings) {
            peakSome = std::max(peakSome, r.some->avg10);
            peakFull = std::max(peakFull, r.full ? r.full->avg10 : 0);
            minAvailable = std::min(minAvailable, r.availableShare());
        }
        int earlyWakes = 0; // readings the trigger asked for between two timer ticks
        for (std::size_t i = 1; i + 1 < readings.size(); ++i) // the last one the test took by hand
            earlyWakes += readings[i].atMs - readings[i - 1].atMs < t.intervalMs * 3 / 4 ? 1 : 0;
        qInfo("readings woken early (PSI trigger): %d", earlyWakes);
        const auto systemStallMs = (last.some->totalUs - first.some->totalUs) / 1000;
        const auto groupStallMs = (groupAfter - groupBefore) / 1000;
        qInfo("thrash: child stalled %llu ms in its cgroup; system PSI some total +%llu ms, peak avg10 some %.2f %% "
              "full %.2f %%; MemAvailable never below %.1f %%; %zu readings; source: %s",
            static_cast<unsigned long long>(groupStallMs), static_cast<unsigned long long>(systemStallMs), peakSome,
            peakFull, minAvailable * 100, readings.size(), qPrintable(monitor.sourceDescription()));
        // PSI did rise, because of the child: not a vacuous pass.
        QVERIFY2(groupStallMs >= 100, qPrintable(QStringLiteral("cgroup stall only %1 ms").arg(groupStallMs)));
        QVERIFY2(systemStallMs >= 100, qPrintable(QStringLiteral("system stall only %1 ms").arg(systemStallMs)));
        QVERIFY2(peakSome > 0, "system avg10 some never rose above 0");
        QVERIFY2(minAvailable > t.warningPsiAvailableBelow, "this machine is short of memory: the test needs room");
        // The rule: pressure without low memory is not an alert.
        for (std::size_t i = 0; i < levels.size(); ++i)
            QVERIFY2(levels[i] == PressureLevel::Normal, qPrintable(whys.at(static_cast<qsizetype>(i))));
        QVERIFY2(whys.filter(QStringLiteral("available: not an alert")).size() > 0,
            qPrintable(whys.join(QLatin1Char('\n'))));
        // Without the gate the same readings would have alerted: the gate is what kept it normal.
        PressureThresholds ungated = t;
        ungated.warningPsiAvailableBelow = 1.01;
        ungated.criticalPsiAvailableBelow = 1.01;
        PressureClassifier control(ungated);
        PressureLevel worst = PressureLevel::Normal;
        for (const auto &r : readings)
            worst = std::max(worst, control.feed(r));
        QVERIFY(worst != PressureLevel::Normal);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(PressureTest)
#include "tst_pressure.moc"
