#pragma once

#include <QList>
#include <QString>
#include <QVariantList>
#include <QVariantMap>

namespace ptriage::helper {

enum class TargetStatus {
    Done,
    NoSuchProcess, // the identity's process is gone
    IdentityChanged, // the pid now names another process (or the identity is from another boot)
    Refused, // a rule forbids it; message says which
    Failed, // the kernel said no; error holds the errno
};

QString statusName(TargetStatus status); // done, no_such_process, identity_changed, refused, failed

struct TargetResult {
    QString target; // the identity as requested
    TargetStatus status = TargetStatus::Failed;
    int error = 0; // errno when Failed
    QString message; // English: what happened and, for refusals and failures, what to do
    // With `targets` set to this target, a valid request that undoes the action; empty when there is
    // nothing to undo.
    QVariantMap undo;
    QVariantMap details; // informational (previous values, cgroup used, thread count)

    // EPERM or EACCES: the engine's unprivileged attempt hands exactly these to the helper.
    bool permissionDenied() const;

    static TargetResult done(const QString &target, const QString &message = {});
    static TargetResult make(const QString &target, TargetStatus status, const QString &message);
    static TargetResult failed(const QString &target, int error, const QString &what);
};

// The D-Bus / KAuth reply form: {target, status, message, [errno, errorName, permissionDenied], [undo],
// [details]}.
QVariantMap encodeResult(const TargetResult &result);
QVariantList encodeResults(const QList<TargetResult> &results);

} // namespace ptriage::helper
