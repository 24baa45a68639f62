#pragma once

#include "decide/BlastLayout.h"
#include "report/SessionReport.h"
#include "session/SessionComparison.h"

#include <optional>

namespace ptriage {

// Everything an HTML report shows, as plain values: made from a live triage (everything) or from a
// saved session (no sentences, graphs or files: a session does not keep them). The renderer
// reads only this, so both kinds of report look the same where they overlap.
struct ReportProcess {
    int pid = 0;
    std::uint64_t startTicks = 0;
    std::string startId; // boot:start:pid
    std::string user;
    std::string comm;
    std::string command; // argv joined by spaces, raw bytes
    std::size_t commandBytesCut = 0; // bytes of it the session database held but did not give
    char state = '?';
    bool orphaned = false;
    ProcessClass classification = ProcessClass::Useful;
    std::array<double, kClassCount> posterior{};
    std::optional<Confidence> confidence; // not kept in sessions
    int score = 0;
    RecommendedAction action = RecommendedAction::Keep;
    bool review = false;
    ParentAction parentAction = ParentAction::None; // a zombie's: what its parent should do
    int targetPid = 0; // the process to act on when it is another (a zombie's parent); 0: itself
    bool candidate = false;
    std::vector<std::string> blocks; // the gates, in words
    Risk risk = Risk::Low;
    std::optional<double> cpuShare;
    std::uint64_t rssBytes = 0;
    double ageSeconds = 0;
    // Who started it (ProcessOrigin): its group, in words (translated live, English from a session),
    // whether that owner is gone, its project. Empty in a session saved before origins were kept.
    std::string originKey;
    std::string origin;
    bool ownerGone = false;
    std::string project;
};

// The candidates of one origin: the report's "Left behind, by origin" table.
struct ReportOrigin {
    std::string origin; // in words
    bool ownerGone = false;
    std::string project;
    std::vector<int> candidates; // into ReportInput::processes, highest score first
    int members = 0; // its processes in the report (candidates or not)
    std::uint64_t candidateRssBytes = 0;
};

// What a candidate's card shows beyond its row.
struct ReportCard {
    int process = 0; // into ReportInput::processes
    std::vector<EvidenceTerm> ledger; // sentences empty when from a session
    bool sentences = true;
    std::optional<std::array<double, kActionCount>> expectedLoss;
    std::array<bool, kActionCount> allowed{};
    std::vector<std::string> blastReasons;
    std::optional<BlastLayout> graph;
    // The graph's processes: label, class and risk, by snapshot index.
    struct GraphNode {
        int index = -1;
        std::string label; // comm
        int pid = 0;
        ProcessClass classification = ProcessClass::Useful;
        Risk risk = Risk::Low;
    };
    std::vector<GraphNode> graphNodes;
    std::string cwd;
    std::string project;
    std::string cgroup;
    std::string supervisor;
    std::vector<std::string> listeners;
    std::vector<std::string> writing; // files open for writing (critical ones with their hint)
    std::vector<std::string> locks;
    std::vector<std::pair<std::string, std::string>> environment; // never a secret-looking key
    std::string partial; // what could not be read
};

struct ReportHeader {
    std::string source; // "live" or "session"
    long long sessionId = 0;
    std::string host;
    std::string kernel;
    std::int64_t bootAtMs = 0; // 0: unknown
    std::int64_t scannedAtMs = 0;
    std::uint64_t memTotalBytes = 0;
    std::uint64_t memAvailableBytes = 0;
    std::optional<std::uint64_t> swapTotalBytes;
    std::optional<std::uint64_t> swapFreeBytes;
    std::optional<double> memPressureSome;
    std::optional<double> memPressureFull;
    CandidateCounts counts; // as the window, the tray and scan count them
};

// How much a report shows, whatever a session database holds: the page stays a few MB. What is
// left out is said, with how much.
inline constexpr std::size_t kReportProcessRows = 5000; // "Every process"
inline constexpr std::size_t kReportCandidates = 200; // rows of the candidate table, and cards
inline constexpr std::size_t kReportActions = 200;
inline constexpr std::size_t kReportCommandBytes = 4096; // of one command line in its card
inline constexpr std::size_t kReportUnfoldedBytes = 1024; // of one in a table, unfolded or in its title

struct ReportInput {
    ReportHeader header;
    std::vector<ReportProcess> processes; // candidates first by score, then the rest
    int processesNotLoaded = 0; // a saved session's processes beyond what the store gives
    std::vector<ReportCard> cards; // one per candidate, in the same order
    std::vector<ReportOrigin> origins; // origins with candidates, the most candidate memory first
    std::vector<SessionAction> actions; // the first kReportActions
    long long actionsInSpan = 0; // all of them
    std::shared_ptr<const SessionComparison> comparison; // null: no earlier session
    const TriageConfig *config = nullptr; // for the methods section; must outlive the render
    double minAgeSeconds = 0;
    std::string version;
    // "Report made": a value, so that the same input gives the same bytes. reportFrom… set it to the
    // scan's own time (a saved session's, a live scan's); a caller may set another (SOURCE_DATE_EPOCH).
    std::int64_t generatedAtMs = 0;
    QString locale; // "de", "en": the language of the words around the data
};

ReportInput reportFromTriage(const TriageResult &result, const TriageConfig &config);
ReportInput reportFromSession(const Session &session, const TriageConfig &config);

} // namespace ptriage
