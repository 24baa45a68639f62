// How smooth the window stays while the engine works: with N extra idle processes alive, the
// window refreshes R times (each refresh asked for as soon as the previous one is shown, so the
// engine never rests), a process is selected so the ledger, graph, details and charts follow it,
// and a 5 ms timer on the GUI thread records how late it fires: its worst lateness is the longest
// stall a person would feel. Prints the stalls, the time to apply a result, and the window's RSS.
//   ./gui_responsiveness [--processes 5000] [--refreshes 30] [--tree]
// Run under xvfb-run for a real X11 window, or with QT_QPA_PLATFORM=offscreen.
#include "IdleProcesses.h"
#include "LedgerPane.h"
#include "MainWindow.h"

#include "config/TriageConfig.h"
#include "util/AllocatorTuning.h"
#include <QAction>

#include <QApplication>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
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

double threadCpuMs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

} // namespace

int main(int argc, char **argv)
{
    int processes = 5000, refreshes = 30;
    bool tree = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--processes" && i + 1 < argc)
            processes = std::atoi(argv[++i]);
        else if (a == "--refreshes" && i + 1 < argc)
            refreshes = std::max(2, std::atoi(argv[++i]));
        else if (a == "--tree")
            tree = true;
        else {
            std::fprintf(stderr, "usage: gui_responsiveness [--processes N] [--refreshes N] [--tree]\n");
            return 2;
        }
    }
    // Fork while this process is still small: a fork copies page tables.
    std::vector<pid_t> idle;
    if (const int err = bench::spawnIdle(idle, processes)) {
        std::fprintf(stderr, "fork failed after %zu processes: %s\n", idle.size(), std::strerror(err));
        bench::killIdle(idle);
        return 1;
    }

    tuneAllocatorForLongRun(); // as ptriage's window does, before the first thread
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ptriage-benchmark")); // not the user's settings
    const auto model = TriageConfig::load({}, nullptr);
    if (!model)
        return 1;
    CollectOptions collect;
    collect.deep = DeepReads::NewOnly;
    TriageOptions triage;
    triage.selfPid = static_cast<int>(::getpid());
    MainWindow window(*model, collect, triage);
    window.resize(1500, 900);
    window.selectPidWhenSeen(idle.empty() ? static_cast<int>(::getpid()) : idle.front());

    constexpr int tickMs = 5;
    QElapsedTimer clock;
    clock.start();
    qint64 lastTick = -1;
    double lastCpu = 0;
    bool measuring = false;
    std::vector<double> lateness;
    double worstBusy = 0; // how much of the longest stall the GUI thread spent running (not waiting for a core)
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(tickMs);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        const double cpu = threadCpuMs();
        if (measuring && lastTick >= 0) {
            const double late = std::max(0.0, static_cast<double>(now - lastTick) / 1e6 - tickMs);
            if (lateness.empty() || late > *std::max_element(lateness.begin(), lateness.end()))
                worstBusy = cpu - lastCpu;
            lateness.push_back(late);
        }
        lastTick = now;
        lastCpu = cpu;
    });

    int applied = 0;
    QObject::connect(&window, &MainWindow::resultApplied, [&] {
        ++applied;
        if (applied == 1) {
            window.treeMode()->setChecked(tree);
            measuring = true; // the first result builds the table from nothing: measured apart below
            lastTick = -1;
        }
        // Alternate the side pane between the evidence and the charts, as a person would.
        window.tabs()->setCurrentIndex(applied % 2 ? 0 : 3);
        if (applied > refreshes) {
            app.quit();
            return;
        }
        window.refreshNow();
    });
    QElapsedTimer firstResult;
    firstResult.start();
    double firstMs = 0;
    QObject::connect(&window, &MainWindow::resultApplied, &window, [&] {
        if (firstMs == 0)
            firstMs = static_cast<double>(firstResult.nsecsElapsed()) / 1e6;
    });
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
    const int total = static_cast<int>(window.lastResult() ? window.lastResult()->snapshot->processes.size() : 0);
    std::printf(
        "gui_responsiveness: %d extra idle processes, %d processes in the last scan, %d top-level rows, %s view, "
        "platform %s\n",
        processes, total, rows, tree ? "tree" : "flat", qPrintable(QGuiApplication::platformName()));
    std::printf("refreshes measured: %d (each asked for as soon as the previous one was shown)\n", applied - 1);
    std::printf("first result shown after: %.0f ms (window start to a filled table)\n", firstMs);
    std::printf("GUI event-loop stall (lateness of a %d ms timer): longest %.1f ms, p99 %.1f ms, median %.2f ms, "
                "%zu ticks — floor: longest <= 50 ms: %s\n",
        tickMs, percentile(lateness, 1.0), percentile(lateness, 0.99), percentile(lateness, 0.5), lateness.size(),
        percentile(lateness, 1.0) <= 50 ? "met" : "NOT met");
    std::printf("during the longest stall the GUI thread ran %.1f ms (the rest it waited for a core)\n", worstBusy);
    std::printf("window RSS: %.1f MiB now, %.1f MiB peak — floor: <= 200 MB: %s\n", static_cast<double>(rss) / 1024,
        static_cast<double>(hwm) / 1024, static_cast<double>(hwm) * 1024 <= 200e6 ? "met" : "NOT met");
    bench::killIdle(idle);
    return applied > refreshes ? 0 : 1;
}
