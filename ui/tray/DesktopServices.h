#pragma once

#include "tray/Notifier.h"
#include "tray/TrayIcon.h"

#include <memory>

namespace ptriage {

// The tray icon and the notifier of this build: KDE's (KStatusNotifierItem, KNotification) where
// KF6 has them, else Qt's icon and our own notification client. Chosen at configure time: the
// CMake option PTRIAGE_KDE_TRAY compiles one of DesktopServicesQt.cpp and kde/DesktopServicesKde.cpp.
struct DesktopServices {
    std::unique_ptr<TrayIcon> trayIcon;
    std::unique_ptr<Notifier> notifier; // memory alerts
    // Ended-session alerts, one group at a time: a notifier of their own, so that neither kind of
    // alert replaces the other.
    std::unique_ptr<Notifier> sessionNotifier;
    const char *name = ""; // said by `ptriage --tray` at start
};

DesktopServices makeDesktopServices();

} // namespace ptriage
