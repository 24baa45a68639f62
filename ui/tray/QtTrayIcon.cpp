#include "tray/QtTrayIcon.h"

#include <QMenu>
#include <QSystemTrayIcon>

namespace ptriage {

QtTrayIcon::QtTrayIcon(QObject *parent) : TrayIcon(parent), m_menu(std::make_unique<QMenu>())
{
    connect(&m_host, &StatusNotifierHostWatch::appeared, this, &QtTrayIcon::create);
    connect(&m_host, &StatusNotifierHostWatch::absent, this, &TrayIcon::noTray);
    connect(&m_host, &StatusNotifierHostWatch::noSessionBus, this, &TrayIcon::noSessionBus);
}

QtTrayIcon::~QtTrayIcon() = default;

void QtTrayIcon::start()
{
    m_host.start();
}

void QtTrayIcon::create()
{
    if (m_icon)
        return;
    m_icon = new QSystemTrayIcon(m_image, this);
    m_icon->setContextMenu(m_menu.get());
    m_icon->setToolTip(m_toolTip);
    connect(m_icon, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
        if (reason == QSystemTrayIcon::Trigger)
            Q_EMIT activated();
    });
    m_icon->show();
    Q_EMIT inTray();
}

void QtTrayIcon::setIcon(const QIcon &icon)
{
    m_image = icon;
    if (m_icon)
        m_icon->setIcon(icon);
}

void QtTrayIcon::setToolTip(const QString &text)
{
    m_toolTip = text;
    if (m_icon)
        m_icon->setToolTip(text);
}

} // namespace ptriage
