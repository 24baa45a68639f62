#include "PrivilegedTransport.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusVariant>

namespace ptriage {
namespace {

constexpr int kTimeoutMs = 10 * 60 * 1000; // the person may take a while with the password

// QtDBus hands nested containers over as QDBusArgument or QDBusVariant; the rest of ptriage wants plain
// QVariantList / QVariantMap.
QVariant plain(const QVariant &v)
{
    if (v.canConvert<QDBusVariant>() && v.userType() == qMetaTypeId<QDBusVariant>())
        return plain(v.value<QDBusVariant>().variant());
    if (v.userType() == qMetaTypeId<QDBusArgument>()) {
        const auto arg = v.value<QDBusArgument>();
        if (arg.currentType() == QDBusArgument::MapType) {
            QVariantMap m;
            arg >> m;
            for (auto it = m.begin(); it != m.end(); ++it)
                it.value() = plain(it.value());
            return m;
        }
        if (arg.currentType() == QDBusArgument::ArrayType) {
            QVariantList l;
            arg >> l;
            for (auto &x : l)
                x = plain(x);
            return l;
        }
    }
    return v;
}

QVariantList plainList(const QVariant &v)
{
    return plain(v).toList();
}

QVariantMap plainMap(const QVariant &v)
{
    return plain(v).toMap();
}

class DBusTransport final : public PrivilegedTransport {
public:
    TransportReply execute(const QVariantMap &request) override
    {
        // A connection of this thread's own: the GUI runs actions on a pool thread.
        const QString name = QStringLiteral("ptriage-act-%1").arg(reinterpret_cast<quintptr>(this));
        QDBusConnection bus = QDBusConnection::connectToBus(QDBusConnection::SystemBus, name);
        TransportReply reply;
        if (!bus.isConnected()) {
            reply.error = TransportReply::Error::Unavailable;
            reply.text = Phrase("Action", QT_TRANSLATE_NOOP("Action", "cannot reach the system bus: %1"),
                {bus.lastError().message().toStdString()});
            reply.message = QString::fromStdString(reply.text.english());
            QDBusConnection::disconnectFromBus(name);
            return reply;
        }
        QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.ptriage.helper"),
            QStringLiteral("/org/ptriage/helper"), QStringLiteral("org.ptriage.helper"), QStringLiteral("Execute"));
        call << request;
        call.setInteractiveAuthorizationAllowed(true);
        const QDBusMessage answer = bus.call(call, QDBus::Block, kTimeoutMs);
        QDBusConnection::disconnectFromBus(name);
        if (answer.type() == QDBusMessage::ReplyMessage && !answer.arguments().isEmpty()) {
            for (const QVariant &v : plainList(answer.arguments().constFirst()))
                reply.results << plainMap(v);
            return reply;
        }
        const QString error = answer.errorName();
        reply.message = answer.errorMessage();
        if (error == QLatin1String("org.ptriage.helper.Error.NotAuthorized"))
            reply.error = TransportReply::Error::NotAuthorized;
        else if (error == QLatin1String("org.ptriage.helper.Error.AuthenticationRequired"))
            reply.error = TransportReply::Error::AuthenticationRequired;
        else if (error == QLatin1String("org.ptriage.helper.Error.Cancelled"))
            reply.error = TransportReply::Error::Cancelled;
        else if (error == QLatin1String("org.ptriage.helper.Error.InvalidRequest"))
            reply.error = TransportReply::Error::Invalid;
        else if (error == QLatin1String("org.ptriage.helper.Error.Busy"))
            reply.error = TransportReply::Error::Busy; // too many of this caller's requests wait for polkit
        else if (error == QLatin1String("org.freedesktop.DBus.Error.NoReply"))
            reply.error = TransportReply::Error::Broken; // it left the bus, or did not answer in time
        else {
            reply.error = TransportReply::Error::Unavailable;
            reply.text = Phrase("Action",
                QT_TRANSLATE_NOOP("Action",
                    "the ptriage helper is not available (%1: %2); is ptriage installed with its D-Bus and polkit "
                    "files under /usr?"),
                {error.toStdString(), answer.errorMessage().toStdString()});
            reply.message = QString::fromStdString(reply.text.english());
        }
        return reply;
    }
};

} // namespace

std::unique_ptr<PrivilegedTransport> makeDBusTransport()
{
    return std::make_unique<DBusTransport>();
}

} // namespace ptriage
