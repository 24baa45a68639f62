#pragma once

#include "act/ActRequest.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptriage {

// `ptriage.act.v1`: what `ptriage act --json` did on its machine, one outcome per target, for the
// machine that asked over ssh (which journals it under that host's name and offers its undo).
inline constexpr std::string_view kActOutcomesSchema = "ptriage.act.v1";

struct ActReport {
    ActVerb verb = ActVerb::End;
    bool undoing = false; // the outcomes of `act undo ID`
    std::vector<ActOutcome> outcomes; // message: English; undo: non-empty when it can be undone there
};

std::string actOutcomesJson(const ActReport &report);

// Nothing in `json` is trusted: each field is checked, messages are bounded, and each outcome's
// target must be one of `asked` (empty: any one identity, as for an undo whose target only the
// other machine's journal knows). On any problem: false, with where and why in `error`.
bool parseActOutcomes(
    std::string_view json, const std::vector<ProcessIdentity> &asked, ActReport &out, std::string *error);

} // namespace ptriage
