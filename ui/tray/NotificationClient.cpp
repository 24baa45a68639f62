#include "tray/NotificationClient.h"

#include "look/ThemeIcon.h"

#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace ptriage {
namespace {

const QString kService = QStringLiteral("org.freedesktop.Notifications");
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kInterface = QStringLiteral("org.freedesktop.Notifications");

} // namespace

NotificationClient::NotificationClient(QDBusConnection bus, QString icon, QObject *parent)
    : Notifier(parent), m_bus(std::move(bus)), m_icon(std::move(icon))
{
    m_bus.connect(
        kService, kPath, kInterface, QStringLiteral("ActionInvoked"), this, SLOT(onActionInvoked(uint, QString)));
    m_bus.connect(kService, kPath, kInterface, QStringLiteral("NotificationClosed"), this, SLOT(onClosed(uint, uint)));
}

void NotificationClient::start()
{
    const auto call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("GetCapabilities"));
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        QDBusPendingReply<QStringList> reply = *watcher;
        m_available = !reply.isError();
        if (!m_available) {
            Q_EMIT unavailable(reply.error().message());
            return;
        }
        m_capabilities = reply.value();
        Q_EMIT ready();
    });
}

void NotificationClient::show(const QString &summary, const QString &body, bool critical, const QList<Action> &actions)
{
    // Sent now, it could not name the notification it replaces (its id is still on its way): two
    // would be shown. It goes once the server has answered; a later one takes its place.
    if (m_inFlight) {
        m_next = Message{summary, body, critical, actions};
        m_closeWhenShown = false;
        return;
    }
    send({summary, body, critical, actions});
}

void NotificationClient::send(const Message &m)
{
    const QString &summary = m.summary;
    const QString &body = m.body;
    const bool critical = m.critical;
    const QList<Action> &actions = m.actions;
    QStringList flat;
    if (m_capabilities.contains(QStringLiteral("actions")))
        for (const Action &a : actions)
            flat << a.key << a.label;
    QVariantMap hints;
    hints.insert(QStringLiteral("desktop-entry"), QLatin1String(kAppId));
    hints.insert(QStringLiteral("urgency"), QVariant::fromValue(static_cast<uchar>(critical ? 2 : 1)));
    // A server that reads markup in the body gets what processes wrote escaped: text, never markup.
    const QString text = m_capabilities.contains(QStringLiteral("body-markup")) ? body.toHtmlEscaped() : body;
    auto call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Notify"));
    call << QStringLiteral("ptriage") << m_current << m_icon << summary
         << (m_capabilities.contains(QStringLiteral("body")) || m_capabilities.isEmpty() ? text : QString()) << flat
         << hints << (critical ? 0 : -1);
    m_inFlight = true;
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_inFlight = false;
        QDBusPendingReply<uint> reply = *watcher;
        if (reply.isError()) {
            m_next.reset();
            Q_EMIT unavailable(reply.error().message());
            return;
        }
        m_current = reply.value();
        m_ours.insert(m_current);
        Q_EMIT shown(m_current);
        if (m_next)
            send(*std::exchange(m_next, std::nullopt));
        else if (std::exchange(m_closeWhenShown, false))
            closeCurrent();
    });
}

void NotificationClient::closeCurrent()
{
    m_next.reset(); // closing also drops an alert still waiting
    m_closeWhenShown = m_inFlight; // one on its way is closed once the server has named it
    if (m_current == 0)
        return;
    auto call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("CloseNotification"));
    call << std::exchange(m_current, 0u); // ours no more: its NotificationClosed is not `closed`
    m_bus.asyncCall(call, 5000);
}

void NotificationClient::onActionInvoked(uint id, const QString &key)
{
    if (m_ours.contains(id))
        Q_EMIT actionInvoked(key);
}

void NotificationClient::onClosed(uint id, uint /*reason*/)
{
    if (!m_ours.contains(id))
        return;
    if (id == m_current) {
        m_current = 0;
        Q_EMIT closed();
    }
}

} // namespace ptriage
