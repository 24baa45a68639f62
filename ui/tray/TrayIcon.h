#pragma once

#include <QObject>

class QIcon;
class QMenu;

namespace ptriage {

// The icon in the tray (a StatusNotifier item): Qt's own, or KDE's where KF6 has it (chosen at
// configure time, `DesktopServices`). It owns its menu; the owner fills it.
class TrayIcon : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

    // Starts watching for a tray (a StatusNotifier host): the icon is shown there now or when one
    // appears later (a desktop whose tray starts after ptriage at login).
    virtual void start() = 0;
    // In a tray now.
    virtual bool isInTray() const = 0;
    virtual void setIcon(const QIcon &icon) = 0;
    virtual void setToolTip(const QString &text) = 0;
    virtual QString toolTip() const = 0;
    virtual QMenu *menu() const = 0;

Q_SIGNALS:
    void inTray(); // the icon is in a tray now
    void noTray(); // there is none (yet)
    void noSessionBus();
    void activated(); // a primary click on the icon
};

} // namespace ptriage
