#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ptriage {

std::string formatDuration(double seconds); // "3 h 12 min", "45 s", "2 d 4 h"
std::string formatBytes(double bytes); // "512 B", "12 KiB", "1.4 GiB"
std::string formatPercent(double fraction); // "97 %", "0.4 %"
// The first `n` items, and how many more there are: "a, b and 3 more".
std::string joinFirst(const std::vector<std::string> &items, std::size_t n);
// Pads UTF-8 text to `width` display columns, left-aligned or right-aligned (a translated heading
// may hold multi-byte characters, which printf's %-10s would count as several).
std::string padColumns(const std::string &s, std::size_t width, bool right = false);

} // namespace ptriage
