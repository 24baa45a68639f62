#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QList>
#include <QString>
#include <QVariantList>
#include <QVariantMap>

namespace ptriage::procops {

enum class TargetStatus {
    Done,
    NoSuchProcess, // the identity's process is gone
    IdentityChanged, // the pid now names another process (or the identity is from another boot)
    Refused, // a rule forbids it; message says which
    Failed, // the kernel said no; error holds the errno
};

QString statusName(TargetStatus status); // done, no_such_process, identity_changed, refused, failed
std::optional<TargetStatus> statusFromName(QStringView name);

struct TargetResult {
    ProcessIdentity target; // as requested
    TargetStatus status = TargetStatus::Failed;
    int error = 0; // errno when Failed
    QString message; // English: what happened and, for refusals and failures, what to do
    // With `targets` set to this target, a valid request that undoes the action; empty when there is
    // nothing to undo.
    QVariantMap undo;
    QVariantMap details; // informational (previous values, cgroup used, thread count)

    // EPERM or EACCES: the engine's unprivileged attempt hands exactly these to the helper.
    bool permissionDenied() const;

    static TargetResult done(const ProcessIdentity &target, const QString &message = {});
    static TargetResult make(const ProcessIdentity &target, TargetStatus status, const QString &message);
    static TargetResult failed(const ProcessIdentity &target, int error, const QString &what);
};

// The D-Bus / KAuth reply form: {target, status, message, [errno, errorName, permissionDenied], [undo],
// [details]}.
QVariantMap encodeResult(const TargetResult &result);
QVariantList encodeResults(const QList<TargetResult> &results);
// The client's side: one reply entry back into a result. Strict about what the engine relies on (a
// well-formed target, a known status, errno for a failure); empty with `error` set otherwise.
std::optional<TargetResult> decodeResult(const QVariantMap &map, QString *error);

} // namespace ptriage::procops
