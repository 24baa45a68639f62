#pragma once

#include "act/ActionRules.h"

#include "decide/Triage.h"

#include <functional>
#include <string>

namespace ptriage {

class JsonWriter;

struct ScanReportOptions {
    bool all = false; // every process, not just candidates
    bool pretty = false; // indented JSON
    QThreadPool *pool = nullptr; // builds the ledgers of --all JSON across its threads; null: this thread
    // JSON: at most this many processes, the best ranked, and `left_off` says how many more there were
    // (`ptriage mcp`, whose answers are bounded); 0: every one, and no `left_off`.
    std::size_t limit = 0;
};

struct GroupsReportOptions {
    bool all = false; // every group, not only those with leftovers
    bool pretty = false;
    // At most this many groups, and members per group (`ptriage mcp`); 0: all. What a limit cut off is
    // counted: `left_off` (groups) and `members_left_off` (of a group), present only when limited.
    std::size_t limit = 0;
    std::size_t memberLimit = 0;
    const std::vector<int> *only = nullptr; // exactly these groups (one session's: `groups --session`)
    std::function<void(JsonWriter &)> more; // keys of its own at the document's end (what `--end` did)
};

struct GroupPlan;
struct PortHolders;

// `ptriage.scan.v1`: see the README for every field.
std::string scanJson(const TriageResult &r, const TriageConfig &config, const ScanReportOptions &options);
// One process, with the same fields as an element of `processes`, under `ptriage.explain.v1`, and
// `actions`: what may be done to it (ActionRules, `acted` from the action journal).
std::string explainJson(
    const TriageResult &r, const TriageConfig &config, int index, const ActedOn &acted = {}, bool pretty = true);
// The ranked table for people: each row cut to `width` display columns (0: every row whole).
std::string scanText(const TriageResult &r, const TriageConfig &config, const ScanReportOptions &options, int width);
// The full explanation of one process for people, with what may be done to it.
std::string explainText(const TriageResult &r, const TriageConfig &config, int index, const ActedOn &acted = {});
// The evidence ledger of explain's text, in the window's and the report's words (EngineLabels): a
// heading ("bits for abandoned against useful") and one line per term.
std::string ledgerText(const Ledger &ledger, ProcessClass forClass, ProcessClass against);
// {start_id, pid, command}: a process named in a list (what ending another would end or affect).
void writeProcessRef(JsonWriter &w, const TriageResult &r, int index);
// The `origin` object of a process in `ptriage.scan.v1` (and of the groups).
void writeOrigin(JsonWriter &w, const TriageResult &r, int index);
// `ptriage.groups.v1`: the processes by origin, each group with its owner, project, what it holds and
// the plan of its End (what it ends, what it leaves out and why), as `options` say.
std::string groupsJson(const TriageResult &r, const GroupsReportOptions &options);
// `ptriage.end_plan.v1`: what an End would end and what it leaves out and why (a group's End, or an End
// of chosen processes held to the same rule): the group's origin (or null), the members as in
// `ptriage.groups.v1`, those to end first, at most `memberLimit` (0: all) with `members_left_off`.
std::string endPlanJson(const TriageResult &r, const GroupPlan &plan, std::size_t memberLimit, bool pretty);
// `ptriage.port.v1`: who holds the port, whether ending each holder is safe and what it would break.
std::string portJson(const PortHolders &holders, const TriageResult &r, bool pretty);
// The same for people: one block per group, its members under it.
// width: the terminal's, to which members' command lines are cut (0: whole).
std::string groupsText(const TriageResult &r, bool all, const std::vector<int> *only = nullptr, std::size_t width = 0);
// Printable, single-line text of a command (control bytes shown as '?'; "[comm]" when it has none).
std::string printableCommandLine(const Sample &s);

} // namespace ptriage
