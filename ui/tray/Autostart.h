#pragma once

#include <QString>

namespace ptriage {

// Starting in the tray at login: an XDG autostart entry (~/.config/autostart/ptriage.desktop,
// Exec=ptriage --tray), written or removed; nothing else is touched.
QString autostartPath();
bool autostartEnabled();
bool setAutostart(bool on, const QString &executable, QString *error);

} // namespace ptriage
