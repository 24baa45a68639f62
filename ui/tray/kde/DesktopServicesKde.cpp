#include "tray/DesktopServices.h"

#include "tray/kde/KdeNotifier.h"
#include "tray/kde/KdeTrayIcon.h"

namespace ptriage {

DesktopServices makeDesktopServices()
{
    return {std::make_unique<KdeTrayIcon>(), std::make_unique<KdeNotifier>(),
        std::make_unique<KdeNotifier>(
            QStringLiteral("sessionEnded"), QStringLiteral("sessionEnded"), QStringLiteral("dialog-information")),
        "KStatusNotifierItem, KNotification"};
}

} // namespace ptriage
