#include "tray/DesktopServices.h"

#include "tray/kde/KdeNotifier.h"
#include "tray/kde/KdeTrayIcon.h"

namespace ptriage {

DesktopServices makeDesktopServices()
{
    return {std::make_unique<KdeTrayIcon>(), std::make_unique<KdeNotifier>(), "KStatusNotifierItem, KNotification"};
}

} // namespace ptriage
