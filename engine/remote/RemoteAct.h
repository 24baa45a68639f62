#pragma once

#include "ActOutcomesJson.h"
#include "RemoteEvidence.h"
#include "act/ActionJournal.h"
#include "decide/Triage.h"

#include <string>
#include <vector>

namespace ptriage {

// Acting on another machine: its own `ptriage act --json --yes` over ssh does it (it checks each
// identity again there: a pid reused there is refused there, and keeps how to undo it); each
// outcome is journaled here under the host's name. Shared by `act --host` and the window. Blocking:
// never on the GUI thread.
struct RemoteHost {
    HostSpec spec;
    RemoteOptions remote;
};

// The host `name` (its command from the hosts file when listed there) and how ssh reaches it
// (PTRIAGE_SSH_COMMAND). False with why.
bool resolveHost(const std::string &name, RemoteHost &out, std::string *why);

// What `ptriage act …` there did: its outcomes, each journaled here under the host's name (`ids`,
// index-aligned; 0 where it could not be written, `warning` says why). `error` (one line): it did not
// get to answer in words we trust, and nothing was journaled; `notes`: its standard error beside a
// good answer.
struct RemoteActResult {
    ActReport report;
    std::vector<long long> ids;
    std::string error;
    std::string notes;
    std::string warning;
    bool ok() const { return error.empty(); }
};

// `ptriage WORDS…` there (an act with --json --yes), its answer read strictly as the outcomes for
// `asked`, journaled here with `command` (what the person saw).
RemoteActResult actThere(const RemoteHost &host, const std::vector<std::string> &words,
    const std::vector<ProcessIdentity> &asked, double seconds, const std::string &command, ActionJournal &journal);
// The words of `ptriage act` for `request`, confirmed here (--json --yes: no terminal there asks).
std::vector<std::string> actWords(const ActRequest &request);
// Seconds to wait for an act there: ssh, the request's grace period, a margin.
double actSeconds(const ActRequest &request);

// Undoes action `remoteId` of the host's journal there and journals the undo here; `local`, this
// journal's entry for it when known, is then marked undone.
RemoteActResult undoThere(
    const RemoteHost &host, long long remoteId, const ActionJournal::Entry *local, ActionJournal &journal);

// `request` on the machine `context` was read on (context.host), as the window asks it: an outcome per
// target, journalId this journal's; what went wrong on the way is each target's failure, in words.
std::vector<ActOutcome> actOnHost(const ActRequest &request, const TriageResult &context, ActionJournal &journal);

// Undoes `entry` (a done action of this journal on another machine) there, as the window asks it:
// one outcome, journalId this journal's; `entry` is marked undone here when it was.
std::vector<ActOutcome> undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal);

// An outcome that needed a password there: over BatchMode nobody can type one. What to do instead.
std::string noPasswordOverSsh(const std::string &host);

} // namespace ptriage
