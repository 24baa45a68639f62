#include "SessionEnding.h"

#include "infer/ProcessOrigin.h"

#include <algorithm>

namespace ptriage {

using origins::OriginKind;

namespace {

bool namesASession(const ProcessOrigin &o)
{
    return o.kind == OriginKind::Agent || o.kind == OriginKind::Editor || o.kind == OriginKind::Terminal;
}

} // namespace

std::vector<int> groupsOfSession(const TriageResult &r, std::string_view id)
{
    std::vector<int> out;
    if (id.empty())
        return out;
    for (std::size_t g = 0; g < r.groups.size(); ++g) {
        const ProcessOrigin &o = r.process(r.groups[g].members.front()).origin();
        const bool named = o.sessionId == id || (id.size() >= 8 && o.sessionId.starts_with(id));
        if (namesASession(o) && named)
            out.push_back(static_cast<int>(g));
    }
    return out;
}

int sessionGroupOf(const TriageResult &r, int pid)
{
    const auto it = r.snapshot->indexByPid.find(pid);
    if (it == r.snapshot->indexByPid.end())
        return -1;
    const int group = r.groupOf[it->second];
    return namesASession(r.process(static_cast<int>(it->second)).origin()) ? group : -1;
}

std::vector<int> endedSessions(const TriageResult &r, std::string_view tool)
{
    std::vector<int> out;
    for (std::size_t g = 0; g < r.groups.size(); ++g) {
        const ProcessOrigin &o = r.process(r.groups[g].members.front()).origin();
        if (namesASession(o) && origins::ownerGone(o.owner) && (tool.empty() || o.tool == tool))
            out.push_back(static_cast<int>(g));
    }
    return out;
}

std::vector<ProcessIdentity> liveOwners(const TriageResult &r, const std::vector<int> &groups)
{
    std::vector<ProcessIdentity> out;
    for (int g : groups) {
        const ProcessOrigin &o = r.process(r.groups[static_cast<std::size_t>(g)].members.front()).origin();
        if (o.owner != origins::OwnerState::Alive || o.ownerPid <= 1)
            continue;
        const Sample *owner = r.snapshot->byPid(o.ownerPid);
        // Only the process that is the owner (its start time when known): never a pid alone.
        if (!owner || (o.ownerStartTicks != 0 && owner->id.startTicks != o.ownerStartTicks))
            continue;
        if (std::find(out.begin(), out.end(), owner->id) == out.end())
            out.push_back(owner->id);
    }
    return out;
}

std::shared_ptr<const Snapshot> withOwnersGone(const Snapshot &snap, const std::vector<ProcessIdentity> &owners)
{
    auto after = std::make_shared<Snapshot>(snap);
    const auto gone
        = [&](const ProcessIdentity &id) { return std::find(owners.begin(), owners.end(), id) != owners.end(); };
    std::vector<int> gonePids;
    std::erase_if(after->processes, [&](const Sample &s) {
        if (!gone(s.id))
            return false;
        gonePids.push_back(s.id.pid);
        return true;
    });
    if (gonePids.empty())
        return after;
    after->indexByPid.clear();
    for (std::size_t i = 0; i < after->processes.size(); ++i) {
        Sample &s = after->processes[i];
        if (std::find(gonePids.begin(), gonePids.end(), s.ppid) != gonePids.end())
            s.ppid = 1; // adopted by init (a subreaper reads the same: reparented)
        after->indexByPid.emplace(s.id.pid, i);
    }
    std::erase_if(after->locks,
        [&](const FileLock &l) { return std::find(gonePids.begin(), gonePids.end(), l.pid) != gonePids.end(); });
    return after;
}

} // namespace ptriage
