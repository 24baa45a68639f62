#include "Accumulation.h"
#include "infer/Origin.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace ptriage {

namespace {

// The same origins as the groups (ProcessOrigin), by what started them rather than which session:
// "what keeps spawning these" is a kind of session, not one of them.
std::string startedBy(const SavedOrigin &o)
{
    if (o.kind == "agent" || o.kind == "editor" || o.kind == "terminal" || o.kind == "test_run")
        return o.tool;
    return {};
}

} // namespace

Accumulation accumulate(const std::vector<Session> &sessions)
{
    Accumulation out;
    if (sessions.empty())
        return out;
    const std::string home = origin::homeDirectory();
    const std::size_t n = sessions.size();
    std::map<OriginKey, AccumulationRow> rows;
    // The parent a process had when first seen: once orphaned, its parent is init, which says nothing
    // about where it came from.
    std::unordered_map<ProcessIdentity, std::string> firstParent;
    // Sessions repeat the same texts: normalize each once.
    std::unordered_map<std::string, std::string> commands, paths, units;
    const auto command = [&](const SessionProcess &p) -> const std::string & {
        // The cache's key: argv joined by NUL, or the comm marked for a process without one ("[comm]"
        // is not a command "comm").
        std::string raw;
        for (std::size_t a = 0; a < p.argv.size(); ++a)
            raw += (a ? std::string(1, '\0') : std::string()) + p.argv[a];
        if (raw.empty())
            raw = "\x01" + p.comm;
        auto it = commands.find(raw);
        if (it == commands.end())
            it = commands.emplace(raw, origin::normalizeCommand(p.argv, p.comm, home)).first;
        return it->second;
    };
    const auto cached = [&](std::unordered_map<std::string, std::string> &cache, const std::string &raw,
                            auto normalize) -> const std::string & {
        auto it = cache.find(raw);
        if (it == cache.end())
            it = cache.emplace(raw, normalize(raw)).first;
        return it->second;
    };
    for (std::size_t si = 0; si < n; ++si) {
        const Session &s = sessions[si];
        out.sessions.push_back(s.info);
        std::unordered_map<int, const SessionProcess *> byPid;
        byPid.reserve(s.processes.size() * 2);
        for (const auto &p : s.processes)
            byPid.emplace(p.pid, &p);
        for (const auto &p : s.processes) {
            if (p.pid <= 2 || p.ppid == 2)
                continue; // init and kernel threads come from nowhere
            const ProcessIdentity id = p.identity(s.info.bootId);
            auto parentIt = byPid.find(p.ppid);
            const SessionProcess *parent = parentIt == byPid.end() ? nullptr : parentIt->second;
            std::string parentPattern;
            if (auto known = firstParent.find(id); known != firstParent.end()) {
                parentPattern = known->second;
            } else {
                parentPattern = parent ? command(*parent) : std::string("(unknown)");
                if (p.orphaned)
                    parentPattern = "(orphaned)";
                firstParent.emplace(id, parentPattern);
            }
            OriginKey key{command(p), parentPattern,
                cached(units, p.cgroup, [](const std::string &c) { return origin::unitOf(c); }),
                cached(paths, p.cwd, [&](const std::string &c) { return origin::normalizePath(c, home); }), p.terminal,
                startedBy(p.origin)};
            AccumulationRow &row = rows[key];
            if (row.counts.empty())
                row.counts.assign(n, 0);
            ++row.counts[si];
            if (si == n - 1) {
                row.rssBytes += p.rssBytes;
                // Its first parent is no longer its parent: that one is gone.
                row.parentGone = row.parentGone || (p.orphaned && parentPattern != "(orphaned)");
                row.ownerGone = row.ownerGone || (!key.startedBy.empty() && p.origin.ownerGone());
                if (!row.oldest.isValid() || p.ageSeconds > row.oldestAgeSeconds) {
                    row.oldest = id;
                    row.oldestAgeSeconds = p.ageSeconds;
                }
            }
            if (row.counts[si] == 1 && !row.examples.empty() && si > 0 && row.counts[si - 1] == 0)
                row.examples.clear(); // examples from the latest run of this origin
            if (row.examples.size() < 3)
                row.examples.push_back(id);
        }
    }
    out.spanHours = static_cast<double>(sessions.back().info.atMs - sessions.front().info.atMs) / 3600e3;
    const double total = static_cast<double>(std::max<std::size_t>(1, sessions.back().processes.size()));
    for (auto &[key, row] : rows) {
        row.origin = key;
        const int growth = row.counts.back() - row.counts.front();
        row.growthPerHour = out.rateKnown() ? growth / out.spanHours : 0;
        row.shareOfTotal = row.counts.back() / total;
        out.rows.push_back(std::move(row));
    }
    std::stable_sort(out.rows.begin(), out.rows.end(), [](const AccumulationRow &a, const AccumulationRow &b) {
        if (a.growthPerHour != b.growthPerHour)
            return a.growthPerHour > b.growthPerHour;
        if (a.counts.back() != b.counts.back())
            return a.counts.back() > b.counts.back();
        return a.rssBytes > b.rssBytes;
    });
    return out;
}

Phrase parentText(const std::string &parent)
{
    if (parent == "(orphaned)")
        return Phrase("Accumulation", QT_TRANSLATE_NOOP("Accumulation", "(orphaned)"));
    if (parent == "(unknown)")
        return Phrase("Accumulation", QT_TRANSLATE_NOOP("Accumulation", "(unknown)"));
    return Phrase(parent);
}

} // namespace ptriage
