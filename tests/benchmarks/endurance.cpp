// Endurance (issue 14): the real window through N refreshes (default 10,000) while a spawner forks
// and reaps tagged children (churn_child spawn, --rate a second), each refresh asked for as soon as
// the previous result is shown. Every 25 refreshes the selection moves to another process and every
// 10 the side pane to another tab (evidence, blast radius, details, charts), so every pane draws
// before refresh 100 and all along; every 250 (from the 50th) the selected process is spared (a
// learned decision, recorded in a throwaway session database). --processes N idle processes more
// (default 300, a desktop's count) make the level less sensitive to what else starts on the machine.
// Prints the window's RSS after refresh 100 and every 1,000, its lowest and highest after 100 and
// the ratio to the level after 100: PASS when it stays within 10 % of it.
//   xvfb-run -a -s "-screen 0 1600x1000x24" ./endurance [--refreshes 10000] [--rate 50] [--processes 300]
// --leave-without-freeing ends with _Exit, so under heaptrack two runs of different lengths show by
// their "leaked" what grows with the number of refreshes.
#include "IdleProcesses.h"
#include "desk/Desk.h"
#include "panes/LedgerPane.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"
#include "window/menus/WindowActions.h"

#include "config/TriageConfig.h"
#include "util/AllocatorTuning.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <malloc.h>
#include <random>
#include <signal.h>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
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

double heapMiB()
{
    const struct mallinfo2 m = ::mallinfo2();
    return static_cast<double>(m.uordblks + m.hblkhd) / (1024.0 * 1024.0);
}

// churn_child spawn: forks `rate` tagged children a second for a day (killed at the end).
pid_t startChurn(double rate, const std::string &execLink)
{
    const std::string prefix = "churn-" + std::to_string(::getpid()) + "-";
    std::vector<std::string> args = {
        "churn_child", "spawn", std::to_string(rate), "86400", execLink, prefix, std::string(prefix.size() + 12, 'x')};
    std::vector<char *> argv;
    for (auto &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    std::string path = "PATH=/usr/bin:/bin";
    char *envp[] = {path.data(), nullptr};
    pid_t pid = -1;
    const int err = ::posix_spawn(&pid, PTRIAGE_CHURN_CHILD, &actions, nullptr, argv.data(), envp);
    ::posix_spawn_file_actions_destroy(&actions);
    return err == 0 ? pid : -1;
}

} // namespace

int main(int argc, char **argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // a line at a time, also into a pipe
    int refreshes = 10000;
    double rate = 50;
    int processes = 300;
    bool leaveWithoutFreeing = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--refreshes" && i + 1 < argc)
            refreshes = std::max(200, std::atoi(argv[++i]));
        else if (a == "--rate" && i + 1 < argc)
            rate = std::max(1.0, std::atof(argv[++i]));
        else if (a == "--processes" && i + 1 < argc)
            processes = std::max(0, std::atoi(argv[++i]));
        else if (a == "--leave-without-freeing")
            leaveWithoutFreeing = true;
        else {
            std::fprintf(stderr,
                "usage: endurance [--refreshes N (>= 200)] [--rate CHILDREN_PER_SECOND] [--processes IDLE] "
                "[--leave-without-freeing]\n");
            return 2;
        }
    }
    QTemporaryDir scratch;
    const std::string execLink = scratch.filePath(QStringLiteral("churn_exec")).toStdString();
    if (::symlink(PTRIAGE_CHURN_CHILD, execLink.c_str()) != 0)
        return 1;
    // Forked while this process is small.
    std::vector<pid_t> idle;
    if (const int err = bench::spawnIdle(idle, processes)) {
        std::fprintf(stderr, "fork failed after %zu processes: %s\n", idle.size(), std::strerror(err));
        bench::killIdle(idle);
        return 1;
    }
    const pid_t churn = startChurn(rate, execLink);
    if (churn < 0) {
        std::fprintf(stderr, "cannot start %s\n", PTRIAGE_CHURN_CHILD);
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
    Desk desk(*model, collect, triage, scratch.filePath(QStringLiteral("sessions.sqlite")));
    MainWindow window(desk);
    window.resize(1500, 900);
    window.selectPidWhenSeen(churn);

    std::mt19937 rng(14);
    int applied = 0;
    long baseline = 0, lowest = 0, highest = 0;
    double baselineHeap = 0;
    int spared = 0;
    QElapsedTimer clock;
    clock.start();
    std::printf("endurance: %d refreshes, churn %.0f children/s (spawner %d), %d idle processes more, platform %s\n",
        refreshes, rate, static_cast<int>(churn), processes, qPrintable(QGuiApplication::platformName()));
    // RSS, then what it is made of: anonymous memory (the heap in use and free in malloc's arenas,
    // thread stacks …), pages of files (code of the libraries as it is first run) and shared memory
    // (the X11 backing store); and the processes in the last scan (the machine's, which others change).
    std::printf("%8s %8s %7s %8s %8s %8s %8s %8s %6s %8s\n", "refresh", "RSS MiB", "vs 100", "anon", "heap", "free",
        "file", "shmem", "procs", "elapsed");
    auto report = [&](long rss) {
        const struct mallinfo2 m = ::mallinfo2();
        std::printf("%8d %8.1f %6.1f%% %8.1f %8.1f %8.1f %8.1f %8.1f %6zu %7.0fs\n", applied,
            static_cast<double>(rss) / 1024,
            baseline > 0 ? 100.0 * static_cast<double>(rss - baseline) / static_cast<double>(baseline) : 0.0,
            static_cast<double>(statusKiB("RssAnon:")) / 1024, heapMiB(),
            static_cast<double>(m.fordblks) / (1024.0 * 1024.0), static_cast<double>(statusKiB("RssFile:")) / 1024,
            static_cast<double>(statusKiB("RssShmem:")) / 1024,
            window.shownResult() ? window.shownResult()->snapshot->processes.size() : std::size_t{0},
            static_cast<double>(clock.elapsed()) / 1000);
    };
    QObject::connect(&window, &MainWindow::resultApplied, [&] {
        ++applied;
        if (applied % 25 == 0) { // another process: every pane draws something new
            QAbstractItemModel *rows = window.table()->model();
            if (rows->rowCount() > 0)
                window.table()->setCurrentIndex(
                    rows->index(static_cast<int>(rng() % static_cast<unsigned>(rows->rowCount())), 0));
        }
        if (applied % 10 == 0) // another tab: all four have been drawn before refresh 100
            window.tabs()->setCurrentIndex((applied / 10) % window.tabs()->count());
        // The first before refresh 100: opening the session database is part of the level.
        if (applied % 250 == 50 && window.selectedIdentity().isValid()) {
            desk.spare({window.selectedIdentity()});
            ++spared;
        }
        if (applied >= 100) {
            const long rss = statusKiB("VmRSS:");
            if (applied == 100) {
                baseline = lowest = highest = rss;
                baselineHeap = heapMiB();
                report(rss);
            }
            lowest = std::min(lowest, rss);
            highest = std::max(highest, rss);
            if (applied % 1000 == 0)
                report(rss);
        }
        if (applied >= refreshes) {
            app.quit();
            return;
        }
        desk.refreshNow();
    });
    window.show();
    window.start();
    app.exec();

    ::kill(churn, SIGKILL);
    ::waitpid(churn, nullptr, 0);
    bench::killIdle(idle);
    const double hi = 100.0 * static_cast<double>(highest - baseline) / static_cast<double>(std::max(1L, baseline));
    const double lo = 100.0 * static_cast<double>(lowest - baseline) / static_cast<double>(std::max(1L, baseline));
    std::printf("RSS after refresh 100: %.1f MiB (heap in use %.1f MiB); after 100: lowest %.1f MiB (%+.1f %%), "
                "highest %.1f MiB (%+.1f %%), at the end %.1f MiB (heap %.1f MiB); peak %.1f MiB\n",
        static_cast<double>(baseline) / 1024, baselineHeap, static_cast<double>(lowest) / 1024, lo,
        static_cast<double>(highest) / 1024, hi, static_cast<double>(statusKiB("VmRSS:")) / 1024, heapMiB(),
        static_cast<double>(statusKiB("VmHWM:")) / 1024);
    rusage self{};
    ::getrusage(RUSAGE_SELF, &self);
    const double cpu = static_cast<double>(self.ru_utime.tv_sec + self.ru_stime.tv_sec)
        + static_cast<double>(self.ru_utime.tv_usec + self.ru_stime.tv_usec) / 1e6;
    std::printf("%d refreshes in %.0f s (%.1f ms of CPU each, all threads), %d decisions recorded; bound: within 10 %% "
                "of the level after 100: %s\n",
        applied, static_cast<double>(clock.elapsed()) / 1000, 1000 * cpu / std::max(1, applied), spared,
        hi <= 10 && lo >= -10 ? "PASS" : "FAIL");
    const int status = applied >= refreshes && hi <= 10 && lo >= -10 ? 0 : 1;
    if (leaveWithoutFreeing) {
        std::fflush(stdout);
        std::_Exit(status); // a heap profiler's "leaked" is then what was alive at the end
    }
    return status;
}
