// The HTML report's budgets (issue 11): at 5,000 processes with 50 candidates, ≤ 2 MB and ≤ 300 ms
// from a triage result to the bytes. The peer in the same process: the scan JSON of every process.
// Run on demand: ./tests/benchmarks/report_benchmark [--processes N] [--candidates K] [--runs R] [--html FILE].
#include "BenchFigures.h"
#include "IdleProcesses.h"

#include "collect/Collector.h"
#include "decide/Triage.h"
#include "report/html/HtmlReport.h"
#include "report/ScanReport.h"
#include "support/CaptureTools.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

// Orphaned idle workers (double fork: their parent exits), the kind a report is about. Each ends
// itself after `lifetime` seconds, so none outlives a crashed benchmark for long.
std::vector<pid_t> spawnOrphans(int n, unsigned lifetime)
{
    std::vector<pid_t> out;
    for (int i = 0; i < n; ++i) {
        int fds[2];
        if (::pipe(fds) != 0)
            break;
        const pid_t middle = ::fork();
        if (middle == 0) {
            ::setsid();
            if (::fork() == 0) {
                const pid_t self = ::getpid();
                (void)!::write(fds[1], &self, sizeof self);
                ::alarm(lifetime);
                char name[] = "bench-worker";
                char arg[] = "--queue=reports";
                char *argv[] = {name, arg, nullptr};
                ::execv("/proc/self/exe", argv); // re-exec: a command of its own, then idle below
                for (;;)
                    ::pause();
            }
            ::_exit(0);
        }
        ::close(fds[1]);
        pid_t orphan = -1;
        if (middle > 0 && ::read(fds[0], &orphan, sizeof orphan) == sizeof orphan)
            out.push_back(orphan);
        ::close(fds[0]);
        ::waitpid(middle, nullptr, 0);
    }
    return out;
}

} // namespace

using namespace ptriage::bench;

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--queue=reports") == 0) {
        for (;;)
            ::pause(); // an orphaned worker (see spawnOrphans)
    }
    int target = 5000, candidates = 50, runs = 5;
    std::string htmlPath; // where to keep the last report, to look at it
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--processes" && i + 1 < argc)
            target = std::atoi(argv[++i]);
        else if (arg == "--candidates" && i + 1 < argc)
            candidates = std::atoi(argv[++i]);
        else if (arg == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--html" && i + 1 < argc)
            htmlPath = argv[++i];
        else {
            std::fprintf(stderr, "usage: %s [--processes N] [--candidates K] [--runs R] [--html FILE]\n", argv[0]);
            return 1;
        }
    }
    std::vector<pid_t> orphans = spawnOrphans(candidates, 300);
    std::vector<pid_t> idle;
    const int missing = std::max(0, target - processCount());
    const int err = ptriage::bench::spawnIdle(idle, missing);
    auto cleanUp = [&] {
        for (pid_t p : orphans)
            ::kill(p, SIGKILL);
        return ptriage::bench::killIdle(idle);
    };
    if (err) {
        std::fprintf(stderr, "spawned %zu of %d idle processes: %s\n", idle.size(), missing, std::strerror(err));
        cleanUp();
        return 1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    QCoreApplication app(argc, argv);
    ptriage::ConfigError configError;
    const auto model = ptriage::TriageConfig::load(QString(), &configError);
    if (!model) {
        std::fprintf(stderr, "%s\n", qUtf8Printable(configError.toString()));
        cleanUp();
        return 1;
    }
    // Two captures of the live machine made an hour older: the orphaned workers are then what a
    // person would be shown (a second-old orphan is not).
    QTemporaryDir dir;
    const auto pair = ptriage::test::capturePair(dir.path().toStdString(), 0.3, 3600);
    const auto result = ptriage::test::replay(pair, *model, 0);

    std::vector<double> reportMs, jsonMs;
    std::string page, json;
    for (int r = 0; r < runs; ++r) {
        auto t = std::chrono::steady_clock::now();
        ptriage::ReportInput input = ptriage::reportFromTriage(*result, *model);
        input.version = "bench";
        input.generatedAtMs = result->snapshot->capturedAtMs;
        page = ptriage::HtmlReport::render(input);
        reportMs.push_back(msSince(t));
        t = std::chrono::steady_clock::now();
        json = ptriage::scanJson(*result, *model, {.all = true, .pretty = false});
        jsonMs.push_back(msSince(t));
    }
    if (!htmlPath.empty()) {
        QString error;
        if (!ptriage::HtmlReport::save(page, QString::fromStdString(htmlPath), &error))
            std::fprintf(stderr, "%s\n", qUtf8Printable(error));
    }
    int cards = 0;
    for (const auto &rec : result->recommendations)
        cards += rec.candidate ? 1 : 0;
    std::printf("%zu processes, %d candidates (%zu orphaned workers spawned), %d runs\n",
        result->snapshot->processes.size(), cards, orphans.size(), runs);
    verdict("report: triage result → HTML", median(reportMs), 300, "ms");
    verdict("report size", static_cast<double>(page.size()) / (1024.0 * 1024.0), 2.0, "MiB");
    std::printf("  %-40s %10.2f ms   %.2f MiB  (peer: scan --json --all; report/JSON time %.2f×)\n",
        "scan JSON of every process", median(jsonMs), static_cast<double>(json.size()) / (1024.0 * 1024.0),
        median(reportMs) / std::max(0.001, median(jsonMs)));
    std::printf("  %d idle processes killed\n", cleanUp());
    return 0;
}
