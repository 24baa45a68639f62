// scan_benchmark: what a ptriage scan costs next to `ps` and psutil, with N idle processes.
//
//   scan_benchmark [--runs K] [--sizes 500,2000,5000] [--busy K]
//
// --busy K: K spinning children per core all along (a machine in trouble: no idle core to hide
// work on); the goals are then issue 41's for a loaded machine.
//
// For each N it spawns N idle processes, then measures in every run, one after the other:
// `ps -eo pid,ppid,stat,etimes,rss,pcpu,args`, `ptriage scan --json` (the whole process: two
// cheap passes, deep reads, inference, output), Debian's python3-psutil reading the same fields,
// and one steady-state refresh + triage in a Collector kept alive here. Ratios are taken against
// the `ps` of the same run, so background load cancels out. A benchmark, not a test: it exits 0
// whatever the figures are, and 1 only when something broke.

#include "IdleProcesses.h"
#include "collect/Collector.h"
#include "config/TriageConfig.h"
#include "decide/Triage.h"
#include "report/ScanReport.h"
#include "util/Parallel.h"

#include <QCoreApplication>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <signal.h>
#include <string>
#include <string_view>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace ptriage::bench;

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char *kPs = "/usr/bin/ps";
constexpr const char *kPython = "/usr/bin/python3"; // Debian's, with python3-psutil; not pyenv's

// The psutil peer: the fields of `ps -eo pid,ppid,stat,etimes,rss,pcpu,args`, printed like ps does.
constexpr const char *kPsutilScript = R"PY(
import psutil, sys, time
now = time.time()
out = []
for p in psutil.process_iter(['pid', 'ppid', 'status', 'create_time', 'memory_info', 'cpu_percent', 'cmdline']):
    i = p.info
    rss = i['memory_info'].rss // 1024 if i['memory_info'] else 0
    age = int(now - i['create_time']) if i['create_time'] else 0
    out.append('%d %d %s %d %d %.1f %s' % (i['pid'], i['ppid'] or 0, i['status'], age, rss,
                                           i['cpu_percent'] or 0.0, ' '.join(i['cmdline'] or [])))
sys.stdout.write('\n'.join(out) + '\n')
)PY";

enum Command : int { Ps = 0, PtriageScan = 1, PtriageScanAll = 2, Psutil = 3, CommandCount = 4 };
const char *const kCommandNames[CommandCount] = {"ps -eo pid,ppid,stat,etimes,rss,pcpu,args", "ptriage scan --json",
    "ptriage scan --json --all", "python3 psutil process_iter"};

std::vector<std::vector<std::string>> commandLines()
{
    return {{kPs, "-eo", "pid,ppid,stat,etimes,rss,pcpu,args"}, {PTRIAGE_BINARY, "scan", "--json"},
        {PTRIAGE_BINARY, "scan", "--json", "--all"}, {kPython, "-I", "-c", kPsutilScript}};
}

// ---- The launcher -------------------------------------------------------------------------------
// Idle children and timed commands are forked by a small helper process, itself forked at the top
// of main() before Qt, the model or a collector exist. Linux carries a forked child's RSS high-water
// mark across exec into ru_maxrss, so forking `ptriage` from this (by then large) process would
// report our RSS as ptriage's; a fork also copies page tables, so 5000 forks of a small process
// are cheaper. The launcher dies with us (PR_SET_PDEATHSIG), and its children die with it.

enum class Op : int { Spawn, KillAll, Run };

struct Request {
    Op op = Op::Run;
    int arg = 0;
};

struct Reply {
    int error = 0; // errno of a failed fork or wait; 0 when all went well
    int count = 0; // Spawn: idle children alive; KillAll: children killed and reaped
    int status = 0; // Run: wait status
    std::int64_t wallNs = 0;
    std::int64_t cpuUs = 0; // Run: user + system time of the command
    long maxRssKiB = 0; // Run: peak RSS of the command
};

bool readFull(int fd, void *data, std::size_t size)
{
    auto *p = static_cast<char *>(data);
    while (size > 0) {
        const ssize_t n = ::read(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool writeFull(int fd, const void *data, std::size_t size)
{
    const auto *p = static_cast<const char *>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// fork + exec + wait4 with stdout on /dev/null; the time includes writing the output.
void runCommand(const std::vector<std::string> &line, Reply &reply)
{
    std::vector<char *> argv;
    for (const auto &a : line)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t self = ::getpid();
    const auto t0 = Clock::now();
    const pid_t pid = ::fork();
    if (pid < 0) {
        reply.error = errno;
        return;
    }
    if (pid == 0) {
        dieWithParent(self);
        const int devNull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (devNull < 0 || ::dup2(devNull, STDOUT_FILENO) < 0)
            ::_exit(126);
        ::close_range(3, ~0U, 0);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    rusage ru{};
    int status = 0;
    while (::wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR) {
            reply.error = errno;
            return;
        }
    }
    reply.wallNs = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();
    reply.status = status;
    reply.cpuUs = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
    reply.maxRssKiB = ru.ru_maxrss;
}

[[noreturn]] void launcherMain(pid_t parent, int in, int out)
{
    dieWithParent(parent);
    const auto commands = commandLines();
    std::vector<pid_t> idle;
    Request request;
    while (readFull(in, &request, sizeof request)) {
        Reply reply;
        switch (request.op) {
        case Op::Spawn:
            reply.error = spawnIdle(idle, request.arg);
            reply.count = static_cast<int>(idle.size());
            break;
        case Op::KillAll:
            reply.count = killIdle(idle);
            break;
        case Op::Run:
            runCommand(commands.at(static_cast<std::size_t>(request.arg)), reply);
            break;
        }
        if (!writeFull(out, &reply, sizeof reply))
            break;
    }
    killIdle(idle); // the benchmark closed the pipe (finished or failed): leave nothing behind
    ::_exit(0);
}

class Launcher {
public:
    bool start()
    {
        int toLauncher[2], fromLauncher[2];
        if (::pipe2(toLauncher, O_CLOEXEC) != 0 || ::pipe2(fromLauncher, O_CLOEXEC) != 0)
            return false;
        const pid_t parent = ::getpid();
        m_pid = ::fork();
        if (m_pid < 0)
            return false;
        if (m_pid == 0) {
            ::close(toLauncher[1]);
            ::close(fromLauncher[0]);
            launcherMain(parent, toLauncher[0], fromLauncher[1]);
        }
        ::close(toLauncher[0]);
        ::close(fromLauncher[1]);
        m_out = toLauncher[1];
        m_in = fromLauncher[0];
        return true;
    }

    std::optional<Reply> call(Op op, int arg = 0)
    {
        const Request request{op, arg};
        Reply reply;
        if (!writeFull(m_out, &request, sizeof request) || !readFull(m_in, &reply, sizeof reply))
            return std::nullopt;
        return reply;
    }

    // Closing the pipe makes the launcher kill whatever it still holds and exit.
    ~Launcher()
    {
        if (m_pid <= 0)
            return;
        ::close(m_out);
        ::close(m_in);
        while (::waitpid(m_pid, nullptr, 0) < 0 && errno == EINTR) { }
    }

private:
    pid_t m_pid = -1;
    int m_out = -1;
    int m_in = -1;
};

// ---- Statistics and output ----------------------------------------------------------------------

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t mid = v.size() / 2;
    return v.size() % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

double minimum(const std::vector<double> &v)
{
    return v.empty() ? 0 : *std::min_element(v.begin(), v.end());
}

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// CPU time of this process (all threads), to compare with the user + system time wait4 reports.
double cpuMsNow()
{
    timespec ts{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Figure {
    explicit Figure(std::string label = {}) : name(std::move(label)) { }

    std::string name;
    std::vector<double> wallMs;
    std::vector<double> cpuMs;
    std::vector<double> ratio; // wall time / wall time of the `ps` of the same run
    std::vector<double> cpuRatio; // the same with CPU times: less sensitive to other load on the machine
    double peakRssMiB = -1; // external commands only

    void add(double wall, double cpu, double psWall, double psCpu)
    {
        wallMs.push_back(wall);
        cpuMs.push_back(cpu);
        ratio.push_back(wall / psWall);
        cpuRatio.push_back(cpu / psCpu);
    }
};

void printRow(const Figure &f, std::size_t processes)
{
    const double med = median(f.wallMs);
    std::printf("  %-44s %9.1f %9.1f %8.1f %7.2f %8.1f %8.2f", f.name.c_str(), med, minimum(f.wallMs),
        med * 1000.0 / static_cast<double>(std::max<std::size_t>(processes, 1)), median(f.ratio), median(f.cpuMs),
        median(f.cpuRatio));
    if (f.peakRssMiB >= 0)
        std::printf(" %8.1f\n", f.peakRssMiB);
    else
        std::printf(" %8s\n", "-");
}

// Medians of named phases over runs, in the order they first ran.
class PhaseTable {
public:
    void add(const ptriage::PhaseTimes &times)
    {
        for (const auto &p : times.phases) {
            auto it = std::find_if(m_rows.begin(), m_rows.end(), [&](const auto &r) { return r.first == p.name; });
            if (it == m_rows.end())
                it = m_rows.insert(m_rows.end(), {std::string(p.name), {}});
            it->second.push_back(static_cast<double>(p.ns) / 1e6);
        }
    }
    void print(const char *title, std::size_t processes) const
    {
        double total = 0;
        for (const auto &r : m_rows)
            total += median(r.second);
        std::printf("  %s: %.1f ms (sum of medians), %.1f µs/proc\n", title, total,
            total * 1000.0 / static_cast<double>(std::max<std::size_t>(processes, 1)));
        for (const auto &r : m_rows) {
            const double med = median(r.second);
            std::printf("    %-28s %8.2f ms %8.2f µs/proc %5.1f %%\n", r.first.c_str(), med,
                med * 1000.0 / static_cast<double>(std::max<std::size_t>(processes, 1)),
                total > 0 ? 100.0 * med / total : 0.0);
        }
    }

    // The median of one phase in ms; 0 when it never ran.
    double medianMs(const std::string &name) const
    {
        for (const auto &r : m_rows)
            if (r.first == name)
                return median(r.second);
        return 0;
    }

private:
    std::vector<std::pair<std::string, std::vector<double>>> m_rows;
};

// What `ptriage scan --json` does, in this process, phase by phase (no process start, no config load).
void oneShotPhases(const ptriage::TriageConfig &model, int selfPid, PhaseTable &table)
{
    ptriage::CollectOptions options; // the command's: deep reads of every process, no executable paths
    options.readExecutable = false;
    ptriage::Collector collector(options);
    std::string error;
    if (!collector.open(&error))
        return;
    auto snapshot = collector.scanOnce();
    table.add(collector.lastPhases());
    ptriage::PhaseTimes triagePhases;
    ptriage::TriageOptions triageOptions;
    triageOptions.selfPid = selfPid;
    triageOptions.phases = &triagePhases;
    QThreadPool workers; // as the command's: facts and evidence on every core
    workers.setMaxThreadCount(std::max(1, ptriage::workerCount() - 1));
    triageOptions.pool = &workers;
    const auto result = ptriage::triage(std::move(snapshot), model, triageOptions);
    ptriage::PhaseClock clock(&triagePhases);
    ptriage::ScanReportOptions report;
    report.pool = &workers;
    const std::string json = ptriage::scanJson(*result, model, report);
    clock.lap("JSON");
    table.add(triagePhases);
}

// A goal of issue 15: a ratio to `ps` wall time in the same run, or µs per process.
struct Floor {
    int n;
    std::string what;
    double value;
    double limit;
    std::string unit; // "× ps" or " µs/proc"
    std::string context; // printed for context only
    bool quietOnly = false; // a wall time per process: what the machine's share allows when loaded, not judged then
};

bool parseSizes(std::string_view text, std::vector<int> &sizes)
{
    sizes.clear();
    while (!text.empty()) {
        const auto comma = text.find(',');
        const auto item = text.substr(0, comma);
        int n = 0;
        auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), n);
        if (ec != std::errc() || p != item.data() + item.size() || n < 0 || n > 30000)
            return false;
        sizes.push_back(n);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
    return !sizes.empty();
}

extern "C" void onSignal(int sig)
{
    // Our launcher gets SIGKILL from PR_SET_PDEATHSIG, and its children from theirs.
    ::_exit(128 + sig);
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<int> sizes{500, 2000, 5000};
    std::optional<int> runsOverride;
    int busyPerCore = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--runs" && i + 1 < argc) {
            const std::string_view v = argv[++i];
            int k = 0;
            auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
            if (ec != std::errc() || p != v.data() + v.size() || k < 1 || k > 1000) {
                std::fprintf(stderr, "--runs: expected a number from 1 to 1000, got '%s'\n", argv[i]);
                return 1;
            }
            runsOverride = k;
        } else if (arg == "--sizes" && i + 1 < argc) {
            if (!parseSizes(argv[++i], sizes)) {
                std::fprintf(stderr, "--sizes: expected numbers 0–30000 separated by commas, got '%s'\n", argv[i]);
                return 1;
            }
        } else if (arg == "--busy" && i + 1 < argc) {
            const std::string_view v = argv[++i];
            auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), busyPerCore);
            if (ec != std::errc() || p != v.data() + v.size() || busyPerCore < 0 || busyPerCore > 16) {
                std::fprintf(stderr, "--busy: expected spinning children per core, 0 to 16, got '%s'\n", argv[i]);
                return 1;
            }
        } else {
            std::fprintf(stderr, "usage: %s [--runs K] [--sizes 500,2000,5000] [--busy K]\n", argv[0]);
            return 1;
        }
    }
    for (const char *tool : {kPs, kPython, PTRIAGE_BINARY}) {
        if (::access(tool, X_OK) != 0) {
            std::fprintf(
                stderr, "%s: %s (needed as a peer or the subject of this benchmark)\n", tool, std::strerror(errno));
            return 1;
        }
    }

    // Before anything else grows this process (see the launcher's comment).
    Launcher launcher;
    if (!launcher.start()) {
        std::fprintf(stderr, "cannot start the launcher process: %s\n", std::strerror(errno));
        return 1;
    }
    ::signal(SIGINT, onSignal);
    ::signal(SIGTERM, onSignal);
    ::signal(SIGHUP, onSignal);
    // Forks of this process while it has one thread; they die with it (dieWithParent).
    std::vector<pid_t> busy;
    const int cores = static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN));
    if (const int err = spawnBusy(busy, busyPerCore * cores); err != 0) {
        std::fprintf(stderr, "cannot fork a busy child: %s\n", std::strerror(err));
        killIdle(busy);
        return 1;
    }

    QCoreApplication app(argc, argv); // TriageConfig::load reads the shipped defaults through Qt
    ptriage::ConfigError configError;
    const auto model = ptriage::TriageConfig::load(QString(), &configError);
    if (!model) {
        std::fprintf(stderr, "cannot load the model: %s\n", configError.toString().toLocal8Bit().constData());
        return 1;
    }

    utsname uts{};
    ::uname(&uts);
    double load[3] = {0, 0, 0};
    ::getloadavg(load, 3);
    std::printf("scan_benchmark: %s %s, %d CPUs, load %.2f %.2f %.2f, %d spinning children (--busy %d)\nptriage: %s\n",
        uts.sysname, uts.release, cores, load[0], load[1], load[2], static_cast<int>(busy.size()), busyPerCore,
        PTRIAGE_BINARY);
    std::printf("Times are wall clock from fork to wait4 (stdout to /dev/null); \"× ps\" = median over runs of\n"
                "figure / `ps` of the same run (wall, then CPU = user + system); µs/proc is wall time divided\n"
                "by every process on the machine; RSS is the peak (ru_maxrss) over the runs.\n");

    std::vector<Floor> floors;
    const int selfPid = static_cast<int>(::getpid());
    for (const int n : sizes) {
        const int runs = runsOverride.value_or(n <= 500 ? 7 : 5);
        ::getloadavg(load, 3);
        std::printf("\n== N = %d idle processes, %d runs (load %.2f) ==\n", n, runs, load[0]);
        std::fflush(stdout);

        const auto spawnStart = Clock::now();
        const auto spawned = launcher.call(Op::Spawn, n);
        if (!spawned || spawned->error != 0) {
            std::fprintf(stderr,
                "fork failed after %d of %d idle processes: %s\n"
                "check `ulimit -u`, /proc/sys/kernel/pid_max and the pids cgroup limit\n",
                spawned ? spawned->count : 0, n, spawned ? std::strerror(spawned->error) : "launcher gone");
            return 1; // the launcher kills what it spawned when our pipe closes
        }
        std::printf("spawned %d in %.0f ms\n", spawned->count, msSince(spawnStart));
        std::this_thread::sleep_for(std::chrono::milliseconds(300)); // let every child reach pause()

        // The long-lived engine: the first refresh reads details of every identity, as an
        // application does once at start; the timed refreshes after it are the steady state.
        ptriage::CollectOptions collectOptions;
        collectOptions.deep = ptriage::DeepReads::NewOnly;
        ptriage::Collector collector(collectOptions);
        std::string openError;
        if (!collector.open(&openError)) {
            std::fprintf(stderr, "cannot open /proc: %s\n", openError.c_str());
            return 1;
        }
        ptriage::TriageOptions triageOptions;
        triageOptions.selfPid = selfPid;
        // The previous result: what a long-lived engine's unchanged processes carry over from.
        auto previous = ptriage::triage(collector.refresh(), *model, triageOptions);
        std::size_t processes = previous->snapshot->processes.size();

        std::vector<Figure> external;
        for (const char *name : kCommandNames)
            external.emplace_back(name);
        Figure steady{"refresh + triage (long-lived engine)"};
        Figure collectOnly{"  refresh only (cheap tier, cached details)"};
        Figure triageOnly{"  triage only (inference, decision, blast)"};
        PhaseTable steadyPhases, oneShot;

        // One warm-up run of each command (page cache, python imports), then the measured runs.
        for (int run = -1; run < runs; ++run) {
            double wall[CommandCount] = {};
            double cpu[CommandCount] = {};
            for (int c = 0; c < CommandCount; ++c) {
                const auto reply = launcher.call(Op::Run, c);
                if (!reply || reply->error != 0 || !WIFEXITED(reply->status) || WEXITSTATUS(reply->status) != 0) {
                    std::fprintf(stderr, "%s failed: %s\n", kCommandNames[c],
                        !reply                         ? "launcher gone"
                            : reply->error != 0        ? std::strerror(reply->error)
                            : WIFEXITED(reply->status) ? "non-zero exit status"
                                                       : "killed by a signal");
                    return 1;
                }
                wall[c] = static_cast<double>(reply->wallNs) / 1e6;
                cpu[c] = static_cast<double>(reply->cpuUs) / 1e3;
                if (run < 0)
                    continue;
                auto &f = external[static_cast<std::size_t>(c)];
                f.add(wall[c], cpu[c], wall[Ps], cpu[Ps]);
                f.peakRssMiB = std::max(f.peakRssMiB, static_cast<double>(reply->maxRssKiB) / 1024.0);
            }

            const auto t0 = Clock::now();
            const double c0 = cpuMsNow();
            auto snapshot = collector.refresh();
            const double collectMs = msSince(t0);
            const double collectCpu = cpuMsNow() - c0;
            ptriage::PhaseTimes phases = collector.lastPhases();
            triageOptions.phases = &phases;
            const auto t1 = Clock::now();
            const double c1 = cpuMsNow();
            auto result = ptriage::triage(snapshot, *model, triageOptions, previous.get());
            const double triageMs = msSince(t1);
            const double triageCpu = cpuMsNow() - c1;
            triageOptions.phases = nullptr;
            processes = snapshot->processes.size();
            previous = std::move(result); // freeing the one before is not part of the next refresh
            snapshot.reset();
            if (run < 0)
                continue;
            steadyPhases.add(phases);
            oneShotPhases(*model, selfPid, oneShot);
            steady.add(collectMs + triageMs, collectCpu + triageCpu, wall[Ps], cpu[Ps]);
            collectOnly.add(collectMs, collectCpu, wall[Ps], cpu[Ps]);
            triageOnly.add(triageMs, triageCpu, wall[Ps], cpu[Ps]);
        }

        std::printf("%zu processes on the machine (N + baseline)\n", processes);
        // "µ" and "×" are two bytes each in UTF-8, hence one more byte of field width for them.
        std::printf("  %-44s %9s %9s %9s %8s %8s %8s %8s\n", "figure", "median ms", "min ms", "µs/proc", "× ps",
            "cpu ms", "cpu × ps", "RSS MiB");
        for (int c = 0; c < CommandCount; ++c)
            printRow(external[static_cast<std::size_t>(c)], processes);
        printRow(steady, processes);
        printRow(collectOnly, processes);
        printRow(triageOnly, processes);
        std::printf("Where the time goes (median per phase over the runs; wall time of this process):\n");
        steadyPhases.print("steady refresh + triage", processes);
        oneShot.print("one-shot scan --json in this process (no start-up, no output)", processes);
        rusage self{};
        ::getrusage(RUSAGE_SELF, &self);
        std::printf("  peak RSS of this benchmark so far: %.1f MiB\n", static_cast<double>(self.ru_maxrss) / 1024.0);

        if (n == 2000 || n == 5000) {
            auto ratioFloor = [&](const char *what, const Figure &f, double limit) {
                char context[64];
                std::snprintf(context, sizeof context, "CPU time %.2f× ps", median(f.cpuRatio));
                floors.push_back({n, what, median(f.ratio), limit, "× ps", context});
            };
            // Quiet, issue 15's wall goal; loaded (--busy), issue 41's.
            ratioFloor("one-shot `ptriage scan --json`", external[PtriageScan], busy.empty() ? 1.2 : 1.3);
            ratioFloor("one-shot `ptriage scan --json --all`", external[PtriageScanAll], 1.5);
            char cpuContext[64];
            std::snprintf(cpuContext, sizeof cpuContext, "wall %.2f× ps", median(external[PtriageScan].ratio));
            floors.push_back({n, "one-shot `ptriage scan --json`, CPU time", median(external[PtriageScan].cpuRatio),
                1.3, "× ps", cpuContext});
            if (n == 5000) {
                char context[64];
                std::snprintf(context, sizeof context, "%.2f× ps", median(steady.ratio));
                floors.push_back({n, "steady refresh + triage",
                    median(steady.wallMs) * 1000.0 / static_cast<double>(processes), 12.0, " µs/proc", context, true});
                // Issue 37: the origins and the groups by origin, in the steady refresh.
                const double groupingMs = steadyPhases.medianMs("origins") + steadyPhases.medianMs("groups by origin");
                std::snprintf(context, sizeof context, "%.2f ms per refresh", groupingMs);
                floors.push_back({n, "grouping by origin (steady refresh)",
                    groupingMs * 1000.0 / static_cast<double>(processes), 1.0, " µs/proc", context, true});
            }
        }

        const auto killed = launcher.call(Op::KillAll);
        if (!killed || killed->count != spawned->count) {
            std::fprintf(
                stderr, "killed and reaped %d of %d idle processes\n", killed ? killed->count : 0, spawned->count);
            return 1;
        }
        std::fflush(stdout);
    }

    killIdle(busy);
    std::printf("\nGoals (issues 15, 37 and 41; ratios to the `ps` of the same run, medians over the runs%s):\n",
        busyPerCore > 0 ? ", loaded" : "");
    if (floors.empty())
        std::printf("  none measured: the goals apply at N = 2000 and N = 5000\n");
    for (const auto &f : floors) {
        const bool judged = !f.quietOnly || busyPerCore == 0;
        std::printf("  %s  N=%-5d %-38s %.2f%s (%sgoal ≤ %.1f%s; %s)\n",
            !judged                  ? "INFO"
                : f.value <= f.limit ? "PASS"
                                     : "FAIL",
            f.n, f.what.c_str(), f.value, f.unit.c_str(), judged ? "" : "not judged loaded, a quiet machine's ",
            f.limit, f.unit.c_str(), f.context.c_str());
    }
    return 0;
}
