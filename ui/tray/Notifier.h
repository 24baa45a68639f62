#pragma once

#include <QList>
#include <QObject>
#include <QString>

namespace ptriage {

// Desktop notifications, one at a time: our own org.freedesktop.Notifications client, or KDE's
// KNotification where KF6 has it (chosen at configure time, `DesktopServices`).
class Notifier : public QObject {
    Q_OBJECT

public:
    struct Action {
        QString key; // what actionInvoked reports
        QString label;
    };

    using QObject::QObject;

    // Asks the desktop what it can do; `ready` or `unavailable` follows.
    virtual void start() = 0;
    // Shows a notification, replacing ours that is still shown. Critical ones stay until dismissed.
    virtual void show(const QString &summary, const QString &body, bool critical, const QList<Action> &actions) = 0;
    // Takes ours off the screen (and drops one still waiting to be shown); `closed` is not emitted.
    virtual void closeCurrent() = 0;

Q_SIGNALS:
    void ready();
    void unavailable(const QString &error);
    void actionInvoked(const QString &key);
    void closed(); // the desktop closed ours (it expired, or the person dismissed it)
};

} // namespace ptriage
