// The scenario harness: each scenario starts real programs, leaves them behind (or in use) the way
// people do, captures /proc twice with the clocks moved forward, replays the pipeline on it and
// states what a person would expect of each process it cares about.
#pragma once

#include "support/CaptureTools.h"
#include "support/NpmTools.h"
#include "support/Spawner.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptriage::scenarios {

using Env = std::vector<std::pair<std::string, std::string>>;

constexpr double kMinute = 60;
constexpr double kHour = 3600;
constexpr double kDay = 86400;

// What a person expects of one process.
enum class Expect {
    InUse, // a person uses it: never recommended kill (a kill here is a FALSE KILL)
    Working, // it is doing useful work: not kill, nor throttle, pause or freeze (a kill is a false kill)
    LeftBehind, // left behind: a candidate, ranked (action other than keep)
    LeftBehindKill, // left behind, nothing blocks it, a person wants it gone: a candidate, action kill (its
                    // notes naming `detail` when one is given)
    NotSignalled, // D state or protected: neither kill, pause nor freeze (a kill is a false kill)
    TooYoung, // too young to judge: not kill (a kill is a false kill)
    KillBlockedBy, // a candidate, kill not allowed, blocked_by names `detail`
    ZombieToParent, // a zombie: a candidate whose target is its parent (`other`)
    WrapperKeep, // a wrapper (script, timeout, sh -c …): keep, and its workload (`other`) is the subject
    BlastIncludes, // its blast radius names `other` (e.g. the process waiting for its lock)
};

struct Check {
    std::string role; // "xdist worker", "vite dev server" …
    int pid = -1;
    Expect kind = Expect::InUse;
    std::string detail; // KillBlockedBy: the text blocked_by must name
    int other = -1; // ZombieToParent: the parent; WrapperKeep: the workload; BlastIncludes: the process
    std::string label; // the corpus label when not the one `kind` implies (personLabel in Corpus.h)
};

// A process of the scenario's own tree that a person would clearly label, but that no check judges
// (each worker of a left-behind pool …): written to the corpus only.
struct Label {
    std::string role;
    int pid = -1;
    std::string label; // abandoned, useful, stuck, zombie
};

// A process as /proc shows it now (for finding the workers a tool started).
struct Proc {
    int pid = -1;
    int ppid = -1;
    int sid = -1;
    char state = '?';
    std::string comm;
    std::vector<std::string> argv;
    std::string cmdline() const; // argv joined with spaces
};
std::vector<Proc> listProcesses();
Proc processInfo(int pid); // pid -1 when gone

// Everything one scenario starts lives here and is killed at the end, through pidfds.
class Ctx {
public:
    Ctx();
    ~Ctx();
    Ctx(const Ctx &) = delete;
    Ctx &operator=(const Ctx &) = delete;

    const std::string &dir() const { return m_dir; } // a private directory, removed at the end
    test::Spawner &spawner() { return *m_spawner; }

    // The environment every program of the scenario gets: PATH, HOME (the scenario's directory),
    // TERM, LANG, and a marker by which anything the scenario started is found and killed at the end.
    Env env(const Env &extra = {}) const;
    // A program in its own session, child of the suite, stdin/stdout on /dev/null.
    int start(const std::vector<std::string> &argv, const Env &extra = {});
    // Starts `argv` detached (setsid -f from a short-lived shell): adopted by init, its own session.
    // Returns its pid once it is running (-1 on failure).
    int startOrphan(const std::vector<std::string> &argv, const Env &extra = {}, const std::string &cwd = {});
    // The test actor (tests/support/TestActor.cpp) under a given name: a stand-in.
    test::Actor actor(test::ActorSpec spec);

    // A tmux server of the scenario's own (-L socket); the first window runs `command`.
    bool tmuxStart(const std::string &command, const Env &extra = {});
    void tmuxSend(const std::string &keys); // typed into the pane, then Enter
    void tmuxKillServer(); // closes every pane, as closing the terminal does
    int tmuxPanePid(); // the pane's first process (the shell or command)

    // Waits until `pred` holds for some process; returns its pid (-1 after timeoutMs).
    int waitFor(const std::function<bool(const Proc &)> &pred, int timeoutMs = 15000);
    std::vector<int> waitForAll(
        const std::function<bool(const Proc &)> &pred, std::size_t count, int timeoutMs = 20000);
    bool waitUntil(const std::function<bool()> &cond, int timeoutMs = 10000);
    void adopt(int pid); // killed at the end
    void sleepMs(int ms);

    void writeFile(const std::string &path, const std::string &content, bool executable = false);
    bool shell(const std::string &command); // /bin/sh -c, synchronous; true on exit 0

    // Two captures `gap` seconds apart, both `ageBy` seconds in the future.
    test::CapturePair capture(double gapSeconds, double ageBySeconds, bool connectionsRecur = false);
    // The pipeline on a capture pair; remembered for the checks.
    std::shared_ptr<const TriageResult> replay(const test::CapturePair &pair);
    // The pair replayed last and its result (for the corpus); null before any replay.
    const test::CapturePair *lastReplayed() const { return m_lastReplayed ? &*m_lastReplayed : nullptr; }
    const std::shared_ptr<const TriageResult> &lastReplayResult() const { return m_lastReplayResult; }

    // Adds `seconds` of CPU time (utime) to a process in both captures: hours of work a test cannot wait for.
    void addCpuSeconds(const test::CapturePair &pair, int pid, double seconds);

    const std::string &marker() const { return m_marker; }
    // Live processes started with this scenario's environment (wherever they were reparented).
    std::vector<int> markedProcesses() const;
    // argv for `/bin/sh -c 'cd DIR && exec COMMAND'`.
    static std::vector<std::string> inDir(const std::string &dir, const std::string &command);
    // SIGKILLs `pid` (a controller, a terminal) and reaps it if it is the suite's child.
    void killNow(int pid);

private:
    void killMarked();
    std::unique_ptr<test::Spawner> m_spawner;
    std::string m_dir;
    std::string m_marker;
    std::string m_tmuxSocket;
    bool m_tmuxStarted = false;
    std::optional<test::CapturePair> m_lastReplayed;
    std::shared_ptr<const TriageResult> m_lastReplayResult;
};

// What a scenario hands back: its checks on the last replay, or why it could not set itself up.
struct Outcome {
    std::shared_ptr<const TriageResult> result;
    std::vector<Check> checks;
    std::vector<std::pair<bool, std::string>> requirements; // other facts a person expects (true: held)
    std::string setupError; // non-empty: the scenario could not reach its situation (a FAIL)
    std::string note; // an honest remark printed with the result

    void expect(const std::string &role, int pid, Expect kind, const std::string &detail = {}, int other = -1)
    {
        checks.push_back({role, pid, kind, detail, other, {}});
    }
    void require(bool ok, const std::string &what) { requirements.emplace_back(ok, what); }
    // Labels a process for the corpus without a check (`scenario_suite --save-corpus`).
    void label(const std::string &role, int pid, const std::string &personLabel)
    {
        labels.push_back({role, pid, personLabel});
    }
    std::vector<Label> labels;
    void fail(const std::string &why)
    {
        if (setupError.empty())
            setupError = why;
    }
};

struct Scenario {
    std::string name;
    std::string story; // one line: what happened
    std::string expectation; // what a person expects
    std::function<void(Ctx &, Outcome &)> run;
};

std::vector<Scenario> &registry();
struct Register {
    Register(std::string name, std::string story, std::string expectation, std::function<void(Ctx &, Outcome &)> run);
};

// One of `count` parts of the suite: the scenarios whose place among those the filter chose is
// `index` modulo `count` (ctest runs the parts as separate tests, beside others).
struct Shard {
    int index = 0;
    int count = 1;
};

// Runs the scenarios whose name contains `filter` (all when empty) and that fall in `shard`; prints one
// line each and the summary; returns the process exit code. `corpusDir` non-empty: each scenario's last
// capture pair, trimmed, and its labels are written there (Corpus.h); a scenario whose corpus cannot be
// written fails.
int runAll(const std::string &filter, bool verbose, const std::string &corpusDir = {}, Shard shard = {});

inline bool contains(const std::string &s, const std::string &needle)
{
    return s.find(needle) != std::string::npos;
}

// Tools the scenarios use.
using test::npmModules; // support/NpmTools.h
std::string helperBinary(const std::string &name); // a small program built with the suite
constexpr const char *kPython = "/usr/bin/python3"; // Debian's, with its packages (not pyenv's)
// A TCP port for a scenario's server: distinct within one run of the suite (a counter from a
// pid-dependent start); a port in use makes the scenario's setup fail, loudly.
int freePort();
// Whether something accepts connections on `port` of 127.0.0.1 or ::1.
bool listening(Ctx &c, int port);
// Whether the npm cache holds `bin` (node_modules/.bin/BIN); if not, fails `o` with how to fill it.
bool npmToolsPresent(Outcome &o, const std::string &bin = "vite");

} // namespace ptriage::scenarios
