#include "tray/StatusNotifierHostWatch.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusReply>
#include <QDBusVariant>

namespace ptriage {
namespace {

const QString kWatcher = QStringLiteral("org.kde.StatusNotifierWatcher");
const QString kWatcherPath = QStringLiteral("/StatusNotifierWatcher");

bool hostRegistered(const QDBusConnection &bus)
{
    if (!bus.interface() || !bus.interface()->isServiceRegistered(kWatcher))
        return false;
    auto get = QDBusMessage::createMethodCall(
        kWatcher, kWatcherPath, QStringLiteral("org.freedesktop.DBus.Properties"), QStringLiteral("Get"));
    get << kWatcher << QStringLiteral("IsStatusNotifierHostRegistered");
    const QDBusReply<QDBusVariant> reply = bus.call(get, QDBus::Block, 2000);
    return reply.isValid() && reply.value().variant().toBool();
}

} // namespace

StatusNotifierHostWatch::StatusNotifierHostWatch(QObject *parent) : QObject(parent) { }

void StatusNotifierHostWatch::start()
{
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        Q_EMIT noSessionBus();
        return;
    }
    // A tray host that starts after us (login races).
    m_watcher.setConnection(bus);
    m_watcher.addWatchedService(kWatcher);
    m_watcher.setWatchMode(QDBusServiceWatcher::WatchForRegistration);
    connect(&m_watcher, &QDBusServiceWatcher::serviceRegistered, this, &StatusNotifierHostWatch::look);
    bus.connect(kWatcher, kWatcherPath, kWatcher, QStringLiteral("StatusNotifierHostRegistered"), this, SLOT(look()));
    look();
}

void StatusNotifierHostWatch::look()
{
    if (m_there)
        return;
    m_there = hostRegistered(QDBusConnection::sessionBus());
    if (m_there)
        Q_EMIT appeared();
    else
        Q_EMIT absent();
}

} // namespace ptriage
