#pragma once

#include "tray/StatusNotifierHostWatch.h"
#include "tray/TrayIcon.h"

#include <QIcon>

#include <memory>

class KStatusNotifierItem;

namespace ptriage {

// KDE's StatusNotifier item: it registers with the tray's watcher itself and again whenever a
// watcher appears (a tray that starts after ptriage at login), so nothing waits for a host. The host
// watch only says whether the icon is in a tray.
class KdeTrayIcon : public TrayIcon {
    Q_OBJECT

public:
    explicit KdeTrayIcon(QObject *parent = nullptr);
    ~KdeTrayIcon() override;

    void start() override;
    bool isInTray() const override { return m_item && m_host.hostIsThere(); }
    void setIcon(const QIcon &icon) override;
    void setToolTip(const QString &text) override;
    QString toolTip() const override { return m_toolTip; }
    QMenu *menu() const override { return m_menu; }

private:
    StatusNotifierHostWatch m_host;
    std::unique_ptr<QMenu> m_ownMenu; // until start(): then the item owns it (and deletes it)
    QMenu *m_menu = nullptr;
    KStatusNotifierItem *m_item = nullptr; // a child of this
    QIcon m_image;
    QString m_toolTip;
};

} // namespace ptriage
