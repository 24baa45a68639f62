#include "HelperService.h"

#include <QCoreApplication>
#include <QDBusArgument>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusVariant>

namespace ptriage::helper {
namespace {

const QString kErrorInvalid = QStringLiteral("org.ptriage.helper.Error.InvalidRequest");
const QString kErrorNotAuthorized = QStringLiteral("org.ptriage.helper.Error.NotAuthorized");
const QString kErrorAuthRequired = QStringLiteral("org.ptriage.helper.Error.AuthenticationRequired");
const QString kErrorCancelled = QStringLiteral("org.ptriage.helper.Error.Cancelled");
const QString kErrorPolkit = QStringLiteral("org.ptriage.helper.Error.PolkitUnavailable");

QString errorNameFor(Authorization a)
{
    switch (a) {
    case Authorization::Denied:
        return kErrorNotAuthorized;
    case Authorization::ChallengeUnanswered:
        return kErrorAuthRequired;
    case Authorization::Cancelled:
        return kErrorCancelled;
    case Authorization::Granted:
    case Authorization::Error:
        break;
    }
    return kErrorPolkit;
}

// Inside a variant, QtDBus turns only `as` and `ay` into Qt lists; any other array (the `av` a QVariantList
// becomes, `ai`) arrives as a QDBusArgument. The decoder checks plain Qt types, so lists are unpacked here,
// element by element with their own types (a `v` element is unwrapped); anything else is left for the
// decoder to reject.
QVariant plain(const QVariant &v)
{
    if (v.metaType() == QMetaType::fromType<QDBusVariant>())
        return plain(v.value<QDBusVariant>().variant());
    if (v.metaType() != QMetaType::fromType<QDBusArgument>())
        return v;
    const auto arg = v.value<QDBusArgument>();
    if (arg.currentType() != QDBusArgument::ArrayType)
        return v;
    QVariantList list;
    arg.beginArray();
    while (!arg.atEnd())
        list << plain(arg.asVariant());
    arg.endArray();
    return list;
}

QVariantMap plainRequest(QVariantMap request)
{
    for (auto it = request.begin(); it != request.end(); ++it)
        it.value() = plain(it.value());
    return request;
}

} // namespace

HelperService::HelperService(QDBusConnection bus, int idleExitMs, QObject *parent)
    : QObject(parent), m_bus(bus), m_polkit(bus)
{
    m_idle.setSingleShot(true);
    m_idle.setInterval(idleExitMs);
    connect(&m_idle, &QTimer::timeout, qApp, &QCoreApplication::quit);
    if (idleExitMs > 0)
        m_idle.start();
}

QVariantList HelperService::Execute(const QVariantMap &request)
{
    m_idle.stop();
    const QDBusMessage call = message();
    const DecodeResult decoded = decodeRequest(plainRequest(request), m_core.options().limits);
    if (!decoded.ok()) {
        sendErrorReply(kErrorInvalid, decoded.error);
        finished();
        return {};
    }
    const QString caller = call.service();
    const auto pidReply = m_bus.interface()->servicePid(caller);
    if (!pidReply.isValid() || pidReply.value() == 0) {
        sendErrorReply(kErrorNotAuthorized, QStringLiteral("cannot tell which process is calling"));
        finished();
        return {};
    }
    const int callerPid = static_cast<int>(pidReply.value());
    setDelayedReply(true);
    ++m_pending;
    const HelperRequest req = *decoded.request;
    m_polkit.check(caller, actionIdFor(req.verb), [this, call, req, callerPid](Authorization a, const QString &detail) {
        if (a != Authorization::Granted) {
            const QString text
                = detail.isEmpty() ? describe(a) : describe(a) + QStringLiteral(" (") + detail + QLatin1Char(')');
            m_bus.send(call.createErrorReply(errorNameFor(a), text));
        } else {
            m_bus.send(call.createReply(QVariant(encodeResults(m_core.execute(req, callerPid)))));
        }
        --m_pending;
        finished();
    });
    return {};
}

void HelperService::finished()
{
    if (m_pending == 0 && m_idle.interval() > 0)
        m_idle.start();
}

} // namespace ptriage::helper
