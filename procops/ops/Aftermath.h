#pragma once

#include "procops/request/HelperRequest.h"
#include "procops/request/TargetResult.h"

namespace ptriage::procops {

// What a request did to a target, read from the process itself (as any user may): for a call whose
// reply was lost, because the helper died or stopped answering between acting and replying. The
// helper's ledger was written before it acted, so what it left behind can still be undone; this is
// how the caller learns it should be.
struct Before {
    bool known = false;
    int nice = 0;
    QList<int> affinity;
};
Before before(const ProcessIdentity &target); // read right before the request is sent

// Done (with the undo that puts it back) when the effect is seen; failed when the process looks
// unchanged or the effect cannot be told from outside. `why` says how the reply was lost.
TargetResult aftermath(
    const HelperRequest &request, const ProcessIdentity &target, const Before &was, const QString &why);

} // namespace ptriage::procops
