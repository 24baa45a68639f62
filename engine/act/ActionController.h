#pragma once

#include "ActRequest.h"
#include "ActionJournal.h"
#include "transport/PrivilegedTransport.h"
#include "decide/Triage.h"
#include "procops/request/HelperRequest.h"

#include <functional>
#include <memory>
#include <vector>

namespace ptriage {

// The one place anything acts on a process. For each request: refuse the hard blocks of what the
// person saw (protected, a critical file open for writing, D state, zombies), try every target as
// the user through procops (pidfd, identity re-checked), hand only the targets that fail
// with EPERM to the privileged helper in one batched request (one authorization), and journal
// every outcome with what undoing it needs. Blocking: run it off the GUI thread.
class ActionController {
public:
    ActionController(std::unique_ptr<PrivilegedTransport> transport, ActionJournal &journal);
    ~ActionController();

    // `context` is the triage the person looked at; targets not in it are refused (refresh first).
    std::vector<ActOutcome> run(const ActRequest &request, const TriageResult &context);
    // Undoes a journaled action (as the user first, then the helper). One outcome.
    ActOutcome undo(long long journalId);

private:
    struct Pending;
    std::vector<ActOutcome> perform(procops::HelperRequest request, const std::vector<ProcessIdentity> &targets);
    // The helper's share of perform(): `batch` indexes `targets` and `out`.
    void askHelper(procops::HelperRequest request, const std::vector<ProcessIdentity> &targets,
        const std::vector<std::size_t> &batch, std::vector<ActOutcome> &out);
    // `at` (indexes of `targets`) cut into batches of at most kMaxOwners owners each.
    static std::vector<std::vector<std::size_t>> batchesByOwner(
        const std::vector<ProcessIdentity> &targets, const std::vector<std::size_t> &at);
    void endWithTermThenKill(const ActRequest &request, std::vector<Pending> &pending);
    static ActOutcome askParentToReap(const ProcessIdentity &zombie, const TriageResult &context);

    std::unique_ptr<PrivilegedTransport> m_transport;
    ActionJournal &m_journal;
};

} // namespace ptriage
