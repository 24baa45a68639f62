#include "Format.h"

#include <cmath>
#include <cstdio>

namespace ptriage {

std::string formatDuration(double seconds)
{
    if (seconds < 0.995) // a one-shot's interval: "0.0 s" would say it measured nothing
        return std::to_string(std::llround(std::max(0.0, seconds) * 1000)) + " ms";
    if (seconds < 9.95) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%.1f s", std::max(0.0, seconds));
        return buf;
    }
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s < 60)
        return std::to_string(s) + " s";
    if (s < 3600)
        return std::to_string(s / 60) + " min";
    // Two units at most: "3 h 12 min", "2 d 4 h".
    const bool hours = s < 86400;
    const long long big = hours ? s / 3600 : s / 86400;
    const long long small = hours ? s % 3600 / 60 : s % 86400 / 3600;
    std::string out = std::to_string(big) + (hours ? " h" : " d");
    if (small > 0)
        out.append(" ").append(std::to_string(small)).append(hours ? " min" : " h");
    return out;
}

std::string formatBytes(double bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024 && u < 4) {
        bytes /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 || bytes >= 10 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return buf;
}

std::string formatPercent(double fraction)
{
    char buf[32];
    const double pct = fraction * 100;
    std::snprintf(buf, sizeof buf, pct >= 10 || pct == 0 ? "%.0f %%" : "%.1f %%", pct);
    return buf;
}

std::string joinFirst(const std::vector<std::string> &items, std::size_t n)
{
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < n; ++i)
        out += (i ? ", " : "") + items[i];
    if (items.size() > n)
        out += " and " + std::to_string(items.size() - n) + " more";
    return out;
}

std::string padColumns(const std::string &s, std::size_t width, bool right)
{
    std::size_t cols = 0;
    for (char c : s)
        cols += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1 : 0;
    const std::string fill(width > cols ? width - cols : 0, ' ');
    return right ? fill + s : s + fill;
}

} // namespace ptriage
