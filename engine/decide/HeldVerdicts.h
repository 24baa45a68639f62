#pragma once

#include "Triage.h"

#include <QJsonArray>
#include <QString>

#include <memory>

namespace ptriage {

// The verdicts the live service (the window, the tray, `watch`) holds, left beside its samples in the
// live state (collect/state/LiveState) so that a one-shot holds a verdict exactly as the window's next
// refresh would (holdVerdicts, holdActions): `explain` does not say kill while the window, waiting for
// the evidence to stay, still says review.

// One row per process: [start_ticks, pid, class, reference, confidence, P(useful), P(stuck),
// P(abandoned), P(zombie), pending class, pending for, action, review, candidate, since_ms,
// pending action, pending review, pending since_ms, a zombie's parent action].
QJsonArray heldVerdictsJson(const TriageResult &r);
// What triage() holds a one-shot's verdicts against (TriageOptions::held): the rows as a result of
// their own, with no facts (a change's reason is then the move of P(abandoned)). Null, and `why`, when
// a row is not one heldVerdictsJson writes; null without `why` when there are none.
std::shared_ptr<const TriageResult> heldVerdictsFrom(const QJsonArray &rows, const BootId &bootId, QString *why);

} // namespace ptriage
