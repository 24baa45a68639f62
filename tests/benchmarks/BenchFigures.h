#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <dirent.h>
#include <vector>

namespace ptriage::bench {

// What the benchmarks share: the machine's process count, timing, medians and budget lines.
inline int processCount()
{
    int n = 0;
    DIR *d = ::opendir("/proc");
    while (dirent *e = d ? ::readdir(d) : nullptr)
        n += e->d_name[0] >= '0' && e->d_name[0] <= '9' ? 1 : 0;
    if (d)
        ::closedir(d);
    return n;
}

inline double msSince(std::chrono::steady_clock::time_point t)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

inline void verdict(const char *what, double value, double budget, const char *unit)
{
    std::printf("  %-44s %10.2f %-3s  budget ≤ %6.1f %-3s  %s\n", what, value, unit, budget, unit,
        value <= budget ? "within" : "OVER");
}

} // namespace ptriage::bench
