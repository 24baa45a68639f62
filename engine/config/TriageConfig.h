#pragma once

#include "EndedSessionRules.h"
#include "EvidenceTerms.h"
#include "JsonConfig.h"
#include "PressureThresholds.h"
#include "Vocabulary.h"

#include <QRegularExpression>

#include <array>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ptriage {

using ClassVector = std::array<double, kClassCount>;

// One evidence term: the likelihood of each of its bins under each class (natural log).
struct TermTable {
    std::string name;
    std::vector<std::string> bins;
    std::vector<ClassVector> logLikelihood;
    int binIndex(std::string_view bin) const;
};

// How past decisions count (priors.json thresholds.learning_*).
struct LearningParams {
    double halfLifeDays = 30; // a vote counts half after this long
    double spareWeight = 2; // a spare against a kill: keeping by mistake costs less than ending
    double minVotes = 1.5; // decayed votes a level needs: two recent ones, not one, nor two long ago
    double respawnSeconds = 60; // a same-command process started this soon after a kill undoes it
    double baseLevelWeight = 0.5; // the program's name alone says less than its arguments
};

// Memory that only grows across saved sessions (priors.json thresholds.leak_*).
struct LeakParams {
    int minSessions = 3;
    double minGrowthBytes = 32 << 20; // first saved session → now
    double minGrowthRatio = 0.2;
};

struct Priors {
    ClassVector logPrior{};
    double maxBitsPerTerm = 6;
    double maxBitsState = 12;
    double maxBitsKindOwnerGone = 1; // the kind of program's bound when what started it is gone
    double maxBitsLeftBehindInUse = 1; // the signs of being left behind together, when in use (clients, work)
    double cpuIdle = 0.005, cpuTrickle = 0.03, cpuBusy = 0.1, cpuSpinning = 0.6;
    double ioIdle = 512, ioHeavy = 1 << 20;
    double sustainedCpu = 0.5, sustainedMinAge = 3600;
    double agePast = 1, ageLongPast = 4, ageFarPast = 20;
    double recentTtySeconds = 600;
    // Bins of "how long since it last ran": seconds < minutes < hours < days.
    double lastRanMinutes = 60, lastRanHours = 3600, lastRanDays = 86400;
    // Below this share of a core over its life it has hardly run since it started: where the scheduler
    // does not say when it last ran, its age says it instead.
    double idleLifeCpuShare = 0.0005;
    LearningParams learning;
    LeakParams leak;
    std::vector<TermTable> terms;
    const TermTable &term(std::string_view name) const;
};

// priors.json "likelihoods" against kEvidenceTables, before merging: an unknown term or bin is an
// error naming the file, line, bad name and the valid ones (a typo is never dropped); the shipped
// defaults (`shipped`) must also give every term and bin.
bool checkEvidenceTables(const JsonConfig &file, bool shipped, ConfigError *error);

struct Category {
    std::string id;
    std::string label; // signatures.json's, English: JSON and the session database keep it
    // The label inside a sentence: `label` in english(), translated in text() when it is a shipped
    // category's own label (a user's category or label is shown as written).
    Phrase word() const;
    bool interactive = false;
    bool worker = false; // lives to serve its parent: outliving it is the strong sign
    bool isProtected = false;
    std::optional<double> expectedLifetimeSeconds;
    // A kind that sets no expectation (unknown, a script) still has a typical life: weighed by the
    // milder age_unknown_kind table, so days of idleness are not "unsure".
    std::optional<double> typicalLifetimeSeconds;
    ClassVector logLikelihood{};
};

struct Signature {
    int category = 0;
    std::vector<std::string> names;
    std::optional<QRegularExpression> cmdline;
};

struct SignatureTable {
    std::vector<std::string> interpreters;
    std::vector<Category> categories;
    std::vector<Signature> signatures;
    int unknownCategory = 0;
    // The signatures that are a regular expression alone, joined (empty when they cannot be): one
    // match turns away most commands. index() makes it and the name index again after `signatures`
    // changed.
    std::optional<QRegularExpression> anyUnnamedCmdline;
    void index();
    int categoryIndex(std::string_view id) const;
    // The category of a command: by comm, argv[0]'s basename, the script an interpreter runs,
    // or a regular expression over the whole command line. First matching signature wins.
    int match(const std::string &comm, const std::vector<std::string> &cmdline) const;
    // What people call the process: the script an interpreter runs (migrate.py), else its program's
    // name (hugo, bash for a login shell's -bash), else comm. Every surface names a process by it.
    std::string programName(const std::string &comm, const std::vector<std::string> &cmdline) const;

private:
    // Which signatures name each name, and which name none: a command meets only those (hundreds
    // of names, compared one by one, were most of what matching a process cost).
    std::unordered_map<std::string, std::vector<int>> m_byName;
    std::vector<int> m_unnamed;
};

struct CriticalFilePattern {
    QRegularExpression pattern;
    std::string hint;
    // Programs (by name) that remove the file when they end on TERM, as git does its locks: held by
    // one of them, ending it frees the file, and pausing or freezing keeps it held.
    std::vector<std::string> removedOnTermBy;
};

struct BlastWeights {
    double child = 0.35, wrapper = 0.3, listenerClient = 0.6, sharedSocket = 0.5, sharedLock = 0.6, supervisor = 0.5;
};

struct Policy {
    double minAgeSeconds = 1800;
    // A process kept only because acting is not worth the risk, yet at least this likely
    // abandoned, is still a candidate: "review".
    double reviewMinAbandoned = 0.5;
    // An action worth less than this score (of 100) is shown but is no candidate: not bold, not counted.
    int candidateMinScore = 5;
    std::vector<std::string> protectedNames;
    std::vector<QRegularExpression> protectedCmdline;
    std::vector<std::string> protectedUsers;
    std::vector<std::string> wrapperNames;
    std::vector<std::string> shellNames;
    std::array<std::array<double, kActionCount>, kClassCount> loss{};
    std::vector<CriticalFilePattern> criticalFiles;
    // Any of them, joined: one match turns away most paths (each file open for writing would be matched
    // against every pattern). Empty when they cannot be joined (a back-reference would change meaning).
    std::optional<QRegularExpression> anyCriticalFile;
    double hopDecay = 0.5;
    int maxHops = 3;
    BlastWeights weights;
    double listenerFloor = 0.25;
    double levelMedium = 0.2, levelHigh = 0.5, levelCritical = 0.8;
    PressureThresholds pressure; // the memory-pressure monitor ("pressure")
    EndedSessionRules endedSessions; // the tray's ended-session alerts ("ended_sessions")
};

// Priors, signatures and policy: the shipped defaults, each overridable by a file of the same
// name in the user's config directory.
struct TriageConfig {
    Priors priors;
    SignatureTable signatures;
    Policy policy;
    QStringList sources; // the files that were read, for `--help`-style diagnostics

    // `userDir` empty: QStandardPaths' config location for "ptriage".
    static std::optional<TriageConfig> load(const QString &userDir, ConfigError *error);
};

} // namespace ptriage
