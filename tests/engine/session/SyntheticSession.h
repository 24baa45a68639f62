#pragma once

#include "session/Session.h"

#include <string>

namespace ptriage::test {

inline BootId fixedBoot(std::uint8_t seed = 1)
{
    BootId b;
    for (std::size_t i = 0; i < b.bytes.size(); ++i)
        b.bytes[i] = static_cast<std::uint8_t>(seed + i);
    return b;
}

// `n` processes with commands of about `commandBytes` each (real ones, e.g. node or java, are long),
// drawn from `distinct` different command lines.
inline Session syntheticSession(int n, int commandBytes = 120, int distinct = 50, std::int64_t atMs = 1'700'000'000'000)
{
    Session s;
    s.info.atMs = atMs;
    s.info.host = "testhost";
    s.info.kernel = "6.1.0-test";
    s.info.bootId = fixedBoot();
    s.info.memTotalBytes = 16ull << 30;
    s.info.memAvailableBytes = 8ull << 30;
    for (int i = 0; i < n; ++i) {
        SessionProcess p;
        p.pid = 1000 + i;
        p.startTicks = 5000 + static_cast<std::uint64_t>(i);
        p.ppid = i == 0 ? 1 : 1000 + (i - 1) / 10;
        p.parentStartTicks = i == 0 ? 0 : 5000 + static_cast<std::uint64_t>((i - 1) / 10);
        p.comm = "worker" + std::to_string(i % distinct);
        p.argv = {"/usr/bin/node", "--max-old-space-size=4096",
            "/home/user/src/app/node_modules/.bin/vitest-" + std::to_string(i % distinct)};
        std::size_t bytes = p.argv.size() - 1; // as stored: joined by NUL
        for (const auto &a : p.argv)
            bytes += a.size();
        if (static_cast<int>(bytes) < commandBytes)
            p.argv.push_back(std::string(static_cast<std::size_t>(commandBytes) - bytes, 'x'));
        p.cwd = "/home/user/src/app" + std::to_string(i % 7);
        p.cgroup = "/user.slice/user-1000.slice/user@1000.service/app.slice/app-" + std::to_string(i % 5) + ".scope";
        p.user = "user";
        p.state = 'S';
        p.rssBytes = 1000000 + static_cast<std::uint64_t>(i) * 10;
        p.cpuTicks = static_cast<std::uint64_t>(i);
        p.ageSeconds = 100 + i;
        p.posterior = {0.9, 0.05, 0.04, 0.01};
        s.info.rssBytes += p.rssBytes;
        s.processes.push_back(std::move(p));
    }
    s.info.processCount = n;
    return s;
}

} // namespace ptriage::test
