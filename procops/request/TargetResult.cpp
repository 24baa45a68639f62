#include "procops/request/TargetResult.h"

#include <cerrno>
#include <cstring>

namespace ptriage::procops {

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

std::optional<TargetStatus> statusFromName(QStringView name)
{
    for (TargetStatus s : {TargetStatus::Done, TargetStatus::NoSuchProcess, TargetStatus::IdentityChanged,
             TargetStatus::Refused, TargetStatus::Failed})
        if (name == statusName(s))
            return s;
    return std::nullopt;
}

bool TargetResult::permissionDenied() const
{
    return status == TargetStatus::Failed && (error == EPERM || error == EACCES);
}

TargetResult TargetResult::done(const ProcessIdentity &target, const QString &message)
{
    return make(target, TargetStatus::Done, message);
}

TargetResult TargetResult::make(const ProcessIdentity &target, TargetStatus status, const QString &message)
{
    TargetResult r;
    r.target = target;
    r.status = status;
    r.message = message;
    return r;
}

TargetResult TargetResult::failed(const ProcessIdentity &target, int error, const QString &what)
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
    m.insert(QStringLiteral("target"), r.target.toQString());
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

std::optional<TargetResult> decodeResult(const QVariantMap &m, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<TargetResult> {
        *error = why;
        return std::nullopt;
    };
    QString why;
    const auto target = ProcessIdentity::parse(QStringView(m.value(QStringLiteral("target")).toString()), &why);
    if (!target)
        return fail(QStringLiteral("the helper's answer names no valid target: %1").arg(why));
    const auto status = statusFromName(m.value(QStringLiteral("status")).toString());
    if (!status)
        return fail(QStringLiteral("the helper's answer has no known status"));
    TargetResult r = TargetResult::make(*target, *status, m.value(QStringLiteral("message")).toString());
    if (r.status == TargetStatus::Failed) {
        bool ok = false;
        r.error = m.value(QStringLiteral("errno")).toInt(&ok);
        if (!ok)
            return fail(QStringLiteral("the helper's answer reports a failure without errno"));
    }
    r.undo = m.value(QStringLiteral("undo")).toMap();
    r.details = m.value(QStringLiteral("details")).toMap();
    return r;
}

} // namespace ptriage::procops
