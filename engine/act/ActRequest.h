#pragma once

#include "config/Vocabulary.h"
#include "procops/identity/ProcessIdentity.h"
#include "util/Phrase.h"

#include <QVariantMap>

#include <optional>
#include <string>
#include <vector>

namespace ptriage {

// What a person asks ptriage to do to some processes (see engine/README.md for how it differs from
// the RecommendedAction and the helper's Verb). Targets are identities, never bare PIDs.
enum class ActVerb {
    End,
    Kill,
    Pause,
    Resume,
    Freeze,
    Thaw,
    Throttle,
    Unthrottle,
    Renice,
    Quarantine,
    Unquarantine,
    Signal,
    Reap, // a zombie: SIGCHLD to its parent, which should then collect it (the zombie itself is never signalled)
};

const char *actVerbName(ActVerb verb); // its name in the CLI, JSON and the journal: "end", "kill", …
std::optional<ActVerb> actVerbFromName(std::string_view name);
// The recommended action a verb carries out (End and Kill: kill), if it carries out one.
std::optional<RecommendedAction> recommendedActionOf(ActVerb verb);

struct ActRequest {
    ActVerb verb = ActVerb::End;
    std::vector<ProcessIdentity> targets;
    std::string signal; // Signal: HUP INT TERM KILL USR1 USR2 STOP CONT
    bool processGroup = false; // Pause/Resume/Signal: the target's whole process group
    int nice = 10; // Renice
    std::vector<int> cpus; // Quarantine (default: the last CPU)
    int quotaPercent = 25; // Throttle: percent of one core
    int endTimeoutMs = 5000; // End: how long TERM has before KILL
};

// End, Kill, and a Signal that usually ends a process (TERM, KILL, INT, HUP).
bool endsProcesses(const ActRequest &request);

enum class ActStatus {
    Done,
    NoSuchProcess, // gone before or during the action
    IdentityChanged, // the PID now names another process: nothing was done to it
    Refused, // a rule forbids it (protected, zombie, D state, critical file …)
    Failed, // the kernel said no
    NotAuthorized, // polkit said no, or nobody could answer its question
    Cancelled, // the person cancelled the authentication
};

const char *actStatusName(ActStatus status); // its name in JSON and the journal: "done", "no_such_process", …
// Also reads the words older journals stored ("no such process").
std::optional<ActStatus> actStatusFromName(std::string_view name);

struct ActOutcome {
    ProcessIdentity target;
    ActStatus status = ActStatus::Failed;
    Phrase message; // what happened, in words: English in JSON and the journal, translated when shown
    bool viaHelper = false; // done with the privileged helper
    QVariantMap undo; // a helper request (without targets) that undoes it; empty when none
    long long journalId = 0; // its row in the action journal, 0 when not recorded
};

} // namespace ptriage
