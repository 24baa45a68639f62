#include "PolkitAuthority.h"

#include <QDBusArgument>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace ptriage::helper {
namespace {

// polkit's Subject: (sa{sv}) = ("system-bus-name", {"name": <":1.42">}).
struct Subject {
    QString kind;
    QVariantMap details;
};

// polkit's AuthorizationResult: (bba{ss}).
struct AuthorizationResult {
    bool authorized = false;
    bool challenge = false;
    QMap<QString, QString> details;
};

QDBusArgument &operator<<(QDBusArgument &arg, const Subject &s)
{
    arg.beginStructure();
    arg << s.kind << s.details;
    arg.endStructure();
    return arg;
}

const QDBusArgument &operator>>(const QDBusArgument &arg, Subject &s)
{
    arg.beginStructure();
    arg >> s.kind >> s.details;
    arg.endStructure();
    return arg;
}

QDBusArgument &operator<<(QDBusArgument &arg, const AuthorizationResult &r)
{
    arg.beginStructure();
    arg << r.authorized << r.challenge << r.details;
    arg.endStructure();
    return arg;
}

const QDBusArgument &operator>>(const QDBusArgument &arg, AuthorizationResult &r)
{
    arg.beginStructure();
    arg >> r.authorized >> r.challenge >> r.details;
    arg.endStructure();
    return arg;
}

constexpr int kAllowUserInteraction = 1;
constexpr int kPasswordTimeoutMs = 10 * 60 * 1000;

} // namespace
} // namespace ptriage::helper

Q_DECLARE_METATYPE(ptriage::helper::Subject)
Q_DECLARE_METATYPE(ptriage::helper::AuthorizationResult)

namespace ptriage::helper {

QString describe(Authorization a)
{
    switch (a) {
    case Authorization::Granted:
        return QStringLiteral("authorized");
    case Authorization::Denied:
        return QStringLiteral("not authorized: the system's polkit rules deny this action to this user");
    case Authorization::ChallengeUnanswered:
        return QStringLiteral("authentication required, but no authentication agent answered (is a polkit agent "
                              "running in your session?)");
    case Authorization::Cancelled:
        return QStringLiteral("authentication was cancelled");
    case Authorization::Error:
        break;
    }
    return QStringLiteral("could not ask polkit for authorization");
}

PolkitAuthority::PolkitAuthority(QDBusConnection bus, QObject *parent) : QObject(parent), m_bus(std::move(bus))
{
    qDBusRegisterMetaType<Subject>();
    qDBusRegisterMetaType<AuthorizationResult>();
    qDBusRegisterMetaType<QMap<QString, QString>>();
}

void PolkitAuthority::check(const QString &callerBusName, const QString &actionId, Callback done)
{
    QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.PolicyKit1"),
        QStringLiteral("/org/freedesktop/PolicyKit1/Authority"), QStringLiteral("org.freedesktop.PolicyKit1.Authority"),
        QStringLiteral("CheckAuthorization"));
    const Subject subject{QStringLiteral("system-bus-name"), {{QStringLiteral("name"), callerBusName}}};
    call << QVariant::fromValue(subject) << actionId << QVariant::fromValue(QMap<QString, QString>())
         << static_cast<uint>(kAllowUserInteraction) << QString();
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, kPasswordTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [watcher, done = std::move(done)] {
        watcher->deleteLater();
        const QDBusPendingReply<AuthorizationResult> reply = *watcher;
        if (reply.isError()) {
            const QString name = reply.error().name();
            if (name == QLatin1String("org.freedesktop.PolicyKit1.Error.Cancelled"))
                return done(Authorization::Cancelled, reply.error().message());
            return done(Authorization::Error, QStringLiteral("%1: %2").arg(name, reply.error().message()));
        }
        const AuthorizationResult r = reply.value();
        if (r.authorized)
            return done(Authorization::Granted, {});
        if (r.challenge)
            return done(Authorization::ChallengeUnanswered, {});
        if (r.details.value(QStringLiteral("polkit.dismissed")) == QLatin1String("true"))
            return done(Authorization::Cancelled, {});
        done(Authorization::Denied, {});
    });
}

} // namespace ptriage::helper
