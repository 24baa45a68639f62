#include "Format.h"

#include <QLocale>

#include <charconv>
#include <cmath>

namespace ptriage {

std::string formatNumber(double value, int decimals)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, decimals);
    return r.ec == std::errc() ? std::string(buf, r.ptr) : std::string("?");
}

std::string formatDuration(double seconds)
{
    if (seconds < 0.995) // a one-shot's interval: "0.0 s" would say it measured nothing
        return std::to_string(std::llround(std::max(0.0, seconds) * 1000)) + " ms";
    if (seconds < 9.95)
        return formatNumber(std::max(0.0, seconds), 1) + " s";
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
    return formatNumber(bytes, u == 0 || bytes >= 10 ? 0 : 1) + ' ' + units[u];
}

std::string formatPercent(double fraction)
{
    const double pct = fraction * 100;
    return formatNumber(pct, pct >= 10 || pct == 0 ? 0 : 1) + " %";
}

QString localFigure(const std::string &formatted)
{
    QString out = QString::fromUtf8(formatted.data(), static_cast<qsizetype>(formatted.size()));
    const QString point = QLocale().decimalPoint();
    if (point != QLatin1String("."))
        out.replace(QLatin1Char('.'), point);
    return out;
}

QString localDuration(double seconds)
{
    return localFigure(formatDuration(seconds));
}

QString localBytes(double bytes)
{
    return localFigure(formatBytes(bytes));
}

QString localPercent(double fraction)
{
    return localFigure(formatPercent(fraction));
}

QString localNumber(double value, int decimals)
{
    return localFigure(formatNumber(value, decimals));
}
std::size_t displayColumns(const std::string &s)
{
    std::size_t cols = 0;
    for (char c : s)
        cols += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1 : 0;
    return cols;
}

std::string padColumns(const std::string &s, std::size_t width, bool right)
{
    const std::size_t cols = displayColumns(s);
    const std::string fill(width > cols ? width - cols : 0, ' ');
    return right ? fill + s : s + fill;
}

std::string cutColumns(const std::string &s, std::size_t width)
{
    if (width == 0)
        return s;
    std::size_t cols = 0, i = 0;
    while (i < s.size() && cols < width) {
        ++i;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xc0) == 0x80)
            ++i;
        ++cols;
    }
    std::string out = s.substr(0, i);
    if (i < s.size() && !out.empty()) {
        // Its last character makes room for the mark: its continuation bytes, then its first.
        while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xc0) == 0x80)
            out.pop_back();
        if (!out.empty())
            out.pop_back();
        out += "…";
    }
    return out;
}

} // namespace ptriage
