#pragma once

#include "collect/Snapshot.h"
#include "config/OriginTools.h"
#include "util/Phrase.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ptriage {

struct ProcessFacts;
struct TriageConfig;

// Who started a process, as a person would name it: the coding-agent, editor or terminal session, the
// test or build run, the unit or container, else its login session; whether that owner is still there;
// and the project it works in. Processes of one origin share its `key`: one group, one decision.
struct ProcessOrigin {
    origins::OriginKind kind = origins::OriginKind::Session;
    std::string tool; // "Claude Code", "tmux", "ssh", "pytest", "systemd" …: a name, not translated
    std::string key; // the group, stable while its processes live ("agent:Claude Code:<id>@<uid>"; one user's)
    std::string sessionId; // the tool's own id of the session, when it sets one
    int ownerPid = 0; // the process that started it, when known (0: unknown)
    std::uint64_t ownerStartTicks = 0; // its start time, when known: a pid alone is never trusted
    origins::OwnerState owner = origins::OwnerState::Unknown;
    std::int64_t ownerSeenAliveMs = 0; // the last scan that saw the owner alive (live service); 0: none
    std::string project; // the git work tree of its cwd, else the cwd; empty when unknown
    std::string projectLabel; // "api", "api@fix-auth" (a linked worktree), "~/scratch"
    std::string unit; // the systemd unit or container, when there is one
};

// The origin in words for people, by tool and project: "the Claude Code session 1b2f…", "tmux session 0
// in api", "a pytest run in api"; a pid only when nothing else names it.
Phrase originPhrase(const ProcessOrigin &o);
// Its owner's state in words: "alive (pid 812)", "ended", "ended; pid 812 now belongs to a newer
// process", with when it was last seen alive when known (`nowMs`: the scan's time).
Phrase ownerPhrase(const ProcessOrigin &o, std::int64_t nowMs);

// Whether an agent, editor, terminal or test run started process `pid` and is gone (the pid of an owner
// that is the process itself names no owner apart from it).
bool startedByOneGone(const ProcessOrigin &o, int pid);

// Fills `facts[i].origin` for every process, after findFacts (it reads the orphan state, the supervisor
// and the category) and before the evidence (the owner term reads it). `previous*`: the last scan of the live service,
// or null: an owner seen there keeps its pid and start time after its processes were reparented.
void findOrigins(const Snapshot &snap, std::vector<ProcessFacts> &facts, const TriageConfig &config,
    const Snapshot *previous, const std::vector<ProcessFacts> *previousFacts);

// The processes of one origin, parents before their children.
struct OriginGroup {
    std::string key;
    std::vector<int> members; // snapshot indices
};
// Every process in exactly one group; groups in the order of their oldest member.
std::vector<OriginGroup> groupByOrigin(const Snapshot &snap, const std::vector<ProcessFacts> &facts);

} // namespace ptriage
