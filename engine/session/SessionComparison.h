#pragma once

#include "decide/Candidates.h"

#include "Accumulation.h"
#include "SessionDiff.h"

#include <QString>

#include <memory>

namespace ptriage {

class SessionStore;

// One point of the timeline between two sessions: how many processes of each class, and their memory.
struct TimelinePoint {
    long long sessionId = 0; // 0: now (not saved)
    std::int64_t atMs = 0;
    CandidateCounts counts; // as the window and the report count them
    std::uint64_t rssBytes = 0; // of every process
};

// What the Sessions window shows for two moments: both sessions, their diff, the accumulation over
// the sessions in between and the timeline. Immutable once built; the diff points into it.
struct SessionComparison {
    Session before;
    Session after; // info.id 0: now
    SessionDiff diff;
    Accumulation accumulation;
    std::vector<TimelinePoint> timeline; // oldest first, `before` … `after`
    int sessionsBetween = 0; // saved sessions from `before` to `after`, both included
};

TimelinePoint timelinePoint(const Session &session);

// Loads `beforeId` and `afterId` (or takes `now` when afterId is 0) and the sessions in between, at
// most `maxSessions` of them evenly spread (both ends always), for the accumulation and the timeline.
// Null with `error` set when a session cannot be read.
std::shared_ptr<const SessionComparison> compareSessions(const SessionStore &store, long long beforeId,
    long long afterId, std::shared_ptr<const Session> now, QString *error, int maxSessions = 48);

} // namespace ptriage
