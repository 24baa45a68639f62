#include "SessionComparison.h"

#include "session/database/SessionStore.h"

#include <QCoreApplication>

#include <algorithm>

namespace ptriage {

TimelinePoint timelinePoint(const Session &session)
{
    TimelinePoint p;
    p.sessionId = session.info.id;
    p.atMs = session.info.atMs;
    for (const SessionProcess &x : session.processes) {
        p.counts.add(x.classification, x.candidate, x.review, x.action, x.state == 'Z' ? 0 : x.rssBytes);
        p.rssBytes += x.rssBytes;
    }
    return p;
}

namespace {

// Evenly spread picks of `count` items, both ends included.
std::vector<std::size_t> spread(std::size_t count, std::size_t most)
{
    std::vector<std::size_t> picks;
    if (count <= most) {
        for (std::size_t i = 0; i < count; ++i)
            picks.push_back(i);
        return picks;
    }
    for (std::size_t k = 0; k < most; ++k) {
        const std::size_t i = k * (count - 1) / (most - 1);
        if (picks.empty() || picks.back() != i)
            picks.push_back(i);
    }
    return picks;
}

} // namespace

std::shared_ptr<const SessionComparison> compareSessions(const SessionStore &store, long long beforeId,
    long long afterId, std::shared_ptr<const Session> now, QString *error, int maxSessions)
{
    if (afterId == 0 && !now) {
        *error = QCoreApplication::translate("SessionComparison", "there is no current scan to compare with yet");
        return nullptr;
    }
    const auto all = store.sessions(0, error, SessionStore::kEveryHost);
    if (!error->isEmpty())
        return nullptr;
    // The saved sessions from `before` through `after` (or the newest, when comparing with now), of
    // `before`'s machine only: a session of another host is never compared with this machine's.
    const auto first = std::find_if(all.begin(), all.end(), [&](const SessionInfo &s) { return s.id == beforeId; });
    const std::string machine = first == all.end() ? std::string() : first->sshHost;
    const auto last = std::find_if(all.begin(), all.end(), [&](const SessionInfo &s) { return s.id == afterId; });
    if (last != all.end() && last->sshHost != machine) {
        *error = QCoreApplication::translate(
            "SessionComparison", "sessions %1 and %2 are of different machines: nothing to compare")
                     .arg(beforeId)
                     .arg(afterId);
        return nullptr;
    }
    std::vector<SessionInfo> span;
    bool in = false;
    for (const SessionInfo &s : all) {
        if (s.sshHost != machine)
            continue;
        in = in || s.id == beforeId;
        if (in)
            span.push_back(s);
        if (in && afterId != 0 && s.id == afterId)
            break;
    }
    if (span.empty() || (afterId != 0 && span.back().id != afterId)) {
        *error = QCoreApplication::translate("SessionComparison", "session %1 is not before session %2, or one is gone")
                     .arg(beforeId)
                     .arg(afterId);
        return nullptr;
    }
    auto out = std::make_shared<SessionComparison>();
    out->sessionsBetween = static_cast<int>(span.size());
    std::vector<Session> loaded;
    for (std::size_t i : spread(span.size(), static_cast<std::size_t>(std::max(2, maxSessions)))) {
        auto s = store.load(span[i].id, error);
        if (!s)
            return nullptr;
        loaded.push_back(std::move(*s));
    }
    if (afterId == 0)
        loaded.push_back(*now);
    out->before = loaded.front();
    out->after = loaded.back();
    for (const Session &s : loaded)
        out->timeline.push_back(timelinePoint(s));
    out->accumulation = accumulate(loaded);
    out->diff = diffSessions(out->before, out->after);
    return out;
}

} // namespace ptriage
