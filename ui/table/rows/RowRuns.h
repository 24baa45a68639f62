#pragma once

#include <algorithm>
#include <utility>
#include <vector>

namespace ptriage {

// Contiguous runs of ascending rows, as [first, last] pairs: one signal per run, not per row.
inline std::vector<std::pair<int, int>> runsOf(std::vector<int> rows)
{
    if (!std::is_sorted(rows.begin(), rows.end()))
        std::sort(rows.begin(), rows.end());
    std::vector<std::pair<int, int>> runs;
    for (int row : rows) {
        if (!runs.empty() && runs.back().second + 1 == row)
            runs.back().second = row;
        else
            runs.emplace_back(row, row);
    }
    return runs;
}

// More than a few runs become one range from the first row to the last: a sorting proxy pays for
// every signal about as much as for the rows in it.
inline std::vector<std::pair<int, int>> boundedRuns(std::vector<std::pair<int, int>> runs)
{
    constexpr std::size_t kMaxRuns = 4;
    if (runs.size() > kMaxRuns)
        runs = {{runs.front().first, runs.back().second}};
    return runs;
}

} // namespace ptriage
