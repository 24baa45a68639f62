// ./tests/benchmarks/evidence_bounds: what the worst evidence a host may send within the caps costs
// this machine to read (issue 64): each case in a child of its own, its answer as a host's ssh would
// hand it over (one string), then parseEvidence (and, for a valid one, the judgement). Prints the
// parse time and the child's peak RSS (the answer's bytes included) against the goals: ≤ 2 s and
// ≤ 256 MB. A real evidence of this machine is the baseline. Then, at 500 and 2,000 processes (idle
// children made up the count), what judging a host's evidence costs (parse and triage) against
// what knowing this machine's verdicts costs (a one-shot's collection and triage), in CPU time.
#include "BenchFigures.h"
#include "IdleProcesses.h"

#include "collect/Collector.h"
#include "config/TriageConfig.h"
#include "decide/Triage.h"
#include "remote/EvidenceJson.h"

#include <QCoreApplication>

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;

namespace {

std::string header(const std::string &boot)
{
    return R"({"schema":"ptriage.evidence.v1","version":"x","self_pid":1,"captured_at_ms":1,"system":{"boot_id":")"
        + boot
        + R"(","uptime_seconds":100000,"clock_ticks":100,"page_size":4096,"cpu_count":2,"mem_total_bytes":1,)"
          R"("mem_available_bytes":1,"load":[0,0,0]},"warnings":[],)";
}

// kMaxEvidenceBytes of strings `each` bytes long: at the value cap (0: as short as that allows), or a
// flood past it.
std::string tinyStrings(const std::string &boot, std::size_t each = 0)
{
    std::string s = header(boot) + R"("processes":[{"environment":[)";
    s.reserve(kMaxEvidenceBytes); // as an answer read whole: the bytes once
    if (each == 0)
        each = (kMaxEvidenceBytes + kMaxEvidenceValues - 1) / kMaxEvidenceValues - 2; // a value: 3 bytes more
    const std::string item = "\"" + std::string(each, 'a') + "\",";
    while (s.size() + item.size() + 64 < kMaxEvidenceBytes)
        s += item;
    s.pop_back();
    s += "]}]}";
    return s;
}

// Within the byte cap: one string as long as the answer.
std::string oneLongString(const std::string &boot)
{
    std::string s
        = header(boot) + R"("processes":[],"sockets":[],"locks":[],"closed_by_port":[],"tty_activity_ms":[],"x":")";
    s.reserve(kMaxEvidenceBytes);
    s.append(kMaxEvidenceBytes - s.size() - 8, 'a');
    s += "\"}";
    return s;
}

// A valid evidence of `count` processes: this machine's first process, again and again, each its own
// pid, with `pairs` tiny environment entries more (3 values each).
std::string manyProcesses(const std::string &real, long long count, int pairs = 0)
{
    const std::size_t start = real.find("\"processes\":[") + 13;
    const std::size_t end = real.find("},{\"start_id\"", start) + 1; // the first process object
    std::string first = real.substr(start, end - start);
    if (const std::size_t env = first.find("\"environment\":["); env != std::string::npos && pairs > 0) {
        std::string entries;
        for (int k = 0; k < pairs; ++k)
            entries += (k ? ",[\"K" : "[\"K") + std::to_string(k) + "\",\"v\"]";
        first.insert(env + 15, entries + (first[env + 15] == ']' ? "" : ","));
    }
    const std::size_t pidAt = first.find("\"start_id\":\"") + 12;
    const std::size_t colon = first.find(':', first.find(':', pidAt) + 1) + 1;
    const std::size_t quote = first.find('"', colon);
    std::string s = real.substr(0, start);
    s.reserve(kMaxEvidenceBytes);
    const std::size_t tables = real.rfind("],\"sockets\"");
    for (long long i = 0; i < count && s.size() + first.size() + 16 + real.size() - tables < kMaxEvidenceBytes; ++i) {
        std::string p = first;
        p.replace(colon, quote - colon, std::to_string(i + 100000));
        s += (i ? "," : "") + p;
    }
    s += real.substr(tables);
    return s;
}

void run(const char *name, const std::function<std::string()> &make, bool judge)
{
    std::fflush(stdout);
    const pid_t child = ::fork();
    if (child == 0) {
        std::string json = make();
        const double bytes = static_cast<double>(json.size());
        const auto t = std::chrono::steady_clock::now();
        Snapshot snap;
        EvidenceHeader h;
        std::string error;
        const bool ok = parseEvidence(json, snap, h, &error);
        std::string().swap(json); // as fetchEvidence lets go of an answer once read
        rusage parsed{};
        ::getrusage(RUSAGE_SELF, &parsed);
        if (!ok && qEnvironmentVariableIsSet("EVIDENCE_BOUNDS_DUMP"))
            std::fwrite(json.data(), 1, std::min<std::size_t>(json.size(), 4096), stderr);
        const double parseMs = bench::msSince(t);
        double judgeMs = 0;
        if (ok && judge) {
            const auto t2 = std::chrono::steady_clock::now();
            const auto shared = std::make_shared<const Snapshot>(std::move(snap));
            TriageOptions to;
            to.machine = Machine::host("bench");
            ConfigError configError;
            const auto config = TriageConfig::load({}, &configError);
            const auto result = triage(shared, *config, to);
            judgeMs = bench::msSince(t2);
        }
        rusage ru{};
        ::getrusage(RUSAGE_SELF, &ru);
        const double parseMb = static_cast<double>(parsed.ru_maxrss) / 1024.0;
        const double mb = static_cast<double>(ru.ru_maxrss) / 1024.0;
        std::printf("%-33s %5.1f MiB  parse %6.1f ms, peak %6.1f MiB %s  judged %6.1f ms, peak %6.1f MiB  %s\n", name,
            bytes / (1 << 20), parseMs, parseMb, parseMs <= 2000 && parseMb <= 256 * 1e6 / (1 << 20) ? "OK  " : "OVER",
            judgeMs, mb, ok ? "accepted" : ("refused: " + error.substr(0, 40)).c_str());
        std::fflush(stdout);
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
}

double cpuMs()
{
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Median CPU ms of `work` over `runs`.
double medianCpuMs(int runs, const std::function<void()> &work)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const double before = cpuMs();
        work();
        ms.push_back(cpuMs() - before);
    }
    return bench::median(ms);
}

void hostAgainstHere(int processes, const TriageConfig &config)
{
    bench::IdleFamily family = bench::spawnIdleFamily(std::max(0, processes - bench::processCount()));
    Collector collector;
    std::string error;
    if (!collector.open(&error))
        return;
    std::shared_ptr<const Snapshot> snap = collector.scanOnce();
    const std::string json = evidenceJson(*snap, EvidenceHeader{"bench", 1});
    const double here = medianCpuMs(7, [&] {
        Collector c;
        std::string why;
        if (c.open(&why))
            triage(c.scanOnce(), config, TriageOptions{});
    });
    const double there = medianCpuMs(7, [&] {
        auto s = std::make_shared<Snapshot>();
        EvidenceHeader h;
        std::string why;
        if (parseEvidence(json, *s, h, &why)) {
            TriageOptions to;
            to.machine = Machine::host("bench");
            triage(std::move(s), config, to);
        }
    });
    const double judgeOnly = medianCpuMs(7, [&] { triage(snap, config, TriageOptions{}); });
    std::printf("%5zu processes: a host's evidence parsed and judged %6.1f ms CPU; this machine collected and "
                "judged %6.1f ms: %.2fx (goal <= 1.2x); its triage alone %5.1f ms\n",
        snap->processes.size(), there, here, there / here, judgeOnly);
    bench::endIdleFamily(family);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Collector collector;
    std::string openError;
    if (!collector.open(&openError)) {
        std::fprintf(stderr, "evidence_bounds: %s\n", openError.c_str());
        return 1;
    }
    const auto snap = collector.scanOnce();
    const std::string real = evidenceJson(*snap, EvidenceHeader{"bench", static_cast<int>(::getpid())});
    const std::string boot = snap->system.bootId.toString();
    std::printf("evidence caps: %zu MiB, %zu values, %lld processes; goal per case: <= 2 s, <= 256 MB\n",
        kMaxEvidenceBytes >> 20, kMaxEvidenceValues, kMaxEvidenceProcesses);
    run(
        "this machine's evidence", [&] { return real; }, true);
    run(
        "processes up to the caps (judged)", [&] { return manyProcesses(real, kMaxEvidenceProcesses); }, true);
    run(
        "... each with tiny values to the cap",
        [&] {
            return manyProcesses(
                real, kMaxEvidenceProcesses, static_cast<int>((kMaxEvidenceValues / kMaxEvidenceProcesses - 160) / 10));
        },
        true);
    run(
        "fewer, with 4,000 pairs each",
        [&] { return manyProcesses(real, static_cast<long long>(kMaxEvidenceValues / (10 * 4000 + 160)), 4000); },
        true);
    run(
        "tiny strings up to the value cap", [&] { return tinyStrings(boot); }, false);
    run(
        "one string as long as the cap", [&] { return oneLongString(boot); }, false);
    run(
        "a flood of 1-byte strings", [&] { return tinyStrings(boot, 1); }, false);
    ConfigError configError;
    const auto config = TriageConfig::load({}, &configError);
    for (const int n : {500, 2000})
        hostAgainstHere(n, *config);
    return 0;
}
