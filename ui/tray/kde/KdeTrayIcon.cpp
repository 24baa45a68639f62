#include "tray/kde/KdeTrayIcon.h"

#include <KStatusNotifierItem>
#include <QMenu>

namespace ptriage {

KdeTrayIcon::KdeTrayIcon(QObject *parent) : TrayIcon(parent), m_ownMenu(std::make_unique<QMenu>())
{
    m_menu = m_ownMenu.get();
    connect(&m_host, &StatusNotifierHostWatch::appeared, this, [this] {
        if (m_item)
            Q_EMIT inTray();
    });
    connect(&m_host, &StatusNotifierHostWatch::absent, this, &TrayIcon::noTray);
    connect(&m_host, &StatusNotifierHostWatch::noSessionBus, this, &TrayIcon::noSessionBus);
}

KdeTrayIcon::~KdeTrayIcon() = default;

void KdeTrayIcon::start()
{
    if (m_item)
        return;
    m_item = new KStatusNotifierItem(QStringLiteral("ptriage"), this);
    m_item->setCategory(KStatusNotifierItem::SystemServices);
    m_item->setStatus(KStatusNotifierItem::Active);
    m_item->setTitle(QStringLiteral("ptriage"));
    m_item->setStandardActionsEnabled(false); // our menu has its own Quit; there is no window to restore
    m_item->setIconByPixmap(m_image);
    m_item->setToolTip(m_image, QStringLiteral("ptriage"), m_toolTip);
    m_item->setContextMenu(m_ownMenu.release());
    connect(
        m_item, &KStatusNotifierItem::activateRequested, this, [this](bool, const QPoint &) { Q_EMIT activated(); });
    m_host.start();
}

void KdeTrayIcon::setIcon(const QIcon &icon)
{
    m_image = icon;
    if (m_item) {
        m_item->setIconByPixmap(icon);
        m_item->setToolTipIconByPixmap(icon);
    }
}

void KdeTrayIcon::setToolTip(const QString &text)
{
    m_toolTip = text;
    if (m_item)
        m_item->setToolTipSubTitle(text);
}

} // namespace ptriage
