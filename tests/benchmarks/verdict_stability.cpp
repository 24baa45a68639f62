// verdict_stability: do ptriage's verdicts hold still for processes whose behaviour does not change?
// (issue 35: a niced busy loop came out "stuck" in 3 of 8 consecutive runs, a dev server flipped
// around 51 %.)
//
//   verdict_stability [--runs K] [--busy N] [--interval-ms MS] [--settle SECONDS] [--ptriage PATH]
//
// It starts real processes of the kinds whose verdicts flap, each orphaned (double fork: adopted by
// init, its session leader gone; but the build, a CI job) with a clean environment, and keeps them doing the same thing
// for the whole run:
//   - a niced busy loop (nice 10):      python3 -c 'while True: pass'
//   - a periodic waker:                 python3, wakes twice a second and sums 2,000 numbers
//   - an idle server:                   python3 listening on 127.0.0.1, no client ever
//   - a dev server near the threshold:  python3 -m http.server, a client (this benchmark) GETs a page
//                                       every 3 s on a fresh connection
//   - a process doing I/O in bursts:    python3, writes 1 MB (and fsyncs) every 5 s
//   - an idle sleeper, the control:     sleep
//   - a script that spun, then idles:   python3, spins for the first 40 s, then wakes once a second
//   - an orphaned idle script:          python3, sleeps 30 s at a time
//   - a compiler inside a running build: make as a CI runner's job (this benchmark's child, a session
//                                       of its own), its recipe's cc1plus (python3 by that name) spinning
// With --busy N, N spinning children per core load the machine for the whole run. They run --settle
// seconds (65) before the first scan: past the first minute, whose lifetime average is start-up and which
// a first look therefore does not lean on (Collector's fillShortInterval), as long-lived processes are.
//
// Then K one-shot scans (what `ptriage scan --json` does: Collector::scanOnce and triage on a thread
// pool, in this process), `--interval-ms` apart, and K refreshes of the live service (TriageService,
// the window's engine) at the same interval. It prints each process's verdict (class, recommended
// action, P(abandoned)) in every run, the number of verdict changes and the spread of P(abandoned),
// and for a verdict that changed, the ledger terms that differ between the two runs.
//
// With --ptriage (the built binary), the live path is held to its word as well: `ptriage watch --json`
// runs beside the live service for the whole live phase, and at ten moments `ptriage explain PID --json`
// asks about every process (both with the benchmark's inputs: minimum age 0, no session database; explain
// reads the samples watch leaves, PTRIAGE_LIVE_STATE). It prints watch's action changes and how often
// explain, watch and the live service gave a process different classes or actions at one moment.
//
// A benchmark, not a test: it exits 0 whatever the figures are, and 1 only when setup failed.
// Every process it starts is killed at the end, through a pidfd (a watchdog child kills them too if
// this process dies first).

#include "BenchFigures.h"
#include "IdleProcesses.h"
#include "collect/Collector.h"
#include "config/TriageConfig.h"
#include "decide/Triage.h"
#include "live/TriageService.h"
#include "support/LoopbackHttp.h"
#include "util/Parallel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <netinet/in.h>
#include <optional>
#include <spawn.h>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace ptriage::bench;

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char *kPython = "/usr/bin/python3"; // Debian's, not a pyenv shim
constexpr const char *kSleep = "/usr/bin/sleep";
constexpr const char *kPs = "/usr/bin/ps";
constexpr const char *kMake = "/usr/bin/make";
constexpr int kClientPeriodMs = 3000;

int pidfdOpen(int pid)
{
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
}

void pidfdKill(int fd)
{
    ::syscall(SYS_pidfd_send_signal, fd, SIGKILL, nullptr, 0);
}

// ---- The watchdog -------------------------------------------------------------------------------
// Orphans cannot die with us (their parent is init), so a child forked before anything else holds a
// pipe: we send it each orphan's pid as it starts, it opens a pidfd for it, and when the pipe closes
// (we finished, failed or were killed) it kills every one of them.

[[noreturn]] void watchdogMain(int in)
{
    ::close_range(3, static_cast<unsigned>(in) - 1, 0);
    ::close_range(static_cast<unsigned>(in) + 1, ~0U, 0);
    // A ^C or a kill of the process group reaches us too: outlive the benchmark, then clean up.
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGTERM, SIG_IGN);
    std::signal(SIGHUP, SIG_IGN);
    std::vector<int> pidfds;
    int pid = 0;
    for (;;) {
        const ssize_t n = ::read(in, &pid, sizeof pid);
        if (n < 0 && errno == EINTR)
            continue;
        if (n != static_cast<ssize_t>(sizeof pid))
            break;
        const int fd = pidfdOpen(pid);
        if (fd >= 0)
            pidfds.push_back(fd);
    }
    for (const int fd : pidfds)
        pidfdKill(fd);
    ::_exit(0);
}

struct Watchdog {
    pid_t pid = -1;
    int out = -1;

    bool start()
    {
        int p[2];
        if (::pipe2(p, O_CLOEXEC) != 0)
            return false;
        pid = ::fork();
        if (pid < 0)
            return false;
        if (pid == 0) {
            ::close(p[1]);
            watchdogMain(p[0]);
        }
        ::close(p[0]);
        out = p[1];
        return true;
    }
    void watch(int subject) const
    {
        while (::write(out, &subject, sizeof subject) < 0 && errno == EINTR) { }
    }
    void finish()
    {
        if (pid <= 0)
            return;
        ::close(out);
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) { }
        pid = -1;
    }
};

// ---- The processes ------------------------------------------------------------------------------

struct Subject {
    std::string kind; // what it is, in the output
    std::vector<std::string> argv;
    int nice = 0;
    std::string child = {}; // when set: the subject is the spawned process's child of this name (a build's compiler)
    bool job = false; // run as a CI runner runs a job: this benchmark's child in a session of its own, not orphaned
    int pid = -1;
    int pidfd = -1;
    int driverPidfd = -1; // the spawned process, when the subject is its child
};

// Double fork: the program runs in a session of its own whose leader has gone, adopted by init,
// with stdio on /dev/null (a file open for writing is evidence), only PATH and LANG in its
// environment, in `dir`. Its pid, or -1. `orphan` false: a single fork, the program this process's
// child in a session of its own (a CI runner's job).
int spawnOrphan(const std::vector<std::string> &argvIn, int niceValue, const std::string &dir, bool orphan = true)
{
    std::vector<std::string> argv = argvIn;
    std::vector<char *> args;
    for (auto &a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    std::string path = "PATH=/usr/local/bin:/usr/bin:/bin", lang = "LANG=C.UTF-8";
    char *envp[] = {path.data(), lang.data(), nullptr};
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0)
        return -1;
    const pid_t child = ::fork();
    if (child < 0)
        return -1;
    if (child == 0) { // only async-signal-safe calls from here: Qt's threads may exist
        ::setsid();
        const pid_t grandchild = orphan ? ::fork() : 0;
        if (grandchild != 0)
            ::_exit(grandchild < 0 ? 1 : 0);
        const int self = static_cast<int>(::getpid());
        if (::write(p[1], &self, sizeof self) != static_cast<ssize_t>(sizeof self))
            ::_exit(126);
        if (niceValue != 0)
            ::setpriority(PRIO_PROCESS, 0, niceValue);
        const int null = ::open("/dev/null", O_RDWR);
        ::dup2(null, 0);
        ::dup2(null, 1);
        ::dup2(null, 2);
        ::close_range(3, ~0U, 0);
        if (::chdir(dir.c_str()) != 0)
            ::_exit(126);
        ::execve(args[0], args.data(), envp);
        ::_exit(127);
    }
    ::close(p[1]);
    while (orphan && ::waitpid(child, nullptr, 0) < 0 && errno == EINTR) { }
    int pid = -1;
    if (::read(p[0], &pid, sizeof pid) != static_cast<ssize_t>(sizeof pid))
        pid = -1;
    ::close(p[0]);
    return pid;
}

// Wall time of `ps -eo pid,ppid,stat,etimes,rss,pcpu,args` (stdout to /dev/null) in ms; -1 when it failed.
double psMs()
{
    char a0[] = "ps", a1[] = "-eo", a2[] = "pid,ppid,stat,etimes,rss,pcpu,args";
    char *args[] = {a0, a1, a2, nullptr};
    char *envp[] = {nullptr};
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    const auto t0 = Clock::now();
    pid_t pid = -1;
    const int err = ::posix_spawn(&pid, kPs, &actions, nullptr, args, envp);
    ::posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    if (err != 0)
        return -1;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    const double ms = msSince(t0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ms : -1;
}

std::string readText(const std::string &path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

// Running the program it was started as (not gone, not a zombie, past its exec)?
bool isRunning(const Subject &s)
{
    const std::string stat = readText("/proc/" + std::to_string(s.pid) + "/stat");
    const auto close = stat.rfind(')');
    if (close == std::string::npos || close + 2 >= stat.size() || stat[close + 2] == 'Z')
        return false;
    const std::string exe = s.child.empty() ? s.argv[0].substr(s.argv[0].rfind('/') + 1) : s.child;
    std::string comm = readText("/proc/" + std::to_string(s.pid) + "/comm");
    while (!comm.empty() && comm.back() == '\n')
        comm.pop_back();
    return exe.rfind(comm, 0) == 0 || comm.rfind(exe.substr(0, 15), 0) == 0;
}

// The child of `parent` whose name is `comm`, waited for up to 10 s (make forks its recipe's shell,
// which execs the compiler); -1 when none came.
int childNamed(int parent, const std::string &comm)
{
    const auto start = Clock::now();
    while (msSince(start) < 10000) {
        std::istringstream children(
            readText("/proc/" + std::to_string(parent) + "/task/" + std::to_string(parent) + "/children"));
        for (int pid = 0; children >> pid;) {
            std::string name = readText("/proc/" + std::to_string(pid) + "/comm");
            while (!name.empty() && name.back() == '\n')
                name.pop_back();
            if (name == comm)
                return pid;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return -1;
}

// The dev server's client: a page every 3 s, on its own thread.
class Client {
public:
    void start(int port)
    {
        m_thread = std::thread([this, port] {
            while (!m_stop) {
                if (ptriage::test::getPage(port))
                    ++m_pages;
                for (int i = 0; i < kClientPeriodMs / 50 && !m_stop; ++i)
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
        });
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    int pages() const { return m_pages; }
    ~Client() { stop(); }

private:
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_pages{0};
};

// ---- Verdicts -----------------------------------------------------------------------------------

struct Term {
    double bits = 0; // for the verdict against the reference
    std::string detail;
};

// What a command said of one process at one moment.
struct Said {
    std::int64_t atMs = 0;
    int pid = 0;
    std::string cls, action; // as Verdict's
};

// Runs argv with stdout to `out` (a path; empty: a pipe whose text is returned). The child's exit
// status in `status`; its pid when `wait` is false (then nothing is read).
std::string runTool(const std::vector<std::string> &argvIn, const std::string &out, bool wait, pid_t *pid, int *status)
{
    std::vector<std::string> argv = argvIn;
    std::vector<char *> args;
    for (auto &a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    int p[2] = {-1, -1};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (out.empty()) {
        if (::pipe2(p, O_CLOEXEC) != 0)
            return {};
        posix_spawn_file_actions_adddup2(&actions, p[1], 1);
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t child = -1;
    const int err = ::posix_spawn(&child, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (p[1] >= 0)
        ::close(p[1]);
    if (err != 0) {
        if (p[0] >= 0)
            ::close(p[0]);
        return {};
    }
    if (pid)
        *pid = child;
    std::string text;
    if (p[0] >= 0) {
        char buf[65536];
        for (ssize_t n; (n = ::read(p[0], buf, sizeof buf)) != 0;)
            if (n > 0)
                text.append(buf, static_cast<std::size_t>(n));
            else if (errno != EINTR)
                break;
        ::close(p[0]);
    }
    if (wait) {
        int st = 0;
        while (::waitpid(child, &st, 0) < 0 && errno == EINTR) { }
        if (status)
            *status = st;
    }
    return text;
}

std::string actionOf(const QJsonObject &o)
{
    std::string a = o.value(QStringLiteral("action")).toString().toStdString();
    if (o.value(QStringLiteral("review")).toBool())
        a += "+review";
    return a;
}

// `ptriage explain PID --json` now, with the benchmark's inputs.
Said explainNow(const std::string &ptriage, int pid, const std::string &noDb)
{
    Said s;
    s.pid = pid;
    s.atMs = QDateTime::currentMSecsSinceEpoch();
    int status = 0;
    const std::string json
        = runTool({ptriage, "explain", std::to_string(pid), "--json", "--min-age", "0", "--db", noDb}, {}, true,
            nullptr, &status);
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json))
                              .object()
                              .value(QStringLiteral("process"))
                              .toObject(); // ptriage.explain.v1: the verdict is the process's
    if (o.isEmpty())
        return s;
    s.cls = o.value(QStringLiteral("classification")).toString().toStdString();
    s.action = actionOf(o.value(QStringLiteral("recommendation")).toObject());
    return s;
}

// watch --json's lines: each process line, dated by its refresh.
std::vector<Said> readWatch(const std::string &path)
{
    std::vector<Said> out;
    std::ifstream in(path);
    std::int64_t at = 0;
    for (std::string line; std::getline(in, line);) {
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
        if (o.value(QStringLiteral("kind")).toString() == QLatin1String("refresh")) {
            at = static_cast<std::int64_t>(o.value(QStringLiteral("at_ms")).toDouble());
            continue;
        }
        out.push_back({at, o.value(QStringLiteral("pid")).toInt(),
            o.value(QStringLiteral("class")).toString().toStdString(), actionOf(o)});
    }
    return out;
}

struct Verdict {
    bool seen = false;
    std::string cls; // classification
    std::string ref; // the class its ledger compares against
    std::string action; // recommended action, "+review" when kept for a person to look
    ptriage::ClassVector p{};
    std::map<std::string, Term> ledger; // by term

    std::string text() const { return seen ? cls + " / " + action : std::string("(not in the scan)"); }
    bool operator==(const Verdict &o) const { return seen == o.seen && cls == o.cls && action == o.action; }
};

constexpr int kAbandoned = static_cast<int>(ptriage::ProcessClass::Abandoned);

Verdict verdictOf(const ptriage::TriageResult &r, int pid, const ptriage::TriageConfig &config)
{
    Verdict v;
    const auto it = r.snapshot->indexByPid.find(pid);
    if (it == r.snapshot->indexByPid.end())
        return v;
    const auto view = r.process(static_cast<int>(it->second));
    v.seen = true;
    v.cls = ptriage::jsonName(view.posterior().classification);
    v.ref = ptriage::jsonName(view.posterior().reference);
    v.action = ptriage::jsonName(view.recommendation().action);
    if (view.recommendation().review)
        v.action += "+review";
    v.p = view.posterior().probability;
    for (const auto &t : ptriage::ledgerOf(view, config))
        v.ledger[t.term] = {t.bits, t.detail.english()};
    return v;
}

int changes(const std::vector<Verdict> &runs)
{
    int n = 0;
    for (std::size_t i = 1; i < runs.size(); ++i)
        n += runs[i] == runs[i - 1] ? 0 : 1;
    return n;
}

std::string kindOf(const ptriage::TriageResult &r, int pid, const ptriage::TriageConfig &config)
{
    const auto it = r.snapshot->indexByPid.find(pid);
    if (it == r.snapshot->indexByPid.end())
        return "?";
    const int k = r.process(static_cast<int>(it->second)).kind();
    return k >= 0 && static_cast<std::size_t>(k) < config.signatures.categories.size()
        ? config.signatures.categories[static_cast<std::size_t>(k)].id
        : std::string("?");
}

void printRuns(const char *mode, const std::vector<Verdict> &runs)
{
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto &v = runs[i];
        std::printf("    %-8s %2zu  %-30s", mode, i + 1, v.text().c_str());
        if (v.seen)
            std::printf("  P(abandoned) %.3f  (useful %.3f, useful_bad %.3f)", v.p[kAbandoned],
                v.p[static_cast<int>(ptriage::ProcessClass::Useful)],
                v.p[static_cast<int>(ptriage::ProcessClass::UsefulBad)]);
        std::printf("%s\n", i > 0 && !(v == runs[i - 1]) ? "   ← changed" : "");
    }
}

std::string shortened(std::string s, std::size_t max = 60)
{
    return s.size() <= max ? s : s.substr(0, max - 1) + "…";
}

// For the first three changes of verdict in `runs`: the ledger terms that differ between the run that
// began the verdict that changed and the run that changed it (a live verdict is held: what moved it
// may have moved refreshes before it changed).
// A ledger gives each term's bits for its verdict against its reference class, so when the verdict
// swapped places with the reference (useful against abandoned, then abandoned against useful), the
// second run's bits are negated: both are read in the first run's terms, and only what moved shows.
void printLedgerDiff(const char *mode, const std::vector<Verdict> &runs)
{
    int changes = 0;
    std::size_t stretch = 0; // the first run of the verdict held until run i
    for (std::size_t i = 1; i < runs.size() && changes < 3; ++i) {
        const auto &a = runs[stretch];
        const auto &b = runs[i];
        if (runs[i - 1] == b || !a.seen || !b.seen) {
            if (!(runs[i - 1] == b))
                stretch = i;
            continue;
        }
        ++changes;
        const bool same = a.cls == b.cls && a.ref == b.ref;
        const bool swapped = a.cls == b.ref && a.ref == b.cls;
        const double sign = swapped ? -1.0 : 1.0;
        if (same || swapped)
            std::printf("    %s runs %zu → %zu (%s → %s): the ledger terms that moved, in bits for %s against %s\n",
                mode, stretch + 1, i + 1, a.text().c_str(), b.text().c_str(), a.cls.c_str(), a.ref.c_str());
        else
            std::printf("    %s runs %zu → %zu (%s → %s): every term, in bits for %s against %s, then for %s against "
                        "%s\n",
                mode, stretch + 1, i + 1, a.text().c_str(), b.text().c_str(), a.cls.c_str(), a.ref.c_str(),
                b.cls.c_str(), b.ref.c_str());
        std::map<std::string, std::pair<const Term *, const Term *>> both;
        for (const auto &[name, t] : a.ledger)
            both[name].first = &t;
        for (const auto &[name, t] : b.ledger)
            both[name].second = &t;
        int shown = 0;
        for (const auto &[name, terms] : both) {
            const auto [ta, tb] = terms;
            const bool moved = !ta || !tb || !(same || swapped) || std::fabs(ta->bits - sign * tb->bits) >= 0.05;
            if (!moved)
                continue;
            ++shown;
            auto bits = [](const Term *t, double k) {
                char buf[24];
                if (t)
                    std::snprintf(buf, sizeof buf, "%+6.2f", k * t->bits);
                else
                    std::snprintf(buf, sizeof buf, "%6s", "—");
                return std::string(buf);
            };
            std::printf("      %-16s %s → %s  \"%s\" → \"%s\"\n", name.c_str(), bits(ta, 1.0).c_str(),
                bits(tb, (same || swapped) ? sign : 1.0).c_str(), ta ? shortened(ta->detail, 72).c_str() : "",
                tb ? shortened(tb->detail, 72).c_str() : "");
        }
        if (shown == 0)
            std::printf("      (no term moved by 0.05 bits)\n");
        stretch = i;
    }
}

// One run's whole ledger, strongest first.
void printLedger(const char *mode, const Verdict &v)
{
    if (!v.seen)
        return;
    std::printf("    %s run 1 ledger, in bits for %s against %s:\n", mode, v.cls.c_str(), v.ref.c_str());
    std::vector<std::pair<std::string, const Term *>> terms;
    for (const auto &[name, t] : v.ledger)
        terms.push_back({name, &t});
    std::sort(terms.begin(), terms.end(),
        [](const auto &a, const auto &b) { return std::fabs(a.second->bits) > std::fabs(b.second->bits); });
    for (const auto &[name, t] : terms)
        std::printf("      %-16s %+6.2f  %s\n", name.c_str(), t->bits, t->detail.c_str());
}

struct Spread {
    double lo = 1, hi = 0, sd = 0;
};

Spread spreadOf(const std::vector<Verdict> &runs)
{
    Spread s;
    std::vector<double> p;
    for (const auto &v : runs)
        if (v.seen)
            p.push_back(v.p[kAbandoned]);
    if (p.empty())
        return {0, 0, 0};
    double mean = 0;
    for (const double x : p) {
        s.lo = std::min(s.lo, x);
        s.hi = std::max(s.hi, x);
        mean += x / static_cast<double>(p.size());
    }
    for (const double x : p)
        s.sd += (x - mean) * (x - mean) / static_cast<double>(p.size());
    s.sd = std::sqrt(s.sd);
    return s;
}

// The distinct verdicts of a mode, in the order they first appear, with how often.
std::string verdictCounts(const std::vector<Verdict> &runs)
{
    std::vector<std::pair<std::string, int>> counts;
    for (const auto &v : runs) {
        auto it = std::find_if(counts.begin(), counts.end(), [&](const auto &c) { return c.first == v.text(); });
        if (it == counts.end())
            counts.push_back({v.text(), 1});
        else
            ++it->second;
    }
    std::string out;
    for (const auto &[text, n] : counts)
        out += (out.empty() ? "" : ", ") + text + " ×" + std::to_string(n);
    return out;
}

bool parseInt(const char *text, int lo, int hi, int &out)
{
    const std::string_view v = text;
    int k = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
    if (ec != std::errc() || p != v.data() + v.size() || k < lo || k > hi)
        return false;
    out = k;
    return true;
}

Watchdog g_watchdog;

extern "C" void onSignal(int sig)
{
    // The watchdog kills the orphans when our end of its pipe closes; the busy children die with us.
    ::_exit(128 + sig);
}

} // namespace

int main(int argc, char **argv)
{
    int runs = 8, busyPerCore = 0, intervalMs = 2000, settleSeconds = 65;
    bool ledgers = false;
    std::string ptriageBinary;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--runs" && hasValue && parseInt(argv[i + 1], 2, 1000, runs))
            ++i;
        else if (arg == "--busy" && hasValue && parseInt(argv[i + 1], 0, 64, busyPerCore))
            ++i;
        else if (arg == "--interval-ms" && hasValue && parseInt(argv[i + 1], 100, 60000, intervalMs))
            ++i;
        else if (arg == "--settle" && hasValue && parseInt(argv[i + 1], 0, 600, settleSeconds))
            ++i;
        else if (arg == "--ledgers")
            ledgers = true;
        else if (arg == "--ptriage" && hasValue)
            ptriageBinary = argv[++i];
        else {
            std::fprintf(stderr,
                "usage: %s [--runs K (2–1000, default 8)] [--busy N (spinning children per core, default 0)]\n"
                "          [--interval-ms MS (between scans, default 2000)] [--settle SECONDS (default 65)]\n"
                "          [--ledgers (each process's whole ledger in the first one-shot and live run)]\n"
                "          [--ptriage PATH (the built binary: watch and explain beside the live service)]\n",
                argv[0]);
            return 1;
        }
    }
    for (const char *tool : {kPython, kSleep, kPs, kMake}) {
        if (::access(tool, X_OK) != 0) {
            std::fprintf(stderr, "%s: %s (the processes of this benchmark run it)\n", tool, std::strerror(errno));
            return 1;
        }
    }

    // Before Qt starts a thread: forks of a single-threaded process.
    const int cores = static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN));
    std::vector<pid_t> busy;
    if (const int err = spawnBusy(busy, busyPerCore * cores); err != 0) {
        std::fprintf(stderr, "cannot fork a busy child: %s\n", std::strerror(err));
        killIdle(busy);
        return 1;
    }
    if (!g_watchdog.start()) {
        std::fprintf(stderr, "cannot start the watchdog: %s\n", std::strerror(errno));
        killIdle(busy);
        return 1;
    }
    ::signal(SIGINT, onSignal);
    ::signal(SIGTERM, onSignal);
    ::signal(SIGHUP, onSignal);

    QCoreApplication app(argc, argv);
    ptriage::ConfigError configError;
    const auto model = ptriage::TriageConfig::load(QString(), &configError);
    if (!model) {
        std::fprintf(stderr, "cannot load the model: %s\n", configError.toString().toLocal8Bit().constData());
        return 1;
    }

    char dirTemplate[] = "/tmp/ptriage-stability-XXXXXX";
    if (!::mkdtemp(dirTemplate)) {
        std::fprintf(stderr, "mkdtemp: %s\n", std::strerror(errno));
        return 1;
    }
    const std::string dir = dirTemplate;
    // watch leaves its samples here; explain reads them (before any thread: setenv).
    ::setenv("PTRIAGE_LIVE_STATE", (dir + "/live-state.json").c_str(), 1);
    const std::string noDb = dir + "/no-sessions.sqlite";
    std::ofstream(dir + "/index.html") << "<!doctype html><title>dev</title><p>hello</p>\n";
    const int devPort = ptriage::test::freeTcpPort();

    std::vector<Subject> subjects = {
        {"niced busy loop (nice 10)", {kPython, "-c", "while True: pass"}, 10},
        {"periodic waker (2 per second)",
            {kPython, "-c", "import time\nwhile True:\n    time.sleep(0.5)\n    sum(range(2000))\n"}, 0},
        {"idle server (listens, no client)",
            {kPython, "-c",
                "import socket\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen(16)\nwhile True:\n"
                "    s.accept()[0].close()\n"},
            0},
        {"dev server (a GET every 3 s)",
            {kPython, "-m", "http.server", std::to_string(devPort), "--bind", "127.0.0.1", "--directory", dir}, 0},
        {"I/O bursts (1 MB every 5 s)",
            {kPython, "-c",
                "import os, time\nwhile True:\n    with open('burst.bin', 'wb') as f:\n"
                "        f.write(b'x' * 1048576)\n        f.flush()\n        os.fsync(f.fileno())\n"
                "    time.sleep(5)\n"},
            0},
        {"idle sleeper (control)", {kSleep, "100000"}, 0},
        {"spun 40 s, then idles (a wakeup a second)",
            {kPython, "-c",
                "import time\nt = time.time()\nwhile time.time() - t < 40:\n    pass\nwhile True:\n"
                "    time.sleep(1)\n"},
            0},
        {"orphaned idle script", {kPython, "-c", "import time\nwhile True:\n    time.sleep(30)\n"}, 0},
        // A CI job's make runs a recipe that compiles for ever: cc1plus (python3 under that name) spinning,
        // its build alive and its runner (this benchmark) waiting.
        {"compiler inside a running build", {kMake, "-s", "-f", "build.mk"}, 0, "cc1plus", true},
    };
    std::ofstream(dir + "/build.mk") << "all:\n\t./cc1plus -c 'while True: pass' -o main.o main.cpp\n";
    std::filesystem::create_symlink(kPython, dir + "/cc1plus");
    int failedSetup = 0;
    for (auto &s : subjects) {
        s.pid = spawnOrphan(s.argv, s.nice, dir, !s.job);
        if (s.pid > 0) {
            g_watchdog.watch(s.pid);
            s.pidfd = pidfdOpen(s.pid);
        }
        if (s.pid > 0 && !s.child.empty()) {
            s.driverPidfd = std::exchange(s.pidfd, -1);
            s.pid = childNamed(s.pid, s.child);
            if (s.pid > 0) {
                g_watchdog.watch(s.pid);
                s.pidfd = pidfdOpen(s.pid);
            }
        }
        if (s.pid <= 0 || s.pidfd < 0) {
            std::fprintf(stderr, "cannot start %s\n", s.kind.c_str());
            ++failedSetup;
        }
    }
    Client client;
    auto cleanUp = [&] {
        client.stop();
        for (const auto &s : subjects)
            for (const int fd : {s.driverPidfd, s.pidfd})
                if (fd >= 0)
                    pidfdKill(fd);
        g_watchdog.finish();
        killIdle(busy);
        std::system(("rm -rf '" + dir + "'").c_str());
    };
    // The dev server answers, then every process has time to show what it does (a burst, a GET).
    const auto setupStart = Clock::now();
    while (failedSetup == 0 && !ptriage::test::getPage(devPort) && msSince(setupStart) < 10000)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    client.start(devPort);
    std::this_thread::sleep_for(std::chrono::seconds(settleSeconds));
    for (const auto &s : subjects) {
        if (failedSetup == 0 && !isRunning(s)) {
            std::fprintf(stderr, "%s (pid %d) is not running\n", s.kind.c_str(), s.pid);
            ++failedSetup;
        }
    }
    if (failedSetup > 0 || client.pages() == 0) {
        if (client.pages() == 0 && failedSetup == 0)
            std::fprintf(stderr, "the dev server (port %d) never answered\n", devPort);
        cleanUp();
        return 1;
    }

    utsname uts{};
    ::uname(&uts);
    double load[3] = {0, 0, 0};
    ::getloadavg(load, 3);
    std::printf("verdict_stability: %s %s, %d CPUs, load %.2f %.2f %.2f; %d runs of each mode, %d ms apart\n",
        uts.sysname, uts.release, cores, load[0], load[1], load[2], runs, intervalMs);
    if (busyPerCore > 0)
        std::printf("load: --busy %d: %zu spinning children (%d per core) for the whole run\n", busyPerCore,
            busy.size(), busyPerCore);
    else
        std::printf("load: none of our own (--busy 0)\n");
    if (readText("/proc/sys/kernel/sched_autogroup_enabled").rfind('1', 0) == 0)
        std::printf("kernel autogroup: on — each orphan (a session of its own) is a scheduling group of its own,\n"
                    "  so nice 10 does not lower its share against other sessions' work, and the --busy children\n"
                    "  (in this benchmark's session) weigh as one group\n");
    std::printf(
        "triage options: minimum age 0 s (tests/support youngOptions(): processes seconds old are judged, not\n"
        "  held back as too young), this process as ptriage (never a target), no past decisions or sessions\n"
        "  (no session database), the config as `ptriage scan` loads it: %s\n"
        "one-shot: a new Collector's scanOnce + triage on a thread pool, in this process (what `ptriage scan\n"
        "  --json` does, without the start-up and the output); live: TriageService (the window's engine: deep\n"
        "  reads of new identities, refresh + triage against the previous result) at a %d ms interval,\n"
        "  its first result (a scanOnce at start) not counted\n"
        "processes: each orphaned (double fork, adopted by init, its session leader gone) but the build (a\n"
        "  CI job: this benchmark's child), environment PATH and LANG only, started %.0f s before the first scan\n",
        model->sources.join(QStringLiteral(", ")).toLocal8Bit().constData(), intervalMs, msSince(setupStart) / 1000.0);
    std::fflush(stdout);

    const int selfPid = static_cast<int>(::getpid());
    ptriage::TriageOptions triageOptions; // as youngOptions() in tests/support/CaptureTools.h
    triageOptions.selfPid = selfPid;
    triageOptions.minAgeSeconds = 0;

    const std::size_t n = subjects.size();
    std::vector<std::vector<Verdict>> oneShot(n), live(n);
    std::vector<std::string> kinds(n, "?");
    std::vector<double> oneShotMs, psRatio;
    std::size_t processes = 0;

    // ---- K one-shot scans ----
    QThreadPool workers; // as the command's: facts and evidence on every core
    workers.setMaxThreadCount(std::max(1, ptriage::workerCount() - 1));
    for (int run = 0; run < runs; ++run) {
        const auto t0 = Clock::now();
        ptriage::CollectOptions options;
        options.readExecutable = false;
        ptriage::Collector collector(options);
        std::string error;
        if (!collector.open(&error)) {
            std::fprintf(stderr, "cannot open /proc: %s\n", error.c_str());
            cleanUp();
            return 1;
        }
        auto snapshot = collector.scanOnce();
        ptriage::TriageOptions to = triageOptions;
        to.pool = &workers;
        const auto result = ptriage::triage(std::move(snapshot), *model, to);
        oneShotMs.push_back(msSince(t0));
        if (const double ps = psMs(); ps > 0)
            psRatio.push_back(oneShotMs.back() / ps);
        processes = result->snapshot->processes.size();
        for (std::size_t s = 0; s < n; ++s) {
            oneShot[s].push_back(verdictOf(*result, subjects[s].pid, *model));
            if (kinds[s] == "?")
                kinds[s] = kindOf(*result, subjects[s].pid, *model);
        }
        const double wait = intervalMs - msSince(t0);
        if (run + 1 < runs && wait > 0)
            std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(wait));
    }

    // ---- K refreshes of the live service (and watch, and explain at ten moments) ----
    std::vector<std::int64_t> liveAt;
    std::vector<Said> explained, watched;
    {
        pid_t watchPid = -1;
        if (!ptriageBinary.empty())
            runTool({ptriageBinary, "watch", "--json", "--all", "--interval", std::to_string(intervalMs / 1000.0),
                        "--min-age", "0", "--db", noDb},
                dir + "/watch.jsonl", false, &watchPid, nullptr);
        QTimer moments;
        int asked = 0;
        QObject::connect(&moments, &QTimer::timeout, [&] {
            if (asked++ >= 10 || ptriageBinary.empty())
                return;
            for (const auto &s : subjects)
                explained.push_back(explainNow(ptriageBinary, s.pid, noDb));
        });
        ptriage::CollectOptions collect;
        collect.deep = ptriage::DeepReads::NewOnly; // the window's
        ptriage::TriageService service(*model, collect, triageOptions);
        service.setIntervalMs(intervalMs);
        int results = 0;
        QEventLoop loop;
        QString failure;
        QObject::connect(&service, &ptriage::TriageService::resultReady, &loop,
            [&](std::shared_ptr<const ptriage::TriageResult> result, qint64) {
                if (results++ == 0) {
                    moments.start(std::max(1, runs * intervalMs / 10)); // ten moments over the live runs
                    return; // its start: a scanOnce, like a one-shot
                }
                liveAt.push_back(result->snapshot->capturedAtMs);
                for (std::size_t s = 0; s < n; ++s)
                    live[s].push_back(verdictOf(*result, subjects[s].pid, *model));
                if (results > runs)
                    loop.quit();
            });
        QObject::connect(&service, &ptriage::TriageService::failed, &loop, [&](const QString &message) {
            failure = message;
            loop.quit();
        });
        QTimer::singleShot(std::max(60000, (runs + 1) * intervalMs * 10), &loop, &QEventLoop::quit);
        service.start();
        loop.exec();
        service.setPaused(true);
        if (watchPid > 0) {
            ::kill(watchPid, SIGTERM);
            while (::waitpid(watchPid, nullptr, 0) < 0 && errno == EINTR) { }
            watched = readWatch(dir + "/watch.jsonl");
        }
        if (!failure.isEmpty() || results <= runs) {
            std::fprintf(stderr, "the live service gave %d of %d results%s%s\n", std::max(0, results - 1), runs,
                failure.isEmpty() ? " in time" : ": ", failure.toLocal8Bit().constData());
            cleanUp();
            return 1;
        }
    }
    const int pages = client.pages();
    // A process that ended during the run changed its behaviour: its changes are not counted.
    std::vector<bool> ended(n, false);
    std::string endedList;
    for (std::size_t s = 0; s < n; ++s) {
        auto gone = [](const Verdict &v) { return !v.seen || v.cls == "zombie"; };
        ended[s] = !isRunning(subjects[s]) || std::any_of(oneShot[s].begin(), oneShot[s].end(), gone)
            || std::any_of(live[s].begin(), live[s].end(), gone);
        if (ended[s])
            endedList += (endedList.empty() ? "" : "; ") + subjects[s].kind + " (pid " + std::to_string(subjects[s].pid)
                + ")";
    }
    if (!endedList.empty()) // an orphan's exit status is init's to see, not ours
        std::printf("ended during the run (\"not in the scan\" or zombie from then on), not counted below: %s\n",
            endedList.c_str());

    // ---- What they said ----
    int totalOneShot = 0, totalLive = 0;
    std::vector<std::string> flapping;
    for (std::size_t s = 0; s < n; ++s) {
        const auto &subject = subjects[s];
        std::string command;
        for (std::size_t a = 0; a < subject.argv.size(); ++a) {
            std::string arg = subject.argv[a];
            if (a == 0)
                arg = arg.substr(arg.rfind('/') + 1);
            for (auto &c : arg)
                c = c == '\n' ? ';' : c;
            command += (a ? " " : "") + arg;
        }
        if (!subject.child.empty())
            command += " → its " + subject.child;
        const int c1 = changes(oneShot[s]), c2 = changes(live[s]);
        totalOneShot += ended[s] ? 0 : c1;
        totalLive += ended[s] ? 0 : c2;
        const Spread p1 = spreadOf(oneShot[s]), p2 = spreadOf(live[s]);
        std::printf("\n== %s — pid %d, kind %s%s\n   %s\n", subject.kind.c_str(), subject.pid, kinds[s].c_str(),
            subject.nice ? ", nice 10" : "", shortened(command, 100).c_str());
        printRuns("one-shot", oneShot[s]);
        printRuns("live", live[s]);
        std::printf("  changes: one-shot %d, live %d; P(abandoned) one-shot %.3f–%.3f (sd %.3f), live %.3f–%.3f (sd "
                    "%.3f)\n",
            c1, c2, p1.lo, p1.hi, p1.sd, p2.lo, p2.hi, p2.sd);
        std::printf(
            "  verdicts: one-shot %s; live %s\n", verdictCounts(oneShot[s]).c_str(), verdictCounts(live[s]).c_str());
        if (c1 > 0)
            printLedgerDiff("one-shot", oneShot[s]);
        if (c2 > 0)
            printLedgerDiff("live", live[s]);
        if (ledgers) {
            printLedger("one-shot", oneShot[s].front());
            printLedger("live", live[s].front());
        }
        if (c1 + c2 > 0 && !ended[s])
            flapping.push_back(subject.kind);
    }

    std::printf("\nthe dev server answered %d GETs during the run; %s\n", pages,
        endedList.empty() ? "every process ran to the end" : ("ended during the run: " + endedList).c_str());
    std::printf("verdict changes: one-shot %d, live %d (processes whose behaviour did not change%s) — goal 0: %s\n",
        totalOneShot, totalLive, endedList.empty() ? "" : "; those that ended not counted",
        totalOneShot + totalLive == 0 ? "met" : "NOT met");
    if (!flapping.empty()) {
        std::string list;
        for (const auto &f : flapping)
            list += (list.empty() ? "" : "; ") + f;
        std::printf("changed: %s\n", list.c_str());
    }
    if (!ptriageBinary.empty()) {
        // watch's own changes, and at each explain moment: explain against the live service's and watch's
        // verdicts nearest in time.
        int watchChanges = 0, disagreements = 0, compared = 0;
        std::string disagreed;
        for (std::size_t s = 0; s < n; ++s) {
            if (ended[s])
                continue;
            const int pid = subjects[s].pid;
            const Said *last = nullptr;
            for (const Said &w : watched)
                if (w.pid == pid) {
                    watchChanges += last && (last->cls != w.cls || last->action != w.action) ? 1 : 0;
                    last = &w;
                }
            for (const Said &e : explained) {
                if (e.pid != pid)
                    continue;
                const Said *w = nullptr;
                for (const Said &x : watched)
                    if (x.pid == pid && (!w || std::llabs(x.atMs - e.atMs) < std::llabs(w->atMs - e.atMs)))
                        w = &x;
                std::size_t k = 0;
                for (std::size_t i = 1; i < liveAt.size(); ++i)
                    if (std::llabs(liveAt[i] - e.atMs) < std::llabs(liveAt[k] - e.atMs))
                        k = i;
                ++compared;
                const Verdict &l = live[s][k];
                const bool same
                    = w && e.cls == w->cls && e.action == w->action && e.cls == l.cls && e.action == l.action;
                if (!same) {
                    ++disagreements;
                    disagreed += "\n  " + subjects[s].kind + ": explain " + e.cls + " / " + e.action + ", watch "
                        + (w ? w->cls + " / " + w->action : std::string("(none)")) + ", live " + l.text();
                }
            }
        }
        std::printf("live path: watch ran beside the live service (%zu process lines); its action or class changes: %d "
                    "— goal 0: %s\n",
            watched.size(), watchChanges, watchChanges == 0 ? "met" : "NOT met");
        std::printf("one voice: at %d moments × processes, explain, watch and the live service disagreed %d times — "
                    "goal 0: %s%s\n",
            compared, disagreements, disagreements == 0 && compared > 0 ? "met" : "NOT met", disagreed.c_str());
    }
    std::printf("one-shot time per scan: median %.1f ms (min %.1f, max %.1f) with %zu processes on the machine "
                "(collect with its two samples + triage, no start-up or output)\n",
        median(oneShotMs), *std::min_element(oneShotMs.begin(), oneShotMs.end()),
        *std::max_element(oneShotMs.begin(), oneShotMs.end()), processes);
    if (!psRatio.empty())
        std::printf("  = %.2f× `ps -eo pid,ppid,stat,etimes,rss,pcpu,args` run right after each scan (median of the\n"
                    "  ratios, at %zu processes, where the one-shot's fixed %s dominates; the goal of 1.2× ps is at\n"
                    "  2,000 and 5,000 processes, for the whole `ptriage scan --json`: see scan_benchmark)\n",
            median(psRatio), processes, "interval between its two samples");
    std::fflush(stdout);
    cleanUp();
    return 0;
}
