#include "tray/DesktopServices.h"

#include "tray/NotificationClient.h"
#include "tray/QtTrayIcon.h"

namespace ptriage {

DesktopServices makeDesktopServices()
{
    return {std::make_unique<QtTrayIcon>(), std::make_unique<NotificationClient>(),
        "Qt's tray icon, org.freedesktop.Notifications"};
}

} // namespace ptriage
