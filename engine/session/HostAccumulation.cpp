#include "HostAccumulation.h"

#include <algorithm>
#include <map>

namespace ptriage {

int HostAccumulationRow::processes() const
{
    int n = 0;
    for (const HostCount &h : hosts)
        n += h.processes;
    return n;
}

int HostAccumulationRow::leftBehind() const
{
    int n = 0;
    for (const HostCount &h : hosts)
        n += h.leftBehind;
    return n;
}

HostAccumulation accumulateAcrossHosts(
    const std::vector<std::pair<std::string, Accumulation>> &perHost, std::size_t minHosts)
{
    HostAccumulation out;
    std::map<std::string, std::map<std::string, HostCount>> byCommand; // command → machine → count
    for (const auto &[host, acc] : perHost) {
        if (acc.sessions.empty())
            continue;
        out.machines.push_back(
            {host, static_cast<int>(acc.sessions.size()), acc.sessions.front().atMs, acc.sessions.back().atMs});
        for (const AccumulationRow &row : acc.rows) {
            const int now = row.counts.empty() ? 0 : row.counts.back();
            if (now == 0)
                continue; // gone from that machine by its latest session
            HostCount &c = byCommand[row.origin.command][host];
            c.host = host;
            c.processes += now;
            // Orphaned when first seen, or its parent or owner ended since: nobody is waiting for it.
            if (row.parentGone || row.ownerGone || row.origin.parent == "(orphaned)")
                c.leftBehind += now;
            c.rssBytes += row.rssBytes;
            c.growthPerHour += row.growthPerHour;
        }
    }
    std::stable_sort(out.machines.begin(), out.machines.end(),
        [](const HostAccumulation::Machine &a, const HostAccumulation::Machine &b) { return a.host < b.host; });
    for (auto &[command, hosts] : byCommand) {
        if (hosts.size() < std::max<std::size_t>(1, minHosts))
            continue;
        HostAccumulationRow row;
        row.command = command;
        for (auto &[host, count] : hosts)
            row.hosts.push_back(std::move(count));
        std::stable_sort(row.hosts.begin(), row.hosts.end(),
            [](const HostCount &a, const HostCount &b) { return a.processes > b.processes; });
        out.rows.push_back(std::move(row));
    }
    std::stable_sort(out.rows.begin(), out.rows.end(), [](const HostAccumulationRow &a, const HostAccumulationRow &b) {
        if (a.hosts.size() != b.hosts.size())
            return a.hosts.size() > b.hosts.size();
        if (a.leftBehind() != b.leftBehind())
            return a.leftBehind() > b.leftBehind();
        return a.processes() > b.processes();
    });
    return out;
}

} // namespace ptriage
