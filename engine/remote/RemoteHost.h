#pragma once

#include "ActOutcomesJson.h"
#include "ProcessRun.h"
#include "RemoteEvidence.h"
#include "act/ActionJournal.h"
#include "decide/Triage.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QThreadPool;

namespace ptriage {

struct TriageConfig;

// What a host's evidence is judged with: what this machine's verdicts are judged with.
struct JudgeInputs {
    const TriageConfig *config = nullptr;
    std::optional<double> minAgeSeconds; // --min-age, the window's "Judge from the age of"
    QString pastDb; // learned decisions and that host's own saved sessions; empty: none
    QThreadPool *pool = nullptr; // threads for the per-process work; null: the calling thread
};

// One host's evidence and this machine's verdict on it.
struct HostVerdict {
    HostEvidence evidence;
    std::shared_ptr<const TriageResult> triage; // null when the host failed (evidence.error)
    std::int64_t judgedAtMs = 0; // this machine's clock: what a saved session is dated
    std::string pastWarning; // why the past was not used for it, when it was not
};

// Every host at once over ssh (each bounded in time, bytes and values: one that is dead, hangs or
// floods holds up and costs nobody else), each judged here with `inputs`. The one fetch-and-judge
// path: scan --host, report --host, act --host and the window all take it.
std::vector<HostVerdict> judgeHosts(
    const std::vector<HostSpec> &hosts, const RemoteOptions &remote, const JudgeInputs &inputs);

// What `ptriage act …` there did, journaled here: `ids` index-aligned with the outcomes (0 where it
// could not be written, `warning` says why). `error` (one line): it did not answer for what was
// asked in words we trust, and nothing was journaled; `notes`: its standard error beside a good
// answer, one line.
struct RemoteActResult {
    ActReport report;
    std::vector<long long> ids;
    std::string error;
    std::string notes;
    std::string warning;
    bool ok() const { return error.empty(); }
};

// One other machine, reached with the person's own ssh: what the command line and the window both
// use to judge, act and undo there. Its ptriage collects and acts (checking each identity there: a
// pid reused there is refused there); this machine judges, and journals what it asked. Nothing it
// says is trusted. Blocking: never on the GUI thread.
class RemoteHost {
public:
    RemoteHost(HostSpec spec, RemoteOptions remote) : m_spec(std::move(spec)), m_remote(std::move(remote)) { }
    // The host `name` (its command from the hosts file when listed there) and how ssh reaches it
    // (PTRIAGE_SSH_COMMAND); nullopt with why.
    static std::optional<RemoteHost> resolve(const std::string &name, std::string *why);

    Machine machine() const { return Machine::host(m_spec.name); }
    const HostSpec &spec() const { return m_spec; }

    // Its evidence now, judged here.
    HostVerdict judge(const JudgeInputs &inputs) const;
    // `request` done there (--json --yes: confirmed here, no terminal there asks); each outcome is
    // journaled here as asked: the request's verb and target, `command` what the person saw. An
    // answer for another verb, another process or twice for one is an error.
    RemoteActResult act(const ActRequest &request, const std::string &command, ActionJournal &journal) const;
    // Undoes action `remoteId` of its journal there and journals the undo here; `local`, this
    // journal's entry for it when known, is then marked undone.
    RemoteActResult undo(long long remoteId, const ActionJournal::Entry *local, ActionJournal &journal) const;
    // `ptriage WORDS…` there, as it is (for `act journal --host`).
    RunResult run(const std::vector<std::string> &words, double seconds) const;

private:
    RemoteActResult ask(const std::vector<std::string> &words, double seconds,
        const std::vector<ProcessIdentity> &asked, std::optional<ActVerb> verb, bool undoing) const;

    HostSpec m_spec;
    RemoteOptions m_remote;
};

// The words of `ptriage act` for `request`, confirmed here.
std::vector<std::string> actWords(const ActRequest &request);
// Seconds to wait for an act there: ssh, the request's grace period, a margin.
double actSeconds(const ActRequest &request);
// Why `entry` (an action done on a host) cannot be undone there; empty when it can.
std::string whyNotUndoableThere(const ActionJournal::Entry &entry);
// An outcome that needed a password there: over BatchMode nobody can type one. What to do instead.
std::string noPasswordOverSsh(const std::string &host);

// `request` on the machine `context` was read on, as the window asks it: an outcome per target,
// journalId this journal's; what went wrong on the way is each target's failure, in words.
std::vector<ActOutcome> actOnHost(const ActRequest &request, const TriageResult &context, ActionJournal &journal);
// Undoes `entry` (a done action of this journal on a host) there, as the window asks it: one
// outcome; `entry` is marked undone here when it was.
std::vector<ActOutcome> undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal);

} // namespace ptriage
