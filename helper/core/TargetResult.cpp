#include "TargetResult.h"

#include <cerrno>
#include <cstring>

namespace ptriage::helper {

QString statusName(TargetStatus status)
{
    switch (status) {
    case TargetStatus::Done:
        return QStringLiteral("done");
    case TargetStatus::NoSuchProcess:
        return QStringLiteral("no_such_process");
    case TargetStatus::IdentityChanged:
        return QStringLiteral("identity_changed");
    case TargetStatus::Refused:
        return QStringLiteral("refused");
    case TargetStatus::Failed:
        break;
    }
    return QStringLiteral("failed");
}

bool TargetResult::permissionDenied() const
{
    return status == TargetStatus::Failed && (error == EPERM || error == EACCES);
}

TargetResult TargetResult::done(const QString &target, const QString &message)
{
    return make(target, TargetStatus::Done, message);
}

TargetResult TargetResult::make(const QString &target, TargetStatus status, const QString &message)
{
    TargetResult r;
    r.target = target;
    r.status = status;
    r.message = message;
    return r;
}

TargetResult TargetResult::failed(const QString &target, int error, const QString &what)
{
    TargetResult r = make(target, TargetStatus::Failed,
        QStringLiteral("%1: %2").arg(
            what, QString::fromLocal8Bit(::strerrordesc_np(error) ? ::strerrordesc_np(error) : "unknown error")));
    r.error = error;
    return r;
}

QVariantMap encodeResult(const TargetResult &r)
{
    QVariantMap m;
    m.insert(QStringLiteral("target"), r.target);
    m.insert(QStringLiteral("status"), statusName(r.status));
    m.insert(QStringLiteral("message"), r.message);
    if (r.status == TargetStatus::Failed) {
        m.insert(QStringLiteral("errno"), r.error);
        const char *name = ::strerrorname_np(r.error);
        m.insert(QStringLiteral("errorName"), QString::fromLatin1(name ? name : ""));
        m.insert(QStringLiteral("permissionDenied"), r.permissionDenied());
    }
    if (!r.undo.isEmpty())
        m.insert(QStringLiteral("undo"), r.undo);
    if (!r.details.isEmpty())
        m.insert(QStringLiteral("details"), r.details);
    return m;
}

QVariantList encodeResults(const QList<TargetResult> &results)
{
    QVariantList list;
    list.reserve(results.size());
    for (const auto &r : results)
        list.append(encodeResult(r));
    return list;
}

} // namespace ptriage::helper
