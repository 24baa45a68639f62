#include "Corpus.h"

#include "config/ProcessManagers.h"
#include "infer/Evidence.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace ptriage::scenarios {
namespace fs = std::filesystem;

const char *personLabel(Expect kind)
{
    switch (kind) {
    case Expect::InUse:
    case Expect::Working:
        return "useful";
    case Expect::LeftBehind:
    case Expect::LeftBehindKill:
    case Expect::KillBlockedBy: // left behind; only a file it holds keeps it from a kill
        return "abandoned";
    case Expect::ZombieToParent:
        return "zombie";
    case Expect::NotSignalled: // D state or protected: nothing to judge until the I/O returns
    case Expect::TooYoung:
    case Expect::WrapperKeep: // its workload is the subject
    case Expect::BlastIncludes: // a check of the blast radius, not of the verdict
        return "not-judged";
    }
    return "not-judged";
}

const char *expectJsonName(Expect kind)
{
    switch (kind) {
    case Expect::InUse:
        return "in_use";
    case Expect::Working:
        return "working";
    case Expect::LeftBehind:
        return "left_behind";
    case Expect::LeftBehindKill:
        return "left_behind_kill";
    case Expect::NotSignalled:
        return "not_signalled";
    case Expect::TooYoung:
        return "too_young";
    case Expect::KillBlockedBy:
        return "kill_blocked_by";
    case Expect::ZombieToParent:
        return "zombie_to_parent";
    case Expect::WrapperKeep:
        return "wrapper_keep";
    case Expect::BlastIncludes:
        return "blast_includes";
    }
    return "?";
}

namespace {

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool writeAll(const std::string &path, const std::string &text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out);
}

std::string quote(const std::string &s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::vector<std::string> words(const std::string &line)
{
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

// The port of "0100007F:1F90" (hex), -1 when malformed.
int hexPort(const std::string &address)
{
    const auto colon = address.rfind(':');
    int port = -1;
    if (colon == std::string::npos
        || std::from_chars(address.data() + colon + 1, address.data() + address.size(), port, 16).ec != std::errc())
        return -1;
    return port;
}

// Which processes of the untrimmed result the trimmed capture keeps: the labelled ones and
// everything their facts, evidence and blast radius read.
class KeepSet {
public:
    explicit KeepSet(const TriageResult &r) : m_r(r), m_snap(*r.snapshot), m_children(childrenOf(m_snap)) { }

    void addLabelled(int index)
    {
        if (index < 0)
            return;
        add(index);
        const Sample &s = sample(index);
        // Its process group (a test run is judged by its leader), and what it started.
        for (int j = 0; j < size(); ++j)
            if (s.pgrp > 0 && sample(j).pgrp == s.pgrp)
                add(j);
        std::vector<int> todo{index};
        while (!todo.empty()) {
            const int i = todo.back();
            todo.pop_back();
            for (int c : m_children[static_cast<std::size_t>(i)])
                if (add(c))
                    todo.push_back(c);
        }
        // Its origin's owner and the other members of that origin (an agent session's owner is found
        // through its members' parents).
        const ProcessFacts &f = m_r.facts[static_cast<std::size_t>(index)];
        addPid(f.origin.ownerPid);
        using origins::OriginKind;
        if (!f.origin.key.empty()
            && (f.origin.kind == OriginKind::Agent || f.origin.kind == OriginKind::Editor
                || f.origin.kind == OriginKind::TestRun || f.origin.kind == OriginKind::Terminal))
            for (int j = 0; j < size(); ++j)
                if (m_r.facts[static_cast<std::size_t>(j)].origin.key == f.origin.key)
                    add(j);
        // Who shares its sockets, its clients, who waits for its locks, its unit's other processes.
        std::unordered_set<std::uint64_t> inodes;
        if (s.deep)
            for (const auto &of : s.deep->files)
                if (of.kind == FdKind::Socket)
                    inodes.insert(of.inode);
        const auto &ports = f.listenPorts;
        for (int j = 0; j < size(); ++j) {
            const Sample &o = sample(j);
            if (o.deep)
                for (const auto &of : o.deep->files) {
                    if (of.kind != FdKind::Socket)
                        continue;
                    auto it = m_snap.sockets.find(of.inode);
                    const bool client = it != m_snap.sockets.end() && it->second.established
                        && std::find(ports.begin(), ports.end(), it->second.remotePort) != ports.end();
                    if (inodes.count(of.inode) || client)
                        add(j);
                }
            if (f.supervisorKind != SupervisorKind::None
                && m_r.facts[static_cast<std::size_t>(j)].supervisor == f.supervisor)
                add(j);
        }
        std::unordered_set<std::uint64_t> locked;
        for (const auto &l : m_snap.locks)
            if (l.pid == s.id.pid)
                locked.insert(l.inode);
        for (const auto &l : m_snap.locks)
            if (locked.count(l.inode))
                addPid(l.pid);
    }

    // Every kept process's ancestors, session leader, process group leader and multiplexer server,
    // until nothing new comes: their own facts (orphaned? its session gone?) flow to the labelled.
    void closeOver(bool wholeSessions)
    {
        for (bool grew = true; grew;) {
            grew = false;
            const std::vector<int> now(m_kept.begin(), m_kept.end());
            for (int i : now) {
                const Sample &s = sample(i);
                grew |= addPid(s.ppid) | addPid(s.session) | addPid(s.pgrp) | addPid(multiplexerPid(s));
                if (wholeSessions && s.session > 0)
                    for (int j = 0; j < size(); ++j)
                        if (sample(j).session == s.session)
                            grew |= add(j);
            }
        }
    }

    std::set<int> pids() const
    {
        std::set<int> out;
        for (int i : m_kept)
            out.insert(sample(i).id.pid);
        return out;
    }

    // The socket inodes and TCP listening ports of the kept processes.
    void sockets(std::unordered_set<std::uint64_t> &inodes, std::unordered_set<int> &ports) const
    {
        for (int i : m_kept) {
            const Sample &s = sample(i);
            if (s.deep)
                for (const auto &of : s.deep->files)
                    if (of.kind == FdKind::Socket)
                        inodes.insert(of.inode);
            for (int p : m_r.facts[static_cast<std::size_t>(i)].listenPorts)
                ports.insert(p);
        }
    }

private:
    int size() const { return static_cast<int>(m_snap.processes.size()); }
    const Sample &sample(int i) const { return m_snap.processes[static_cast<std::size_t>(i)]; }
    bool add(int i) { return i >= 0 && m_kept.insert(i).second; }
    bool addPid(int pid)
    {
        if (pid <= 0)
            return false;
        auto it = m_snap.indexByPid.find(pid);
        return it != m_snap.indexByPid.end() && add(static_cast<int>(it->second));
    }
    static int multiplexerPid(const Sample &s)
    {
        if (!s.details)
            return 0;
        int pid = 0;
        for (const auto &[k, v] : s.details->environ) {
            if (k == managers::kTmuxMarker) {
                const auto comma = v.find(',');
                if (comma != std::string::npos)
                    std::from_chars(v.data() + comma + 1, v.data() + v.size(), pid);
            } else if (k == managers::kScreenMarker) {
                std::from_chars(v.data(), v.data() + v.size(), pid);
            }
        }
        return pid;
    }

    const TriageResult &m_r;
    const Snapshot &m_snap;
    std::vector<std::vector<int>> m_children;
    std::set<int> m_kept;
};

// /proc/locks lines of the kept processes ("1: POSIX ADVISORY WRITE PID MAJ:MIN:INODE START END", a
// waiter's with "->" after the number).
std::string trimLocks(const std::string &text, const std::set<int> &pids)
{
    std::string out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto w = words(line);
        const std::size_t at = w.size() > 1 && w[1] == "->" ? 5 : 4;
        int pid = -1;
        if (w.size() > at)
            std::from_chars(w[at].data(), w[at].data() + w[at].size(), pid);
        if (pids.count(pid))
            out += line + '\n';
    }
    return out;
}

// A socket table (net/tcp …, net/unix): its header and the sockets the kept processes hold, plus, for
// TCP, every socket on a port they listen on (the connections they accepted).
std::string trimSockets(const std::string &text, bool unix, const std::unordered_set<std::uint64_t> &inodes,
    const std::unordered_set<int> &ports)
{
    std::string out;
    std::istringstream in(text);
    bool header = true;
    for (std::string line; std::getline(in, line);) {
        if (header) {
            out += line + '\n';
            header = false;
            continue;
        }
        const auto w = words(line);
        const std::size_t inodeAt = unix ? 6 : 9;
        std::uint64_t inode = 0;
        if (w.size() > inodeAt)
            std::from_chars(w[inodeAt].data(), w[inodeAt].data() + w[inodeAt].size(), inode);
        const bool onPort = !unix && w.size() > 2 && ports.count(hexPort(w[1]));
        if ((inode != 0 && inodes.count(inode)) || onPort)
            out += line + '\n';
    }
    return out;
}

// One capture root, trimmed into `to`.
std::string trimRoot(const std::string &from, const std::string &to, const std::set<int> &pids,
    const std::unordered_set<std::uint64_t> &inodes, const std::unordered_set<int> &ports)
{
    std::error_code ec;
    fs::create_directories(to, ec);
    if (ec)
        return to + ": " + ec.message();
    for (const auto &entry : fs::directory_iterator(from, ec)) {
        const std::string name = entry.path().filename();
        const bool isPid = name.find_first_not_of("0123456789") == std::string::npos;
        const std::string dest = to + '/' + name;
        if (isPid) {
            int pid = 0;
            std::from_chars(name.data(), name.data() + name.size(), pid);
            if (!pids.count(pid))
                continue;
            fs::copy(entry.path(), dest, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
        } else if (name == "locks") {
            if (!writeAll(dest, trimLocks(readAll(entry.path()), pids)))
                return dest + ": cannot write";
        } else if (name == "net") {
            fs::create_directories(dest, ec);
            for (const auto &table : fs::directory_iterator(entry.path(), ec)) {
                const std::string t = table.path().filename();
                if (!writeAll(dest + '/' + t, trimSockets(readAll(table.path()), t == "unix", inodes, ports)))
                    return dest + '/' + t + ": cannot write";
            }
        } else {
            fs::copy(entry.path(), dest, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
        }
        if (ec)
            return dest + ": " + ec.message();
    }
    return ec ? from + ": " + ec.message() : std::string();
}

// What the corpus keeps of one process's verdict, in words, to compare two replays.
std::string verdictOf(const TriageResult &r, int i)
{
    const auto &config = test::defaultModel();
    const auto &s = r.snapshot->processes[static_cast<std::size_t>(i)];
    const auto &f = r.facts[static_cast<std::size_t>(i)];
    std::string out = "start " + std::to_string(s.id.startTicks) + ", category "
        + config.signatures.categories[static_cast<std::size_t>(f.category)].id + "\n";
    for (const Observation &o : observeProcess(*r.snapshot, r.facts, static_cast<std::size_t>(i), config, nullptr)) {
        const auto &term = o.table >= 0 ? config.priors.terms[static_cast<std::size_t>(o.table)] : TermTable{};
        out += "  " + std::string(o.term) + " " + (o.table >= 0 ? term.name : std::string("-")) + "="
            + (o.table >= 0 && o.bin >= 0 ? term.bins[static_cast<std::size_t>(o.bin)] : std::string("unknown")) + ": "
            + (o.detail ? o.detail->english() : std::string()) + "\n";
    }
    const auto &p = r.posteriors[static_cast<std::size_t>(i)];
    char buf[160];
    std::snprintf(buf, sizeof buf, "  posterior %.12f %.12f %.12f %.12f\n", p.probability[0], p.probability[1],
        p.probability[2], p.probability[3]);
    out += buf;
    const auto &rec = r.recommendations[static_cast<std::size_t>(i)];
    out += std::string("  action ") + jsonName(rec.action) + (rec.review ? " (review)" : "")
        + (rec.candidate ? " candidate" : "") + "\n";
    return out;
}

// The first line where two verdicts differ.
std::string firstDifference(const std::string &a, const std::string &b)
{
    std::istringstream ia(a), ib(b);
    std::string la, lb;
    while (true) {
        const bool ga = static_cast<bool>(std::getline(ia, la));
        const bool gb = static_cast<bool>(std::getline(ib, lb));
        if (!ga && !gb)
            return {};
        if (!ga || !gb || la != lb)
            return "untrimmed «" + (ga ? la : std::string("(nothing)")) + "», trimmed «"
                + (gb ? lb : std::string("(nothing)")) + "»";
    }
}

struct LabelLine {
    std::string role;
    int pid = -1;
    std::string expect;
    std::string label;
    std::string detail;
};

} // namespace

std::string saveCorpus(const std::string &dir, const Scenario &scenario, const test::CapturePair &pair,
    const Outcome &outcome, const std::string &workDir, CorpusEntry *entry)
{
    const TriageResult &r = *outcome.result;
    std::vector<LabelLine> lines;
    for (const Check &c : outcome.checks)
        lines.push_back({c.role, c.pid, expectJsonName(c.kind), c.label.empty() ? personLabel(c.kind) : c.label,
            c.detail.empty() ? std::string() : c.detail});
    for (const Label &l : outcome.labels)
        lines.push_back({l.role, l.pid, "label_only", l.label, {}});
    if (lines.empty())
        return "nothing labelled";
    std::vector<int> labelled; // indices in the untrimmed result, each once
    for (const auto &l : lines) {
        const int i = test::indexOfPid(r, l.pid);
        if (i < 0)
            return l.role + " (pid " + std::to_string(l.pid) + ") is not in the capture";
        if (std::find(labelled.begin(), labelled.end(), i) == labelled.end())
            labelled.push_back(i);
    }

    // Trim, replay, compare; a second try keeps every process of the sessions involved.
    std::string why;
    std::string trimDir;
    std::size_t keptAfter = 0;
    int attempt = 0;
    for (; attempt < 2; ++attempt) {
        KeepSet keep(r);
        for (int i : labelled)
            keep.addLabelled(i);
        for (const Check &c : outcome.checks)
            if (c.other > 0)
                keep.addLabelled(test::indexOfPid(r, c.other));
        keep.closeOver(attempt > 0);
        const auto pids = keep.pids();
        std::unordered_set<std::uint64_t> inodes;
        std::unordered_set<int> ports;
        keep.sockets(inodes, ports);
        trimDir = workDir + "/corpus-trim-" + std::to_string(attempt);
        std::error_code ec;
        fs::remove_all(trimDir, ec);
        test::CapturePair trimmed{trimDir + "/before", trimDir + "/after"};
        for (const auto &[from, to] : {std::pair{pair.before, trimmed.before}, std::pair{pair.after, trimmed.after}})
            if (auto e = trimRoot(from, to, pids, inodes, ports); !e.empty())
                return "trimming the capture: " + e;
        keptAfter = 0;
        for (int pid : pids)
            keptAfter += fs::exists(trimmed.after + '/' + std::to_string(pid));
        const auto again = test::replay(trimmed, test::defaultModel());
        why.clear();
        for (int i : labelled) {
            const int pid = r.snapshot->processes[static_cast<std::size_t>(i)].id.pid;
            const int j = test::indexOfPid(*again, pid);
            const std::string d = j < 0 ? std::string("missing from the trimmed replay")
                                        : firstDifference(verdictOf(r, i), verdictOf(*again, j));
            if (!d.empty()) {
                why = "pid " + std::to_string(pid) + ": " + d;
                break;
            }
        }
        if (why.empty())
            break;
    }
    if (!why.empty())
        return "the trimmed capture replays differently from the scenario's: " + why;

    const std::string out = dir + '/' + scenario.name;
    std::error_code ec;
    fs::remove_all(out, ec);
    fs::create_directories(out, ec);
    if (ec)
        return out + ": " + ec.message();
    const std::string tarball = out + "/capture.tar.gz";
    const std::string command = "tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C " + quote(trimDir)
        + " -cf - before after | gzip -9n > " + quote(tarball);
    if (std::system(command.c_str()) != 0)
        return "could not write " + tarball;

    const auto js = [](const std::string &v) { return QJsonValue(QString::fromStdString(v)); };
    const auto key = [](const char *k) { return QString::fromLatin1(k); };
    QJsonObject head;
    head.insert(key("corpus"), js("ptriage.corpus.v1"));
    head.insert(key("scenario"), js(scenario.name));
    head.insert(key("story"), js(scenario.story));
    head.insert(key("expectation"), js(scenario.expectation));
    std::string text = QJsonDocument(head).toJson(QJsonDocument::Compact).toStdString() + '\n';
    std::unordered_set<int> distinct;
    for (const auto &l : lines) {
        const int i = test::indexOfPid(r, l.pid);
        const Sample &s = r.snapshot->processes[static_cast<std::size_t>(i)];
        distinct.insert(l.pid);
        std::string because = scenario.story + " — " + scenario.expectation + " (" + l.role + ": " + l.expect;
        if (!l.detail.empty())
            because += " '" + l.detail + "'";
        because += ")";
        QJsonObject o;
        o.insert(key("pid"), l.pid);
        o.insert(key("start"), js(std::to_string(s.id.startTicks)));
        o.insert(key("role"), js(l.role));
        o.insert(key("expect"), js(l.expect));
        o.insert(key("label"), js(l.label));
        o.insert(key("why"), js(because));
        text += QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() + '\n';
    }
    if (!writeAll(out + "/labels.jsonl", text))
        return out + "/labels.jsonl: cannot write";
    if (entry) {
        entry->labels = static_cast<int>(lines.size());
        entry->processes = static_cast<int>(distinct.size());
        entry->capturedProcesses = static_cast<int>(keptAfter);
        entry->bytes = static_cast<std::size_t>(fs::file_size(tarball, ec));
        entry->wholeSessions = attempt > 0;
    }
    return {};
}

} // namespace ptriage::scenarios
