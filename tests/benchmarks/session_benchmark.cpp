// The session store's budgets at 5,000 processes (issue 10): saving a session ≤ 100 ms, ≤ 1.5 MB of
// database growth for a session whose processes mostly existed in the previous one, diffing two
// sessions ≤ 50 ms. Run on demand: ./tests/benchmarks/session_benchmark [--processes N] [--runs K].
#include "BenchFigures.h"
#include "IdleProcesses.h"

#include "collect/Collector.h"
#include "decide/Triage.h"
#include "session/Accumulation.h"
#include "session/PastLoader.h"
#include "session/SessionDiff.h"
#include "session/database/SessionStore.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <dirent.h>
#include <string>
#include <thread>
#include <unistd.h>

using namespace ptriage::bench;

int main(int argc, char **argv)
{
    int target = 5000;
    int runs = 5;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--processes" && i + 1 < argc)
            target = std::atoi(argv[++i]);
        else if (arg == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: %s [--processes N] [--runs K]\n", argv[0]);
            return 1;
        }
    }
    // Fork the idle processes first, while this process is small.
    std::vector<pid_t> idle;
    const int missing = std::max(0, target - processCount());
    if (const int err = ptriage::bench::spawnIdle(idle, missing)) {
        std::fprintf(stderr, "spawned %zu of %d idle processes: %s\n", idle.size(), missing, std::strerror(err));
        ptriage::bench::killIdle(idle);
        return 1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    QCoreApplication app(argc, argv);
    ptriage::ConfigError configError;
    const auto model = ptriage::TriageConfig::load(QString(), &configError);
    if (!model) {
        std::fprintf(stderr, "%s\n", qUtf8Printable(configError.toString()));
        ptriage::bench::killIdle(idle);
        return 1;
    }
    ptriage::Collector collector{ptriage::CollectOptions{}};
    std::string openError;
    if (!collector.open(&openError)) {
        std::fprintf(stderr, "cannot open /proc: %s\n", openError.c_str());
        ptriage::bench::killIdle(idle);
        return 1;
    }
    ptriage::TriageOptions options;
    options.selfPid = static_cast<int>(::getpid());
    auto scan
        = [&] { return ptriage::sessionFromTriage(*ptriage::triage(collector.refresh(), *model, options), *model); };
    scan(); // details of every identity, once
    std::vector<ptriage::Session> sessions;
    for (int r = 0; r < runs + 1; ++r) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        sessions.push_back(scan());
    }
    std::printf("%zu processes per session (%d idle spawned), %d runs\n", sessions.front().processes.size(),
        static_cast<int>(idle.size()), runs);

    QTemporaryDir dir;
    ptriage::SessionStore store;
    QString error;
    if (!store.open(dir.filePath(QStringLiteral("bench.sqlite")), ptriage::SessionStore::Mode::Create, &error)) {
        std::fprintf(stderr, "%s\n", qUtf8Printable(error));
        ptriage::bench::killIdle(idle);
        return 1;
    }
    std::vector<long long> ids;
    std::vector<double> saveMs, growth, loadMs, diffMs;
    long long firstGrowth = 0;
    for (std::size_t r = 0; r < sessions.size(); ++r) {
        const long long before = store.usedBytes();
        const auto t = std::chrono::steady_clock::now();
        const long long id = store.save(sessions[r], &error);
        const double ms = msSince(t);
        if (!id) {
            std::fprintf(stderr, "%s\n", qUtf8Printable(error));
            ptriage::bench::killIdle(idle);
            return 1;
        }
        ids.push_back(id);
        if (r == 0) {
            firstGrowth = store.usedBytes() - before;
            std::printf("  first session (every text new): save %.2f ms, growth %.0f KiB\n", ms, firstGrowth / 1024.0);
            continue;
        }
        saveMs.push_back(ms);
        growth.push_back(static_cast<double>(store.usedBytes() - before));
    }
    for (std::size_t r = 1; r < ids.size(); ++r) {
        auto t = std::chrono::steady_clock::now();
        const auto a = store.load(ids[r - 1], &error);
        const auto b = store.load(ids[r], &error);
        loadMs.push_back(msSince(t) / 2);
        t = std::chrono::steady_clock::now();
        const auto d = ptriage::diffSessions(*a, *b);
        diffMs.push_back(msSince(t));
        if (r == 1)
            std::printf("  diff of sessions %lld → %lld: %d stable, %d appeared, %d exited\n", ids[r - 1], ids[r],
                d.counts[2], d.counts[0], d.counts[1]);
    }
    std::vector<ptriage::Session> all;
    for (long long id : ids)
        all.push_back(*store.load(id, &error));
    auto t = std::chrono::steady_clock::now();
    const auto acc = ptriage::accumulate(all);
    const double accMs = msSince(t);

    // The past a live scan reads (issue 10): 200 decisions, the last sessions of this boot.
    for (int k = 0; k < 200; ++k) {
        const auto &p = sessions.back().processes[static_cast<std::size_t>(k) % sessions.back().processes.size()];
        ptriage::Decision d;
        d.vote = k % 3 ? ptriage::Decision::Vote::Kill : ptriage::Decision::Vote::Spare;
        d.argv = p.argv;
        d.target = p.identity(sessions.back().info.bootId);
        d.atMs = sessions.back().info.atMs - 60'000 - k * 3'600'000LL; // one an hour
        store.recordDecision(d, &error);
    }
    std::vector<double> pastMs, pastTriageMs, warmTriageMs, plainTriageMs;
    auto snap = collector.refresh();
    for (int r = 0; r < runs; ++r) {
        t = std::chrono::steady_clock::now();
        auto past = ptriage::loadPast(
            store.path(), sessions.back().info.bootId, model->priors, sessions.back().info.atMs, &error, snap.get());
        pastMs.push_back(msSince(t));
        t = std::chrono::steady_clock::now();
        ptriage::triage(snap, *model, options);
        plainTriageMs.push_back(msSince(t));
        auto withPast = options;
        withPast.past = past;
        t = std::chrono::steady_clock::now();
        ptriage::triage(snap, *model, withPast);
        pastTriageMs.push_back(msSince(t));
        t = std::chrono::steady_clock::now();
        ptriage::triage(snap, *model, withPast); // the window's next scans: lookups cached by command
        warmTriageMs.push_back(msSince(t));
    }

    std::printf("\nmedians over %d sessions of processes mostly seen before:\n", runs);
    verdict("save one session", median(saveMs), 100, "ms");
    verdict("database growth per session", median(growth) / (1024.0 * 1024.0), 1.5, "MiB");
    verdict("diff two loaded sessions", median(diffMs), 50, "ms");
    std::printf(
        "  %-44s %10.2f ms   (no budget; 'ptriage diff' loads two, then diffs)\n", "load one session", median(loadMs));
    std::printf("  accumulation over %zu sessions: %.2f ms (%zu origins)\n", all.size(), accMs, acc.rows.size());
    verdict("load the past (200 decisions, 6 sessions)", median(pastMs), 50, "ms");
    std::printf("  %-44s %10.2f ms → %.2f ms with the past (first), %.2f ms (next)\n", "triage of one scan",
        median(plainTriageMs), median(pastTriageMs), median(warmTriageMs));
    std::printf("  %d idle processes killed\n", ptriage::bench::killIdle(idle));
    return 0;
}
