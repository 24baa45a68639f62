#include "tray/DesktopServices.h"

#include "tray/NotificationClient.h"
#include "tray/QtTrayIcon.h"

namespace ptriage {

DesktopServices makeDesktopServices()
{
    return {std::make_unique<QtTrayIcon>(), std::make_unique<NotificationClient>(),
        std::make_unique<NotificationClient>(QDBusConnection::sessionBus(), QStringLiteral("dialog-information")),
        "Qt's tray icon, org.freedesktop.Notifications"};
}

} // namespace ptriage
