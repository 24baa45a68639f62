#include "ProcessIdentity.h"

#include <charconv>

namespace ptriage {

std::string ProcessIdentity::toString() const
{
    return bootId + ':' + std::to_string(startTicks) + ':' + std::to_string(pid);
}

std::optional<ProcessIdentity> ProcessIdentity::parse(std::string_view text)
{
    const auto last = text.rfind(':');
    if (last == std::string_view::npos || last == 0)
        return std::nullopt;
    const auto mid = text.rfind(':', last - 1);
    if (mid == std::string_view::npos || mid == 0)
        return std::nullopt;
    ProcessIdentity id;
    id.bootId = std::string(text.substr(0, mid));
    const auto start = text.substr(mid + 1, last - mid - 1);
    const auto pid = text.substr(last + 1);
    auto [p1, e1] = std::from_chars(start.data(), start.data() + start.size(), id.startTicks);
    auto [p2, e2] = std::from_chars(pid.data(), pid.data() + pid.size(), id.pid);
    if (e1 != std::errc() || p1 != start.data() + start.size() || e2 != std::errc() || p2 != pid.data() + pid.size()
        || id.pid <= 0 || start.empty())
        return std::nullopt;
    for (char c : id.bootId)
        if (!(std::isxdigit(static_cast<unsigned char>(c)) || c == '-'))
            return std::nullopt;
    return id;
}

} // namespace ptriage
