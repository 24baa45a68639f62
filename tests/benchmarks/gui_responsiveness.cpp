// How smooth the window stays while the engine works: with N extra idle processes alive, the
// window refreshes R times (each refresh asked for as soon as the previous one is shown, so the
// engine never rests), a process is selected so the ledger, graph, details and charts follow it,
// and a 5 ms timer on the GUI thread records how late it fires: its worst lateness is the longest
// stall a person would feel (from the second result on: the first, built from nothing and painted for
// the first time, is measured apart). Prints the stalls, the time to apply a result, the GUI thread's time
// per refresh and where it went (painting, the tab switch, applying the rows and panes), and the
// window's RSS. The side pane shows the evidence for two refreshes, then the charts for two: the GUI
// thread's time per refresh is that of the refreshes that kept their pane, and apart, of those that
// began with a switch (which lays out and paints the pane it opened). The first result is timed from
// the window's start to its rows painted. The idle processes are the children of a process of their own
// (not the window's), asleep for a second and a half when the window starts.
//   ./gui_responsiveness [--processes 5000] [--refreshes 30] [--tree] [--busy N]
// --tab T keeps the side pane on one tab (0 evidence, 1 blast radius, 2 details, 3 charts) instead
// of switching between the evidence and the charts. --paints prints which widgets
// were repainted per refresh, and how much of them.
// --busy N adds N children spinning on a core each: the machine under load, where the engine's
// threads (nice 10) share the cores; the refresh latency (asked for → shown) says what that costs.
// Like the window `ptriage` runs, it leaves the live state (samples and held verdicts) every 10 s.
// Run under xvfb-run for a real X11 window, or with QT_QPA_PLATFORM=offscreen.
#include "IdleProcesses.h"
#include "desk/Desk.h"
#include "panes/LedgerPane.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"
#include "window/menus/WindowActions.h"

#include "collect/Collector.h"
#include "config/TriageConfig.h"
#include "util/AllocatorTuning.h"
#include <QAction>
#include <QFile>
#include <QTemporaryDir>

#include <QApplication>
#include <QElapsedTimer>
#include <QPaintEvent>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace ptriage;

namespace {

long statusKiB(const char *key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key, 0) == 0)
            return std::stol(line.substr(std::strlen(key)));
    return -1;
}

// All of this process's threads: the GUI thread and the engine's.
double processCpuMs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double threadCpuMs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// This thread's system (kernel) CPU time: page faults, X11 writes.
double threadSystemMs()
{
    rusage ru{};
    ::getrusage(RUSAGE_THREAD, &ru);
    return static_cast<double>(ru.ru_stime.tv_sec) * 1e3 + static_cast<double>(ru.ru_stime.tv_usec) / 1e3;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// "Class in ParentClass": how --paints names a widget.
QString widgetKind(const QObject *widget)
{
    const QString parent
        = widget->parent() ? QString::fromLatin1(widget->parent()->metaObject()->className()) : QString();
    return QString::fromLatin1(widget->metaObject()->className()) + QStringLiteral(" in ") + parent;
}

// Counts, per widget class, the paint events and the area they covered: what a refresh repaints.
class PaintCounter : public QObject {
public:
    struct Tally {
        int events = 0;
        double area = 0;
    };
    std::map<QString, Tally> tallies;
    bool counting = false;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (counting && event->type() == QEvent::Paint && watched->isWidgetType()) {
            Tally &t = tallies[widgetKind(watched)];
            ++t.events;
            for (const QRect &r : static_cast<QPaintEvent *>(event)->region())
                t.area += static_cast<double>(r.width()) * r.height();
        }
        return false;
    }
};

// Where the GUI thread's time goes: painting (the window's update requests, wherever they are
// handled), the benchmark's tab switch (counted apart from the result whose handling it is in), and
// the rest by the outermost event the loop was handling: results come as the feed's finished rows.
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool measuring = false;
    double paintMs = 0, switchMs = 0;
    int paintPasses = 0; // update requests handled: each paints whatever was marked dirty since the last
    std::map<std::string, double> ms;
    std::map<QString, double> paintMsByWidget; // each widget's own paint event (its children's are apart)
    std::vector<std::pair<double, std::string>> longest; // the GUI thread's longest events, CPU ms, longest first

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (QThread::currentThread() != thread()) // the engine's threads deliver their events here too
            return QApplication::notify(receiver, event);
        const bool paint = event->type() == QEvent::UpdateRequest && m_painting == 0;
        if (measuring && event->type() == QEvent::Paint && receiver->isWidgetType()) {
            const QString kind = widgetKind(receiver);
            const double before = threadCpuMs();
            const bool handled = nested(receiver, event);
            paintMsByWidget[kind] += threadCpuMs() - before;
            return handled;
        }
        if (!measuring || (m_depth > 0 && !paint))
            return nested(receiver, event);
        // Named before it is handled: a DeferredDelete takes its receiver with it.
        const std::string what
            = "event " + std::to_string(event->type()) + " to " + receiver->metaObject()->className();
        const double before = threadCpuMs(), paintBefore = paintMs, switchBefore = switchMs;
        m_painting += paint ? 1 : 0;
        const bool handled = nested(receiver, event);
        m_painting -= paint ? 1 : 0;
        const double spent = threadCpuMs() - before;
        if (m_depth == 0)
            keepLongest(spent, paint ? std::string("painting") : what);
        if (paint) {
            paintMs += spent;
            ++paintPasses;
        } else
            ms[what] += spent - (paintMs - paintBefore) - (switchMs - switchBefore);
        return handled;
    }

private:
    void keepLongest(double spent, std::string what)
    {
        constexpr std::size_t kept = 5;
        if (longest.size() == kept && spent <= longest.back().first)
            return;
        if (longest.size() == kept)
            longest.pop_back();
        longest.emplace_back(spent, std::move(what));
        std::sort(longest.begin(), longest.end(), std::greater<>());
    }
    bool nested(QObject *receiver, QEvent *event)
    {
        ++m_depth;
        const bool handled = QApplication::notify(receiver, event);
        --m_depth;
        return handled;
    }
    int m_depth = 0, m_painting = 0;
};

} // namespace

int main(int argc, char **argv)
{
    int processes = 5000, refreshes = 30, busyCount = 0;
    int tab = -1; // the side pane's tab throughout; -1: evidence and charts in turn
    bool tree = false, paints = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--processes" && i + 1 < argc)
            processes = std::atoi(argv[++i]);
        else if (a == "--refreshes" && i + 1 < argc)
            refreshes = std::max(2, std::atoi(argv[++i]));
        else if (a == "--tree")
            tree = true;
        else if (a == "--paints")
            paints = true;
        else if (a == "--tab" && i + 1 < argc)
            tab = std::clamp(std::atoi(argv[++i]), 0, 3);
        else if (a == "--busy" && i + 1 < argc)
            busyCount = std::max(0, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr,
                "usage: gui_responsiveness [--processes N] [--refreshes N] [--tree] [--busy N] [--tab 0-3] "
                "[--paints]\n");
            return 2;
        }
    }
    // Fork while this process is still small: a fork copies page tables. The idle processes are another
    // process's children, as the ones a person triages are: not the window's own.
    bench::IdleFamily idle = bench::spawnIdleFamily(processes);
    std::vector<pid_t> busy;
    int err = idle.error;
    if (err == 0)
        err = bench::spawnBusy(busy, busyCount);
    if (err != 0) {
        std::fprintf(stderr, "fork failed after %zu processes: %s\n", idle.count + busy.size(), std::strerror(err));
        bench::endIdleFamily(idle);
        bench::killIdle(busy);
        return 1;
    }

    // Asleep a while, as the processes of a machine someone triages are: a process that ran in the
    // second before the first scan is read twice by it (its rates over an interval), one quiet since
    // once (Collector::kQuietSeconds).
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    tuneAllocatorForLongRun(); // as ptriage's window does, before the first thread
    Collector::reserveFdTableBeforeThreads();
    TimedApplication app(argc, argv);
    PaintCounter paintCounter;
    if (paints)
        app.installEventFilter(&paintCounter);
    QApplication::setOrganizationName(QStringLiteral("ptriage-benchmark")); // not the user's settings
    const auto model = TriageConfig::load({}, nullptr);
    if (!model)
        return 1;
    CollectOptions collect;
    collect.deep = DeepReads::NewOnly;
    TriageOptions triage;
    triage.selfPid = static_cast<int>(::getpid());
    Desk desk(*model, collect, triage);
    // As the window run by `ptriage` does: the samples and held verdicts left for one-shots every 10 s
    // (into a file of this run's unless PTRIAGE_LIVE_STATE names one), their cost in the figures.
    QTemporaryDir liveDir;
    if (!qEnvironmentVariableIsSet("PTRIAGE_LIVE_STATE") && liveDir.isValid())
        qputenv("PTRIAGE_LIVE_STATE", QFile::encodeName(liveDir.filePath(QStringLiteral("live-state.json"))));
    desk.service().setLeavesLiveState(true);
    MainWindow window(desk);
    window.resize(1500, 900);
    window.selectPidWhenSeen(idle.first > 0 ? idle.first : static_cast<int>(::getpid()));

    constexpr int tickMs = 5;
    QElapsedTimer clock;
    clock.start();
    qint64 lastTick = -1;
    double lastCpu = 0, lastProcessCpu = 0;
    bool measuring = false;
    std::vector<double> lateness;
    double worstBusy = 0; // how much of the longest stall the GUI thread spent running (not waiting for a core)
    double worstOurs = 0; // … and the window's other threads (the engine's) on any core
    // Ticks later than 16 ms: when each ended (CLOCK_MONOTONIC, as `perf record -k CLOCK_MONOTONIC` stamps a
    // trace, to see who held the cores) and how late.
    std::vector<std::pair<double, double>> longStalls;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(tickMs);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        const double cpu = threadCpuMs(), processCpu = processCpuMs();
        if (measuring && lastTick >= 0) {
            const double late = std::max(0.0, static_cast<double>(now - lastTick) / 1e6 - tickMs);
            if (lateness.empty() || late > *std::max_element(lateness.begin(), lateness.end())) {
                worstBusy = cpu - lastCpu;
                worstOurs = processCpu - lastProcessCpu - worstBusy;
            }
            if (late > 16) {
                timespec ts{};
                ::clock_gettime(CLOCK_MONOTONIC, &ts);
                longStalls.emplace_back(static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9, late);
            }
            lateness.push_back(late);
        }
        lastTick = now;
        lastCpu = cpu;
        lastProcessCpu = processCpu;
    });

    int applied = 0;
    // The GUI thread's CPU time from one applied result to the next: applying the rows, the panes,
    // painting, and this benchmark's ticks (about a microsecond each).
    // A refresh with the pane kept is the refresh's own work; one after a tab switch also lays out and
    // paints the pane the switch opened. By the tab shown.
    std::vector<double> guiMsKept[4], guiMsAfterSwitchTo[4], guiSystemMsKept, latencyMs;
    int shownTab = -1;
    bool switched = false; // the interval being measured began with a tab switch
    qint64 askedAt = -1;
    double cpuAtLastApply = -1, systemAtLastApply = 0;
    double firstPaintMs = 0;
    QElapsedTimer firstResult; // from the window's start to its first rows painted
    double firstMs = 0;
    QObject::connect(&window, &MainWindow::resultApplied, [&] {
        ++applied;
        const double cpu = threadCpuMs(), system = threadSystemMs();
        if (measuring && cpuAtLastApply >= 0) {
            (switched ? guiMsAfterSwitchTo : guiMsKept)[shownTab].push_back(cpu - cpuAtLastApply);
            if (!switched)
                guiSystemMsKept.push_back(system - systemAtLastApply);
        }
        cpuAtLastApply = cpu;
        systemAtLastApply = system;
        if (measuring && askedAt >= 0)
            latencyMs.push_back(static_cast<double>(clock.nsecsElapsed() - askedAt) / 1e6);
        if (applied == 1) {
            window.actions()->treeMode->setChecked(tree);
            // The first result builds the table from nothing, lays the pane out and paints every text
            // for the first time: all measured apart below.
            const double paintStart = threadCpuMs();
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            window.repaint();
            firstPaintMs = threadCpuMs() - paintStart;
            firstMs = static_cast<double>(firstResult.nsecsElapsed()) / 1e6; // its rows painted
            cpuAtLastApply = threadCpuMs(); // the refreshes measured start after it
            systemAtLastApply = threadSystemMs();
            measuring = true;
            app.measuring = true;
            paintCounter.counting = true;
            lastTick = -1;
        }
        // Alternate the side pane between the evidence and the charts, as a person would, keeping each
        // for two refreshes: the second is the refresh's own work, the first adds the switch.
        const int nextTab = tab >= 0 ? tab : ((applied / 2) % 2 ? 0 : 3); // two refreshes each
        switched = nextTab != shownTab;
        shownTab = nextTab;
        const double switchStart = threadCpuMs(), paintBefore = app.paintMs;
        window.tabs()->setCurrentIndex(shownTab);
        if (measuring)
            app.switchMs += threadCpuMs() - switchStart - (app.paintMs - paintBefore);
        if (applied > refreshes) {
            app.quit();
            return;
        }
        askedAt = clock.nsecsElapsed();
        desk.refreshNow();
    });
    firstResult.start();
    window.show();
    window.start();
    ticker.start();
    QTimer::singleShot(600000, &app, [&] {
        std::fprintf(stderr, "timed out after %d refreshes\n", applied);
        app.quit();
    });
    app.exec();

    const long rss = statusKiB("VmRSS:"), hwm = statusKiB("VmHWM:");
    const int rows = window.table()->model()->rowCount();
    const int total = static_cast<int>(window.shownResult() ? window.shownResult()->snapshot->processes.size() : 0);
    std::printf(
        "gui_responsiveness (pid %d): %d extra idle processes, %d processes in the last scan, %d top-level rows, %s "
        "view, platform %s\n",
        static_cast<int>(::getpid()), processes, total, rows, tree ? "tree" : "flat",
        qPrintable(QGuiApplication::platformName()));
    std::printf("refreshes measured: %d (each asked for as soon as the previous one was shown)\n", applied - 1);
    // Issue 41's window goals hold at 5,000 extra processes; at other sizes they are only printed.
    const bool issue41Size = processes >= 5000;
    const auto verdict = [issue41Size](bool met) {
        return !issue41Size ? "not judged at this size" : met ? "met" : "NOT met";
    };
    std::printf(
        "first result shown after: %.0f ms (window start to its rows painted); laying out and painting it: %.1f "
        "ms of the GUI thread — goal at 5,000 processes: <= 300 ms: %s\n",
        firstMs, firstPaintMs, verdict(firstMs <= 300));
    double load[3] = {0, 0, 0};
    ::getloadavg(load, 3);
    std::printf("load average at the end: %.2f %.2f %.2f on %ld CPUs\n", load[0], load[1], load[2],
        ::sysconf(_SC_NPROCESSORS_ONLN));
    const double longest = percentile(lateness, 1.0), p99 = percentile(lateness, 0.99);
    std::printf("GUI event-loop stall (lateness of a %d ms timer): longest %.1f ms, p99 %.1f ms, median %.2f ms, "
                "%zu ticks — goals: longest <= 16 ms: %s, p99 <= 8 ms: %s\n",
        tickMs, longest, p99, percentile(lateness, 0.5), lateness.size(), longest <= 16 ? "met" : "NOT met",
        p99 <= 8 ? "met" : "NOT met");
    const auto lateBy
        = [&](double ms) { return std::count_if(lateness.begin(), lateness.end(), [ms](double l) { return l > ms; }); };
    std::printf("ticks later than 8 ms: %td, than 16 ms: %td (the longest alone varies most from run to run)\n",
        lateBy(8), lateBy(16));
    std::printf(
        "during the longest stall the GUI thread ran %.1f ms (the rest it waited for a core), the window's other "
        "threads %.1f ms (on %ld cores)\n",
        worstBusy, worstOurs, ::sysconf(_SC_NPROCESSORS_ONLN));
    if (!longStalls.empty()) {
        std::printf("ticks later than 16 ms ended at (CLOCK_MONOTONIC s: ms late):");
        for (const auto &[endS, late] : longStalls)
            std::printf(" %.4f: %.1f;", endS, late);
        std::printf("\n");
    }
    std::printf("refresh latency (asked for → shown; scan, triage, rows): median %.0f ms, longest %.0f ms, with %d "
                "spinning children\n",
        percentile(latencyMs, 0.5), percentile(latencyMs, 1.0), busyCount);
    std::vector<double> kept;
    for (const auto &byTab : guiMsKept)
        kept.insert(kept.end(), byTab.begin(), byTab.end());
    const double guiMedian = percentile(kept, 0.5);
    std::printf("GUI thread CPU per refresh (the pane kept): median %.1f ms (%.1f ms of it in the kernel), longest "
                "%.1f ms — goal: <= 5 ms: %s\n",
        guiMedian, percentile(guiSystemMsKept, 0.5), percentile(kept, 1.0), guiMedian <= 5 ? "met" : "NOT met");
    if (tab < 0)
        std::printf("  the evidence kept: median %.1f ms; the charts kept: median %.1f ms; a refresh with a switch to "
                    "the evidence: median %.1f ms, to the charts: median %.1f ms (--tab T keeps one)\n",
            percentile(guiMsKept[0], 0.5), percentile(guiMsKept[3], 0.5), percentile(guiMsAfterSwitchTo[0], 0.5),
            percentile(guiMsAfterSwitchTo[3], 0.5));
    {
        const double n = std::max(1, applied - 1);
        std::printf("  of which, per refresh (means): painting %.2f ms (in %.1f passes), the tab switch %.2f ms,",
            app.paintMs / n, app.paintPasses / n, app.switchMs / n);
        for (const auto &[what, spent] : app.ms)
            if (spent / n >= 0.05)
                std::printf(" %s %.2f ms,", what.c_str(), spent / n);
        std::printf("\n");
    }
    std::printf("longest single events on the GUI thread (CPU ms):");
    for (const auto &[spent, what] : app.longest)
        std::printf(" %.1f %s;", spent, what.c_str());
    std::printf("\n");
    std::printf("window RSS: %.1f MiB now, %.1f MiB peak — goals: <= 120 MB: %s; at 5,000 processes <= 90 MB: %s\n",
        static_cast<double>(rss) / 1024, static_cast<double>(hwm) / 1024,
        static_cast<double>(hwm) * 1024 <= 120e6 ? "met" : "NOT met", verdict(static_cast<double>(hwm) * 1024 <= 90e6));
    if (paints) {
        std::printf("paint events per refresh (widget in parent: events, area in kilopixels, GUI thread ms):\n");
        const double n = std::max(1, applied - 1);
        for (const auto &[name, t] : paintCounter.tallies)
            std::printf("  %-60s %6.2f %9.1f %6.3f\n", qPrintable(name), t.events / n, t.area / n / 1e3,
                app.paintMsByWidget[name] / n);
    }
    bench::endIdleFamily(idle);
    bench::killIdle(busy);
    return applied > refreshes ? 0 : 1;
}
