#pragma once

#include "config/Vocabulary.h"
#include "procops/identity/ProcessIdentity.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptriage {

struct TriageResult;
struct TriageConfig;

// One term of a saved ledger: no sentence, bits rounded to 0.1.
struct SavedTerm {
    std::string term;
    double bits = 0;
    ProcessClass favors = ProcessClass::Useful;
    bool operator==(const SavedTerm &) const = default;
};

// Who started a process, as a session keeps it (ProcessOrigin's words, English). All empty in a
// session saved before origins were kept.
struct SavedOrigin {
    std::string kind; // "agent", "terminal", "test_run" … (origins::jsonName)
    std::string tool; // "Claude Code", "tmux" …
    std::string key; // its group within the boot
    std::string owner; // "alive", "gone", "reused", "unknown"
    std::string project; // the project's label
    std::string description; // "the Claude Code session 5f0c2a9e…"
    bool known() const { return !kind.empty(); }
    bool ownerGone() const { return owner == "gone" || owner == "reused"; }
    bool operator==(const SavedOrigin &) const = default;
};

// One process as a session keeps it: enough to diff and to find where processes come from, not
// the whole ledger.
struct SessionProcess {
    int pid = 0;
    std::uint64_t startTicks = 0;
    int ppid = 0;
    std::uint64_t parentStartTicks = 0; // 0 when the parent was not in the scan
    std::string comm;
    std::vector<std::string> argv; // raw bytes
    std::string cwd;
    std::string cgroup;
    std::string terminal; // "tmux:SOCKET:SESSION", "screen:…", "ssh"; empty when none
    SavedOrigin origin;
    std::string user;
    char state = '?';
    bool orphaned = false; // reparented away from the parent that started it
    std::optional<double> cpuShare;
    std::optional<double> ioRate;
    std::uint64_t rssBytes = 0;
    std::uint64_t cpuTicks = 0;
    double ageSeconds = 0;
    ProcessClass classification = ProcessClass::Useful;
    std::array<double, kClassCount> posterior{};
    RecommendedAction action = RecommendedAction::Keep;
    bool review = false;
    bool candidate = false;
    int score = 0;
    std::vector<std::string> gates; // what kept the recommendation from being stronger, in English
    Risk risk = Risk::Low;
    // The evidence ledger without its sentences, strongest first. Without sentences, most processes'
    // ledgers repeat: the store keeps each once.
    std::vector<SavedTerm> ledger;

    // Bytes of the stored command line that were not loaded (SessionStore's bounds); 0: whole.
    std::size_t commandBytesCut = 0;

    ProcessIdentity identity(const BootId &boot) const { return {boot, startTicks, pid}; }
    // argv joined by spaces, for people.
    std::string commandLine() const;
};

struct SessionInfo {
    long long id = 0;
    std::int64_t atMs = 0;
    std::string host; // the machine's name (for another machine's session, the name ssh was given)
    std::string sshHost; // the host as the person named it to ssh (scan --host); empty: this machine
    BootId bootId;
    std::string kernel;
    long clockTicks = 100;
    std::uint64_t memTotalBytes = 0;
    std::uint64_t memAvailableBytes = 0;
    std::optional<double> memPressureSome;
    std::optional<double> memPressureFull;
    int processCount = 0;
    int candidateCount = 0;
    std::uint64_t rssBytes = 0; // sum over its processes
};

// A saved scan.
struct Session {
    SessionInfo info;
    std::vector<SessionProcess> processes;
    int notLoaded = 0; // processes of the stored session beyond SessionStore::kMaxProcesses
};

// What a scan becomes when it is saved (host and kernel of this machine).
Session sessionFromTriage(const TriageResult &result, const TriageConfig &config);
// The same for a scan of another machine reached as `sshHost`: its evidence names neither its
// hostname nor its kernel, so `host` is `sshHost` and the kernel is empty.
Session sessionFromHost(const TriageResult &result, const TriageConfig &config, const std::string &sshHost);

} // namespace ptriage
