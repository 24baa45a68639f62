#include "ByteSize.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

namespace ptriage {

std::optional<std::uint64_t> parseByteSize(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    std::size_t digits = 0;
    while (digits < text.size() && (std::isdigit(static_cast<unsigned char>(text[digits])) || text[digits] == '.'))
        ++digits;
    if (digits == 0)
        return std::nullopt;
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + digits, value);
    if (ec != std::errc() || end != text.data() + digits || !std::isfinite(value) || value < 0)
        return std::nullopt;
    std::string unit(text.substr(digits));
    for (char &c : unit)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (unit.ends_with("IB"))
        unit.resize(unit.size() - 2);
    else if (unit.size() > 1 && unit.ends_with('B'))
        unit.pop_back();
    const std::string_view units = "BKMGTP";
    int power = 0;
    if (!unit.empty()) {
        if (unit.size() != 1 || units.find(unit[0]) == std::string_view::npos)
            return std::nullopt;
        power = static_cast<int>(units.find(unit[0]));
    }
    const double bytes = std::ldexp(value, 10 * power);
    if (bytes >= 9.2e18 || (power == 0 && value != std::floor(value)))
        return std::nullopt;
    return static_cast<std::uint64_t>(std::llround(bytes));
}

} // namespace ptriage
