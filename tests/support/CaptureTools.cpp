#include "CaptureTools.h"

#include "collect/Collector.h"
#include "collect/proc/ProcParsers.h"
#include "report/ScanReport.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace ptriage::test {
namespace {

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeFile(const std::string &path, const std::string &content)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
}

// Reads and rewrites the se.exec_start of a sched file; false when it has none.
bool execStart(const std::string &path, double &ms)
{
    const std::string text = readFile(path);
    return parseSchedExecStart(text, ms);
}

void setSchedField(const std::string &path, const char *field, double ms)
{
    std::string text = readFile(path);
    const auto key = text.find(field);
    const auto colon = text.find(':', key);
    const auto eol = text.find('\n', colon);
    if (key == std::string::npos || colon == std::string::npos || eol == std::string::npos)
        return;
    char buf[64];
    std::snprintf(buf, sizeof buf, " %.6f", ms);
    writeFile(path, text.replace(colon + 1, eol - colon - 1, buf));
}

void setExecStart(const std::string &path, double ms)
{
    setSchedField(path, "se.exec_start", ms);
}

// Moves the scheduler's clock of both captures `seconds` on, as shiftUptime moves their uptime:
// "now" moves, and so does the last run of every thread that ran between the captures (it keeps
// running); a thread that slept through the gap has, hours later, not run for hours.
void shiftSchedClock(const CapturePair &pair, double seconds)
{
    namespace fs = std::filesystem;
    const double ms = seconds * 1000;
    for (const auto &root : {pair.before, pair.after}) {
        double now = 0;
        if (execStart(root + "/thread-self/sched", now))
            setExecStart(root + "/thread-self/sched", now + ms);
        // The CPUs' clocks as recorded: "now" moves on, each clock keeps its offset to it.
        const std::string recordPath = root + "/" + SchedClocks::kCaptureFile;
        RecordedClocks recorded;
        std::string error;
        if (!parseRecordedClocks(readFile(recordPath), recorded, &error))
            qFatal("%s: %s", recordPath.c_str(), error.c_str());
        char line[96];
        std::snprintf(line, sizeof line, "now %.6f\n", recorded.nowMs + ms);
        std::string text = line;
        for (const auto &[cpu, offset] : recorded.offsetsMs) {
            std::snprintf(line, sizeof line, "cpu %d %.6f\n", cpu, offset);
            text += line;
        }
        writeFile(recordPath, text);
    }
    std::error_code ec;
    for (const auto &proc : fs::directory_iterator(pair.after, ec)) {
        const std::string pid = proc.path().filename();
        if (pid.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::vector<std::string> files{"/" + pid + "/sched"};
        for (const auto &task : fs::directory_iterator(proc.path() / "task", ec))
            files.push_back("/" + pid + "/task/" + task.path().filename().string() + "/sched");
        for (const auto &f : files) {
            double before = 0, after = 0;
            if (!execStart(pair.after + f, after))
                continue;
            if (execStart(pair.before + f, before) && before == after)
                continue; // slept through the gap
            setExecStart(pair.after + f, after + ms);
            if (execStart(pair.before + f, before))
                setExecStart(pair.before + f, before + ms);
        }
    }
}

// TCP connections in TIME_WAIT ended within the minute before the capture: a capture aged past that
// minute has none of them, unless what made them goes on (they would say "used within the last minute"
// of a readiness probe or a client that crashed at capture time).
void forgetClosedConnections(const std::string &root)
{
    for (const char *file : {"/net/tcp", "/net/tcp6"}) {
        std::istringstream in(readFile(root + file));
        std::string kept, line;
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            std::string slot, local, remote, state;
            fields >> slot >> local >> remote >> state;
            if (state != "06")
                kept += line + '\n';
        }
        writeFile(root + file, kept);
    }
}

} // namespace

CapturePair capturePair(const std::string &dir, double gapSeconds, double ageBySeconds, bool connectionsRecur)
{
    CapturePair pair{dir + "/before", dir + "/after"};
    std::string error;
    if (!writeCapture("/proc", pair.before, {}, &error))
        qFatal("capture failed: %s", error.c_str());
    std::this_thread::sleep_for(std::chrono::duration<double>(gapSeconds));
    if (!writeCapture("/proc", pair.after, {}, &error))
        qFatal("capture failed: %s", error.c_str());
    shiftUptime(pair.before, ageBySeconds);
    shiftUptime(pair.after, ageBySeconds);
    if (ageBySeconds >= 60 && !connectionsRecur)
        for (const auto &root : {pair.before, pair.after})
            forgetClosedConnections(root);
    shiftSchedClock(pair, ageBySeconds);
    return pair;
}

void hideOpenFiles(const CapturePair &pair, int pid)
{
    for (const std::string &root : {pair.before, pair.after})
        std::filesystem::remove_all(root + "/" + std::to_string(pid) + "/fd");
}

void keepOnly(const CapturePair &pair, const std::vector<int> &pids)
{
    for (const std::string &root : {pair.before, pair.after}) {
        std::map<int, int> parent;
        for (const auto &entry : std::filesystem::directory_iterator(root)) {
            const std::string name = entry.path().filename().string();
            if (name.find_first_not_of("0123456789") != std::string::npos)
                continue;
            const std::string stat = readFile(entry.path().string() + "/stat");
            int ppid = 0;
            if (const auto close = stat.rfind(')'); close != std::string::npos) {
                std::string state;
                std::istringstream(stat.substr(close + 1)) >> state >> ppid;
            }
            parent[std::stoi(name)] = ppid;
        }
        std::set<int> kept;
        const auto lineOf = [&](int pid) {
            for (int p = pid; p > 0 && kept.insert(p).second;)
                p = parent.count(p) ? parent[p] : 0;
        };
        lineOf(static_cast<int>(::getpid()));
        for (int pid : pids)
            lineOf(pid);
        for (const auto &[pid, ppid] : parent) {
            bool under = false;
            for (int p = pid; p > 0 && !under; p = parent.count(p) ? parent[p] : 0)
                under = std::find(pids.begin(), pids.end(), p) != pids.end();
            if (!under && !kept.count(pid))
                std::filesystem::remove_all(root + '/' + std::to_string(pid));
        }
    }
}

void makeBusy(const CapturePair &pair, int pid, double share)
{
    // The gap the collector will see: the captures' uptimes (on a loaded machine, more than was slept).
    double up0 = 0, up1 = 0;
    std::istringstream(readFile(pair.before + "/uptime")) >> up0;
    std::istringstream(readFile(pair.after + "/uptime")) >> up1;
    const double gapSeconds = up1 - up0;
    const std::string dir = '/' + std::to_string(pid);
    for (const std::string &f : {dir + "/sched", dir + "/task/" + std::to_string(pid) + "/sched"}) {
        double before = 0;
        if (parseSchedSumExecRuntime(readFile(pair.before + f), before))
            setSchedField(pair.after + f, "se.sum_exec_runtime", before + share * gapSeconds * 1000);
    }
    // schedstat: "run_ns wait_ns slices", of the process and of its main thread.
    for (const std::string &f : {dir + "/schedstat", dir + "/task/" + std::to_string(pid) + "/schedstat"}) {
        std::uint64_t before = 0;
        std::istringstream in(readFile(pair.before + f));
        std::string rest;
        if (!(in >> before))
            continue;
        std::istringstream after(readFile(pair.after + f));
        std::uint64_t ignored = 0;
        after >> ignored;
        std::getline(after, rest);
        writeFile(pair.after + f,
            std::to_string(before + static_cast<std::uint64_t>(share * gapSeconds * 1e9)) + rest + '\n');
    }
    std::uint64_t utime = 0;
    editStat(pair.before, pid, [&](std::vector<std::string> &f) { utime = std::stoull(f.at(11)); });
    const auto ticks = static_cast<std::uint64_t>(share * gapSeconds * static_cast<double>(::sysconf(_SC_CLK_TCK)));
    editStat(pair.after, pid, [&](std::vector<std::string> &f) { f.at(11) = std::to_string(utime + ticks); });
}

void shiftUptime(const std::string &root, double seconds)
{
    std::istringstream in(readFile(root + "/uptime"));
    double up = 0, idle = 0;
    in >> up >> idle;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f %.2f\n", up + seconds, idle);
    writeFile(root + "/uptime", buf);
}

void editStat(const std::string &root, int pid, const std::function<void(std::vector<std::string> &)> &edit)
{
    const std::string path = root + '/' + std::to_string(pid) + "/stat";
    const std::string text = readFile(path);
    const auto close = text.rfind(')');
    QVERIFY2(close != std::string::npos, path.c_str());
    std::istringstream in(text.substr(close + 2));
    std::vector<std::string> fields;
    for (std::string f; in >> f;)
        fields.push_back(f);
    edit(fields);
    std::string out = text.substr(0, close + 1);
    for (const auto &f : fields)
        out += ' ' + f;
    writeFile(path, out + '\n');
}

void writeProcFile(const std::string &root, int pid, const std::string &name, const std::string &content)
{
    writeFile(root + '/' + std::to_string(pid) + '/' + name, content);
}

const TriageConfig &defaultModel()
{
    static const TriageConfig config = [] {
        ConfigError e;
        auto m = TriageConfig::load(QStringLiteral("/nonexistent"), &e);
        if (!m)
            qFatal("default config: %s", qPrintable(e.toString()));
        return *m;
    }();
    return config;
}

CollectOptions longLivedOptions()
{
    CollectOptions o;
    o.deep = DeepReads::NewOnly;
    return o;
}

TriageOptions youngOptions()
{
    TriageOptions t;
    t.selfPid = static_cast<int>(::getpid());
    t.minAgeSeconds = 0;
    return t;
}

std::shared_ptr<const TriageResult> replay(
    const CapturePair &pair, const TriageConfig &config, std::optional<double> minAge)
{
    CollectOptions first;
    first.procRoot = pair.before;
    Collector before(first);
    std::string error;
    if (!before.open(&error))
        qFatal("%s", error.c_str());
    before.scanOnce();
    CollectOptions second;
    second.procRoot = pair.after;
    Collector after(second);
    if (!after.open(&error))
        qFatal("%s", error.c_str());
    after.seedPrevious(before.previousSamples());
    TriageOptions to;
    to.minAgeSeconds = minAge;
    return triage(after.scanOnce(), config, to);
}

std::shared_ptr<const TriageResult> live(const TriageConfig &config, std::optional<double> minAge)
{
    Collector c;
    std::string error;
    if (!c.open(&error))
        qFatal("%s", error.c_str());
    TriageOptions to;
    to.selfPid = static_cast<int>(::getpid());
    to.minAgeSeconds = minAge;
    return triage(c.scanOnce(), config, to);
}

int indexOfPid(const TriageResult &r, int pid)
{
    auto it = r.snapshot->indexByPid.find(pid);
    return it == r.snapshot->indexByPid.end() ? -1 : static_cast<int>(it->second);
}

std::string dump(const TriageResult &r, int index)
{
    return index < 0 ? std::string("(process not in snapshot)") : explainText(r, defaultModel(), index);
}

} // namespace ptriage::test
