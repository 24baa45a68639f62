#pragma once

#include "config/Vocabulary.h"
#include "core/ProcessIdentity.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptriage {

struct TriageResult;
struct TriageConfig;

// One process as a session keeps it: enough to diff and to find where processes come from, not
// the whole ledger.
struct SessionProcess {
    int pid = 0;
    std::uint64_t startTicks = 0;
    int ppid = 0;
    std::uint64_t parentStartTicks = 0; // 0 when the parent was not in the scan
    std::string comm;
    std::string command; // argv joined by '\0' (raw bytes)
    std::string cwd;
    std::string cgroup;
    std::string terminal; // "tmux:SOCKET:SESSION", "screen:…", "ssh"; empty when none
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
    std::string blockedBy; // the gates, one per line
    Risk risk = Risk::Low;
    // The evidence ledger without its sentences, strongest first: "term\tbits\tclass" lines
    // (savedLedger reads it). Without sentences, most processes' ledgers repeat and are stored once.
    std::string ledger;

    ProcessIdentity identity(const BootId &boot) const { return {boot, startTicks, pid}; }
    // argv joined by spaces, for people.
    std::string commandLine() const;
};

// One line of a saved ledger.
struct SavedTerm {
    std::string term;
    double bits = 0; // rounded to 0.1
    ProcessClass favors = ProcessClass::Useful;
};
std::vector<SavedTerm> savedLedger(const std::string &ledger);

struct SessionInfo {
    long long id = 0;
    std::int64_t atMs = 0;
    std::string host;
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
};

// What a scan becomes when it is saved (host and kernel of this machine).
Session sessionFromTriage(const TriageResult &result, const TriageConfig &config);

} // namespace ptriage
