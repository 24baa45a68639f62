#pragma once

#include <QDBusConnection>
#include <QObject>
#include <QSet>
#include <QStringList>

namespace ptriage {

// Desktop notifications through org.freedesktop.Notifications, with a client of our own:
// QSystemTrayIcon::showMessage cannot replace a notification, sends no desktop-entry hint (KDE then
// keeps no history) and would react to other applications' notifications. This one replaces its own
// previous notification, offers actions only where the server lists "actions", and reacts only to
// its own ids.
class NotificationClient : public QObject {
    Q_OBJECT

public:
    struct Action {
        QString key; // what actionInvoked reports
        QString label;
    };

    explicit NotificationClient(QDBusConnection bus = QDBusConnection::sessionBus(), QObject *parent = nullptr);

    // Asks the server what it can do; `ready` or `unavailable` follows.
    void start();
    bool isAvailable() const { return m_available; }
    QStringList capabilities() const { return m_capabilities; }
    // Shows a notification, replacing ours that is still shown. Critical ones stay until dismissed.
    void show(const QString &summary, const QString &body, bool critical, const QList<Action> &actions);
    void closeCurrent();
    uint currentId() const { return m_current; }

Q_SIGNALS:
    void ready(const QStringList &capabilities);
    void unavailable(const QString &error);
    void shown(uint id);
    void actionInvoked(const QString &key);
    void closed();

private Q_SLOTS:
    void onActionInvoked(uint id, const QString &key);
    void onClosed(uint id, uint reason);

private:
    QDBusConnection m_bus;
    bool m_available = false;
    QStringList m_capabilities;
    uint m_current = 0; // the notification shown now, 0 when none
    QSet<uint> m_ours; // every id the server gave us (a late signal for an old one is still ours)
};

} // namespace ptriage
