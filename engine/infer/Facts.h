#pragma once

#include "ProcessOrigin.h"
#include "collect/Snapshot.h"
#include "config/TriageConfig.h"
#include "util/Phrase.h"

#include <string>
#include <vector>

class QThreadPool;

namespace ptriage {

enum class OrphanState { ParentAlive, Reparented, ReparentedSessionGone };
enum class TtyState { Foreground, Background, None };
enum class IntentKind { None, Multiplexer, Ssh, RecentTty };
enum class SupervisorKind { None, SystemdUnit, Container, ProcessManager };

struct CriticalFile {
    std::string path;
    std::string hint;
};

// Everything the evidence terms, the gates and the blast radius need to know about one process,
// derived from a snapshot (no I/O here).
struct ProcessFacts {
    int category = 0;
    std::string name; // what people call it (SignatureTable::programName)
    std::string user;
    double ageSeconds = 0;
    double lifetimeCpuShare = 0;
    OrphanState orphan = OrphanState::ParentAlive;
    // Its parent is alive, but an ancestor (this index) was left behind: the orphan state is that one's.
    int orphanedAncestor = -1;
    TtyState tty = TtyState::None;
    IntentKind intent = IntentKind::None;
    Phrase intentDetail;
    SupervisorKind supervisorKind = SupervisorKind::None;
    std::string supervisor; // "systemd:x.service", "container:…", "pm2", "tmux" …; empty when none
    std::vector<std::string> listeners; // "TCP 0.0.0.0:3000", "unix /run/x.sock"
    std::vector<int> listenPorts;
    int established = 0;
    int clients = 0; // connections accepted on its own listening ports, but for clients left behind
    int connectionsServed = 0; // connections accepted on another's listening port that it carries
    int closedRecently = 0; // connections to its TCP listening ports that ended within the last minute
    int servingDescendant = -1; // a process under it that clients use (index), or -1
    // Clients use it: connected to its listeners now or within the last minute, or carried by it.
    // Clients closed connections to its listening ports within the last minute: requests served.
    bool servedRecently() const { return !listeners.empty() && closedRecently > 0; }
    bool servesClients() const
    {
        return (!listeners.empty() && clients > 0) || servedRecently() || connectionsServed > 0;
    }
    bool working = false; // heavy I/O with files open for writing: at work, whoever started it
    int workingDescendant = -1; // a process under it that is at work (index), or -1
    // A test or build tool working for a run that still runs: the nearest runner above it (index), or -1.
    int liveRun = -1;
    std::vector<std::string> writableFiles;
    std::vector<CriticalFile> criticalFiles;
    std::vector<std::string> lockedFiles; // files it holds a lock on (path, or "inode N")
    std::vector<CriticalFile> heldLocks; // lock files others wait for that it removes on TERM (git's)
    bool cwdDeleted = false;
    bool deepKnown = false; // fds were read
    int wrapperIndex = -1; // the wrapper around this workload
    int workloadIndex = -1; // the workload this wrapper runs
    bool isWrapper = false;
    Phrase protectedReason; // empty when not protected
    Phrase cmdlineProtection; // the protected command-line pattern it matches; empty when none
    ProcessOrigin origin; // who started it, whether that one is still there, its project
};

struct FactContext {
    int selfPid = 0; // ptriage itself: it and its ancestors are never targets
    double minAgeSeconds = 0;
    // The previous triage of the same config, or null. What only a process's details (its comm
    // and command line) decide — its category and protected patterns, regular expressions — is
    // taken from there while the collector still shares the same details object (until an exec).
    const Snapshot *previous = nullptr;
    const std::vector<ProcessFacts> *previousFacts = nullptr;
    QThreadPool *pool = nullptr; // shares the per-process part across its threads; null: this thread
};

std::vector<ProcessFacts> findFacts(const Snapshot &snap, const TriageConfig &config, const FactContext &ctx);
// Children of each process (index → child indices), built once per snapshot.
std::vector<std::vector<int>> childrenOf(const Snapshot &snap);

} // namespace ptriage
