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

} // namespace ptriage
