#pragma once

#include "config/TriageConfig.h"
#include "procops/identity/ProcessIdentity.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ptriage {

// One decision a person made about a process: ended it (a vote for "abandoned") or spared it
// (a vote for "useful").
struct Decision {
    enum class Vote { Kill, Spare };
    long long id = 0; // the session database's row; 0 before it is recorded
    Vote vote = Vote::Kill;
    ProcessIdentity target;
    std::vector<std::string> argv; // raw bytes
    std::int64_t atMs = 0; // wall clock
};

// From the most specific to the least.
enum class PatternLevel { Exact, Generalized, Base };
const char *jsonName(PatternLevel level);
const char *labelSource(PatternLevel level); // "exact command", "generalized", "program only" (EngineLabels)

// A command at the three levels: argv as it was; with home, temporary paths, numbers (ports,
// versions), UUIDs and hashes normalized; the program's name alone, version suffix dropped.
struct CommandPatterns {
    std::string exact;
    std::string generalized;
    std::string base;
    const std::string &at(PatternLevel level) const;
};
// Empty when the command is (a kernel thread, an unreadable cmdline).
std::optional<CommandPatterns> commandPatterns(const std::vector<std::string> &argv);

// When a process of the exact pattern started, for "respawned right after it was ended".
struct ProcessStart {
    std::vector<std::string> argv;
    ProcessIdentity id;
    std::int64_t startMs = 0;
};

// The decayed votes behind one pattern. `respawned`: kills undone by a respawn, which count
// against the kill side.
struct Match {
    std::string pattern;
    PatternLevel level = PatternLevel::Exact;
    double kills = 0;
    double spares = 0;
    double respawned = 0;
    int votes = 0; // decisions behind it, not decayed
    std::int64_t lastAtMs = 0;
};

// Decaying Beta-binomial counts per pattern and level, built once from the stored decisions.
class LearnedPatterns {
public:
    LearnedPatterns() = default;
    LearnedPatterns(const std::vector<Decision> &decisions, const std::vector<ProcessStart> &starts,
        const LearningParams &params, std::int64_t nowMs);

    // The most specific level with at least `minVotes` decayed votes.
    std::optional<Match> lookup(const std::vector<std::string> &argv) const;
    // Every pattern, most votes first (for `ptriage learned` and the dialog).
    std::vector<Match> all() const;
    bool empty() const { return m_levels[0].empty(); }
    // Log-odds (natural) of "ended" against "kept" that a match stands for: Beta(1, 1) posterior
    // mean, spares and respawns weighted, the base level halved (a program's name says less).
    double logOdds(const Match &m) const;

private:
    std::optional<Match> lookupUncached(const std::vector<std::string> &argv) const;

    LearningParams m_params;
    std::unordered_map<std::string, Match> m_levels[3];
    // Lookups by command: a process keeps its command, and the window triages every 2 s.
    struct Cache {
        std::mutex mutex;
        std::unordered_map<std::string, std::optional<Match>> byCommand;
    };
    std::shared_ptr<Cache> m_cache = std::make_shared<Cache>();
};

} // namespace ptriage
