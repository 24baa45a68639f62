#pragma once

#include "tray/Notifier.h"

#include <QPointer>

#include <optional>

class KNotification;

namespace ptriage {

// Notifications through KNotification: the user's notification settings apply (System Settings →
// Notifications → ptriage, from share/knotifications6/ptriage.notifyrc), and KDE keeps the history.
class KdeNotifier : public Notifier {
    Q_OBJECT

public:
    // The events of ptriage.notifyrc its notifications are: a normal and a critical one.
    explicit KdeNotifier(QString event = QStringLiteral("memoryLow"),
        QString criticalEvent = QStringLiteral("memoryCritical"), QString icon = QStringLiteral("dialog-warning"),
        QObject *parent = nullptr);
    ~KdeNotifier() override;

    void start() override;
    void show(const QString &summary, const QString &body, bool critical, const QList<Action> &actions) override;
    void closeCurrent() override;

private:
    struct Alert {
        QString summary, body;
        bool critical = false;
        QList<Action> actions;
    };
    void showWaiting();

    QString m_event, m_criticalEvent, m_icon;
    QPointer<KNotification> m_current; // deletes itself once closed
    // KNotification learns the server's id from the reply to its Notify, and closed before that it
    // cannot close it there: the old alert would stay beside the new one. Until that reply the newest
    // alert waits here (only the newest).
    std::optional<Alert> m_waiting;
    QPointer<QObject> m_waitingFor; // the Notify call in flight
};

} // namespace ptriage
