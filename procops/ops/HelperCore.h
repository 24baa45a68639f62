#pragma once

#include "procops/ops/Cgroups.h"
#include "procops/ops/LogDaemon.h"
#include "procops/request/HelperRequest.h"
#include "procops/request/TargetResult.h"
#include "procops/request/UndoLedger.h"

#include <QList>
#include <QVariantList>

namespace ptriage::procops {

struct HelperOptions {
    MachineLimits limits = MachineLimits::current();
    CgroupOptions cgroups;
    QString undoLedgerDir; // where the helper keeps what it may put back; empty: nowhere (the engine)
    // The helpers: the daemon holding this socket ("/dev/log") joins the machinery; empty: none.
    QByteArray logSocket;
};

inline constexpr const char *kHelperLedgerDir = "/run/ptriage-helper";

// The privileged helper's core: checks every target's identity through a pidfd, applies the rules,
// then acts. Shared by the D-Bus service, the KAuth helper and the engine's unprivileged first try.
class HelperCore {
public:
    explicit HelperCore(HelperOptions options = {});
    HelperCore(const HelperCore &) = delete; // its cgroup options point at its own ledger
    HelperCore &operator=(const HelperCore &) = delete;

    // One result per target, in request order. `callerPid` is the process that asked (the transport
    // knows it; the engine acting for itself passes its own pid); 0 skips the caller rules. A request
    // built in code is re-validated: when invalid, every target is refused with the reason.
    // `machinery`: processes refused to every verb but an undo (the transport looks them up).
    QList<TargetResult> execute(
        const HelperRequest &request, int callerPid, const QList<ProtectedProcess> &machinery = {}) const;

    // Decode + execute + encode, for a transport: an invalid map gives a single error, no results.
    struct Reply {
        QString error;
        QVariantList results;
    };
    Reply handle(const QVariantMap &arguments, int callerPid) const;

    const HelperOptions &options() const { return m_options; }
    const UndoLedger &ledger() const { return m_ledger; }

private:
    TargetResult executeOne(const ProcessIdentity &id, const HelperRequest &request, const CallerInfo &caller,
        const std::optional<BootId> &bootId) const;

    void remember(const HelperRequest &request, const TargetResult &result, bool undo) const;

    HelperOptions m_options;
    UndoLedger m_ledger;
    mutable LogDaemon m_logDaemon; // of m_options.logSocket
};

} // namespace ptriage::procops
