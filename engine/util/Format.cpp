#include "Format.h"

#include <cmath>
#include <cstdio>

namespace ptriage {

std::string formatDuration(double seconds)
{
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
    if (s < 86400)
        return std::to_string(s / 3600) + " h" + (s % 3600 >= 60 ? " " + std::to_string(s % 3600 / 60) + " min" : "");
    return std::to_string(s / 86400) + " d" + (s % 86400 >= 3600 ? " " + std::to_string(s % 86400 / 3600) + " h" : "");
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

} // namespace ptriage
