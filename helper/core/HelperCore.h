#pragma once

#include "Cgroups.h"
#include "HelperRequest.h"
#include "TargetResult.h"

#include <QList>
#include <QVariantList>

namespace ptriage::helper {

struct HelperOptions {
    MachineLimits limits = MachineLimits::current();
    CgroupOptions cgroups;
};

// The privileged helper's core: checks every target's identity through a pidfd, applies the rules,
// then acts. Shared by the D-Bus service, the KAuth helper and the engine's unprivileged first try.
class HelperCore {
public:
    explicit HelperCore(HelperOptions options = {});

    // One result per target, in request order. `callerPid` is the process that asked (the transport
    // knows it; the engine acting for itself passes its own pid); 0 skips the caller rules. A request
    // built in code is re-validated: when invalid, every target is refused with the reason.
    QList<TargetResult> execute(const HelperRequest &request, int callerPid) const;

    // Decode + execute + encode, for a transport: an invalid map gives a single error, no results.
    struct Reply {
        QString error;
        QVariantList results;
    };
    Reply handle(const QVariantMap &arguments, int callerPid) const;

    const HelperOptions &options() const { return m_options; }

private:
    TargetResult executeOne(const ProcessIdentity &id, const HelperRequest &request, const CallerInfo &caller,
        const std::optional<BootId> &bootId) const;

    HelperOptions m_options;
};

} // namespace ptriage::helper
