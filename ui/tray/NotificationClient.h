#pragma once

#include "tray/Notifier.h"

#include <QDBusConnection>
#include <QSet>
#include <QStringList>

#include <optional>

namespace ptriage {

// Desktop notifications through org.freedesktop.Notifications, with a client of our own:
// QSystemTrayIcon::showMessage cannot replace a notification, sends no desktop-entry hint (KDE then
// keeps no history) and would react to other applications' notifications. This one replaces its own
// previous notification, offers actions only where the server lists "actions", and reacts only to
// its own ids.
class NotificationClient : public Notifier {
    Q_OBJECT

public:
    // `icon`: the freedesktop icon name its notifications carry.
    explicit NotificationClient(QDBusConnection bus = QDBusConnection::sessionBus(),
        QString icon = QStringLiteral("dialog-warning"), QObject *parent = nullptr);

    void start() override;
    bool isAvailable() const { return m_available; }
    QStringList capabilities() const { return m_capabilities; }
    void show(const QString &summary, const QString &body, bool critical, const QList<Action> &actions) override;
    void closeCurrent() override;
    uint currentId() const { return m_current; }

Q_SIGNALS:
    void shown(uint id);

private Q_SLOTS:
    void onActionInvoked(uint id, const QString &key);
    void onClosed(uint id, uint reason);

private:
    struct Message {
        QString summary, body;
        bool critical = false;
        QList<Action> actions;
    };
    void send(const Message &m);

    QDBusConnection m_bus;
    QString m_icon;
    bool m_closeWhenShown = false; // closed while its Notify was in flight: closed once its id is known
    // A Notify the server has not answered yet: the next one waits for its id, to replace it.
    bool m_inFlight = false;
    std::optional<Message> m_next; // the latest show() while one was in flight
    bool m_available = false;
    QStringList m_capabilities;
    uint m_current = 0; // the notification shown now, 0 when none
    QSet<uint> m_ours; // every id the server gave us (a late signal for an old one is still ours)
};

} // namespace ptriage
