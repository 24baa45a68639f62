#include "ActRequest.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

namespace ptriage {
namespace {

constexpr std::array<std::pair<ActVerb, const char *>, 13> kVerbs
    = {{{ActVerb::End, "end"}, {ActVerb::Kill, "kill"}, {ActVerb::Pause, "pause"}, {ActVerb::Resume, "resume"},
        {ActVerb::Freeze, "freeze"}, {ActVerb::Thaw, "thaw"}, {ActVerb::Throttle, "throttle"},
        {ActVerb::Unthrottle, "unthrottle"}, {ActVerb::Renice, "renice"}, {ActVerb::Quarantine, "quarantine"},
        {ActVerb::Unquarantine, "unquarantine"}, {ActVerb::Signal, "signal"}, {ActVerb::Reap, "reap"}}};

} // namespace

std::optional<RecommendedAction> recommendedActionOf(ActVerb verb)
{
    switch (verb) {
    case ActVerb::End:
    case ActVerb::Kill:
        return RecommendedAction::Kill;
    case ActVerb::Pause:
        return RecommendedAction::Pause;
    case ActVerb::Freeze:
        return RecommendedAction::Freeze;
    case ActVerb::Throttle:
        return RecommendedAction::Throttle;
    case ActVerb::Renice:
        return RecommendedAction::Renice;
    case ActVerb::Quarantine:
        return RecommendedAction::Quarantine;
    default:
        return std::nullopt;
    }
}

const char *actVerbName(ActVerb verb)
{
    for (const auto &[v, name] : kVerbs)
        if (v == verb)
            return name;
    return "?";
}

std::optional<ActVerb> actVerbFromName(std::string_view name)
{
    for (const auto &[v, n] : kVerbs)
        if (name == n)
            return v;
    return std::nullopt;
}

bool endsProcesses(const ActRequest &request)
{
    if (request.verb == ActVerb::Signal)
        return request.signal == "TERM" || request.signal == "KILL" || request.signal == "INT"
            || request.signal == "HUP";
    return request.verb == ActVerb::End || request.verb == ActVerb::Kill;
}

namespace {

constexpr std::array<std::pair<ActStatus, const char *>, 7> kStatuses = {{{ActStatus::Done, "done"},
    {ActStatus::NoSuchProcess, "no_such_process"}, {ActStatus::IdentityChanged, "identity_changed"},
    {ActStatus::Refused, "refused"}, {ActStatus::Failed, "failed"}, {ActStatus::NotAuthorized, "not_authorized"},
    {ActStatus::Cancelled, "cancelled"}}};

} // namespace

const char *actStatusName(ActStatus status)
{
    for (const auto &[s, name] : kStatuses)
        if (s == status)
            return name;
    return "?";
}

std::optional<ActStatus> actStatusFromName(std::string_view name)
{
    std::string normalized(name);
    std::replace(normalized.begin(), normalized.end(), ' ', '_');
    for (const auto &[s, n] : kStatuses)
        if (normalized == n)
            return s;
    return std::nullopt;
}

} // namespace ptriage
