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
};

// `ptriage.scan.v1`: see the README for every field.
std::string scanJson(const TriageResult &r, const TriageConfig &config, const ScanReportOptions &options);
// One process, with the same fields as an element of `processes`, under `ptriage.explain.v1`, and
// `actions`: what may be done to it (ActionRules, `acted` from the action journal).
std::string explainJson(const TriageResult &r, const TriageConfig &config, int index, const ActedOn &acted = {});
// The ranked table for people: each row cut to `width` display columns (0: every row whole).
std::string scanText(const TriageResult &r, const TriageConfig &config, const ScanReportOptions &options, int width);
// The full explanation of one process for people, with what may be done to it.
std::string explainText(const TriageResult &r, const TriageConfig &config, int index, const ActedOn &acted = {});
// The evidence ledger of explain's text, in the window's and the report's words (EngineLabels): a
// heading ("bits for abandoned against useful") and one line per term.
std::string ledgerText(const Ledger &ledger, ProcessClass forClass, ProcessClass against);
// The `origin` object of a process in `ptriage.scan.v1` (and of the groups).
void writeOrigin(JsonWriter &w, const TriageResult &r, int index);
// `ptriage.groups.v1`: the processes by origin, each group with its owner, project, what it holds and
// the plan of its End (what it ends, what it leaves out and why). `all`: also groups with no leftovers;
// `only`: exactly these groups (one session's, `groups --session`). `more` writes keys of its own at the
// end of the document (what `--end` did).
std::string groupsJson(const TriageResult &r, bool all, bool pretty, const std::vector<int> *only = nullptr,
    const std::function<void(JsonWriter &)> &more = {});
// The same for people: one block per group, its members under it.
std::string groupsText(const TriageResult &r, bool all, const std::vector<int> *only = nullptr);
// Printable, single-line text of a command (control bytes shown as '?'; "[comm]" when it has none).
std::string printableCommandLine(const Sample &s);

} // namespace ptriage
