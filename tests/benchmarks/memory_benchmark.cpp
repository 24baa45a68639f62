// memory_benchmark: what the window keeps per process, stage by stage, with N idle processes (issue 41:
// the window at 5,000 processes ≤ 90 MB). One malloc arena, so that mallinfo2 sees every thread's
// blocks; each figure is the heap in use after a stage minus before it, per process of the scan.
// Run on demand: ./tests/benchmarks/memory_benchmark [--processes 5000]
#include "IdleProcesses.h"

#include "collect/Collector.h"
#include "config/TriageConfig.h"
#include "decide/Triage.h"
#include "table/ProcessColumns.h"
#include "table/ProcessTableModel.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <string>

using namespace ptriage;

namespace {

double heapBytes()
{
    return static_cast<double>(mallinfo2().uordblks);
}

// The arena is never trimmed (M_TRIM_THRESHOLD): its size is the most the heap held so far.
double heapHighWater()
{
    return static_cast<double>(mallinfo2().arena);
}

struct Stage {
    double before = heapBytes();
    void print(const char *what, std::size_t processes)
    {
        const double now = heapBytes(), grown = now - before;
        std::printf("  %-52s %8.2f MiB %7.0f B/process   heap %6.1f MiB, at most %6.1f MiB\n", what, grown / 1048576.0,
            grown / static_cast<double>(std::max<std::size_t>(1, processes)), now / 1048576.0,
            heapHighWater() / 1048576.0);
        before = now;
    }
};

} // namespace

int main(int argc, char **argv)
{
    ::mallopt(M_ARENA_MAX, 1); // before any thread: every block in the one arena mallinfo2 reports
    ::mallopt(M_MMAP_THRESHOLD, 1 << 30); // and none as a mapping of its own
    ::mallopt(M_TRIM_THRESHOLD, 1 << 30);
    int target = 5000;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--processes" && i + 1 < argc)
            target = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: %s [--processes N]\n", argv[0]);
            return 1;
        }
    }
    QCoreApplication app(argc, argv);
    ConfigError error;
    const auto config = TriageConfig::load({}, &error);
    if (!config) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 1;
    }
    std::vector<pid_t> idle;
    if (const int err = bench::spawnIdle(idle, target); err != 0) {
        std::fprintf(stderr, "spawning idle processes: %s\n", std::strerror(err));
        return 1;
    }
    CollectOptions co;
    co.deep = DeepReads::NewOnly; // as the window's
    Collector collector(co);
    std::string openError;
    if (!collector.open(&openError)) {
        std::fprintf(stderr, "%s\n", openError.c_str());
        return 1;
    }
    std::printf(
        "memory_benchmark: heap in use after each stage of the window's refresh (mallinfo2, one arena), %d extra "
        "idle processes; \"at most\": the most the heap held so far\n",
        target);
    Stage stage;
    auto first = collector.refresh();
    const std::size_t n = first->processes.size();
    std::printf("%zu processes in the scan\n", n);
    stage.print("first refresh: snapshot, details and fds (cached)", n);
    // The window holds the last result while the next refresh reads (and the collector the last
    // refresh's snapshot, what processes that did not run carry over from): the next one beside it.
    auto snapshot = collector.refresh();
    stage.print("a later refresh's snapshot (details shared)", n);
    first.reset();
    stage.before = heapBytes();
    TriageOptions to;
    auto result = triage(snapshot, *config, to);
    stage.print("its triage (facts, verdicts, blast radii)", n);
    const ProcessColumns columns;
    auto rows = PreparedRows::prepare(result, *config, columns);
    stage.print("the table's rows, from nothing", n);
    auto again = PreparedRows::prepare(result, *config, columns, rows);
    stage.print("the table's rows, against the rows shown", n);
    again.reset();
    stage.before = heapBytes();
    {
        ProcessTableModel model(*config);
        model.setPrepared(rows);
        stage.print("the table model's nodes (flat)", n);
    }
    // A refresh as the window's: the next scan and triage while the last result and its rows are kept.
    stage.before = heapBytes();
    auto next = triage(collector.refresh(), *config, to, result.get());
    stage.print("the next refresh and triage beside them", n);
    auto nextRows = PreparedRows::prepare(next, *config, columns, rows);
    stage.print("its rows beside the rows shown", n);
    std::printf("sizes: Sample %zu B, ProcessDetails %zu B, OpenFile %zu B, ProcessFacts %zu B, Recommendation %zu B, "
                "BlastRadius %zu B\n",
        sizeof(Sample), sizeof(ProcessDetails), sizeof(OpenFile), sizeof(ProcessFacts), sizeof(Recommendation),
        sizeof(BlastRadius));
    bench::killIdle(idle);
    return 0;
}
