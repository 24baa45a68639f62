#pragma once

#include "procops/identity/TargetDescription.h"
#include "procops/request/HelperRequest.h"

#include <QList>
#include <QMap>
#include <QString>

namespace ptriage::procops {

// What polkit is told about a request, in one place for both transports: the D-Bus helper asks
// once per owner with these details (the dialog's text and what rules read); KAuth's client puts the
// same words in the prompt (KAuth asks polkit once per request, with what the client gave it).

// What will happen, as the dialog's "Authentication is required to $(action) $(target)" says it.
QString actionPhrase(const HelperRequest &r);

// The targets by owner (uid), in the order of their first target.
QList<QList<TargetDescription>> groupByOwner(const QList<TargetDescription> &targets);

// The details of one owner's targets: verb, action, target (at most three named), target_user,
// target_uid, target_command, target_pids, target_identities, target_count.
QMap<QString, QString> polkitDetails(const HelperRequest &r, const QList<TargetDescription> &targets);

// The prompt for all of a request's targets: "Authentication is required to send the signal TERM to
// 'sleep 300' (PID 123, user root)", one clause per owner.
QString promptMessage(const HelperRequest &r, const QList<QList<TargetDescription>> &byOwner);

} // namespace ptriage::procops
