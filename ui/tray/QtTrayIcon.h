#pragma once

#include "tray/StatusNotifierHostWatch.h"
#include "tray/TrayIcon.h"

#include <QIcon>

#include <memory>

class QSystemTrayIcon;

namespace ptriage {

// Qt's own tray icon. Qt 6.4 decides once per process whether a StatusNotifier host exists, at the
// first tray icon; so none is made (not even asked about) until a host is seen on the bus.
class QtTrayIcon : public TrayIcon {
    Q_OBJECT

public:
    explicit QtTrayIcon(QObject *parent = nullptr);
    ~QtTrayIcon() override;

    void start() override;
    bool isInTray() const override { return m_icon != nullptr; }
    void setIcon(const QIcon &icon) override;
    void setToolTip(const QString &text) override;
    QString toolTip() const override { return m_toolTip; }
    QMenu *menu() const override { return m_menu.get(); }

private:
    void create();

    StatusNotifierHostWatch m_host;
    std::unique_ptr<QMenu> m_menu;
    QSystemTrayIcon *m_icon = nullptr;
    QIcon m_image;
    QString m_toolTip;
};

} // namespace ptriage
