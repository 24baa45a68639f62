#pragma once

#include "ActRequest.h"

#include <QString>
#include <QVariantMap>

namespace ptriage {

// The undo of a journaled action, made from the action's verb: pause (and a STOP signal) → CONT,
// freeze ↔ thaw, throttle → unthrottle, renice → renice to the journaled previous nice, quarantine ↔
// unquarantine to the journaled previous affinity. The row's undo text only supplies that value;
// it must be exactly the inverse ptriage journals, or it is refused (`why`, English) and nothing is
// returned: a row is text that anyone holding the file could have written.
QVariantMap undoOf(ActVerb verb, const QVariantMap &journaled, QString *why);

} // namespace ptriage
