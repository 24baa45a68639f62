#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace ptriage {

// Figures in two forms. formatX: the C locale's decimal point whatever setlocale() says — what JSON,
// the session database and Phrase::english() keep. localX: the same figure with the decimal separator
// of the locale (QLocale()) — what people see in the window, the CLI's text and the HTML report. Unit
// symbols (B, KiB, MiB, GiB, TiB, ms, s, min, h, d) are the same in every language.
std::string formatDuration(double seconds); // "3 h 12 min", "45 s", "2 d 4 h", "1.5 s"
std::string formatBytes(double bytes); // "512 B", "12 KiB", "1.4 GiB"
std::string formatPercent(double fraction); // "97 %", "0.4 %"
std::string formatNumber(double value, int decimals); // "1.50": fixed decimals, no grouping
QString localDuration(double seconds); // "1,5 s" under de_DE
QString localBytes(double bytes); // "1,4 GiB"
QString localPercent(double fraction); // "0,4 %"
QString localNumber(double value, int decimals); // "1,50"
// A figure formatted by formatX, in the locale's decimal separator (every '.' is one).
QString localFigure(const std::string &formatted);
// Pads UTF-8 text to `width` display columns, left-aligned or right-aligned (a translated heading
// may hold multi-byte characters, which printf's %-10s would count as several).
std::string padColumns(const std::string &s, std::size_t width, bool right = false);
std::size_t displayColumns(const std::string &s); // UTF-8 characters: one column each
// Cuts UTF-8 text to `width` display columns, its last one "…" when cut, never splitting a character;
// width 0: the whole text.
std::string cutColumns(const std::string &s, std::size_t width);

} // namespace ptriage
