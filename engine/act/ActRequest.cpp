#include "ActRequest.h"

#include <array>
#include <utility>

namespace ptriage {
namespace {

constexpr std::array<std::pair<ActVerb, const char *>, 13> kVerbs
    = {{{ActVerb::End, "end"}, {ActVerb::Kill, "kill"}, {ActVerb::Pause, "pause"}, {ActVerb::Resume, "resume"},
        {ActVerb::Freeze, "freeze"}, {ActVerb::Thaw, "thaw"}, {ActVerb::Throttle, "throttle"},
        {ActVerb::Unthrottle, "unthrottle"}, {ActVerb::Renice, "renice"}, {ActVerb::Quarantine, "quarantine"},
        {ActVerb::Unquarantine, "unquarantine"}, {ActVerb::Signal, "signal"}, {ActVerb::Reap, "reap"}}};

} // namespace

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

const char *actStatusName(ActStatus status)
{
    switch (status) {
    case ActStatus::Done:
        return "done";
    case ActStatus::NoSuchProcess:
        return "no such process";
    case ActStatus::IdentityChanged:
        return "identity changed";
    case ActStatus::Refused:
        return "refused";
    case ActStatus::Failed:
        return "failed";
    case ActStatus::NotAuthorized:
        return "not authorized";
    case ActStatus::Cancelled:
        return "cancelled";
    }
    return "?";
}

} // namespace ptriage
