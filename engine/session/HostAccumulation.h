#pragma once

#include "Accumulation.h"

namespace ptriage {

// The same command on several machines: "node server.js — devbox1 ×1, buildbox ×4". Each machine's
// sessions are accumulated on their own (identities, parents and rates never mix machines); only
// the normalized commands are compared.
struct HostCount {
    std::string host; // SessionInfo::sshHost: '' is this machine
    int processes = 0; // in that machine's latest session of the span
    int leftBehind = 0; // of them: orphaned, or what started them has ended
    std::uint64_t rssBytes = 0; // of them
    double growthPerHour = 0; // over that machine's sessions; 0 when its span is too short for a rate
};

struct HostAccumulationRow {
    std::string command; // OriginKey::command
    std::vector<HostCount> hosts; // the machines it is on, most processes first
    int processes() const;
    int leftBehind() const;
};

struct HostAccumulation {
    struct Machine {
        std::string host; // '' is this machine
        int sessions = 0;
        std::int64_t firstMs = 0, lastMs = 0;
    };
    std::vector<Machine> machines; // this machine first, then by name
    std::vector<HostAccumulationRow> rows; // on the most machines first, then the most left behind
};

// `perHost`: each machine's own accumulate(). Rows for commands running on at least `minHosts`
// machines in their latest sessions.
HostAccumulation accumulateAcrossHosts(
    const std::vector<std::pair<std::string, Accumulation>> &perHost, std::size_t minHosts = 2);

} // namespace ptriage
