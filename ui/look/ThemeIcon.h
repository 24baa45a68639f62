#pragma once

#include <QIcon>
#include <QStringList>

namespace ptriage {

// The application id: the desktop entry's and the icon's name (org.ptriage.ptriage.desktop).
inline constexpr char kAppId[] = "org.ptriage.ptriage";

// A freedesktop icon by name from the desktop's theme, else ptriage's own drawing of it
// (:/icons/<name>.svg), so that a desktop without an icon theme still shows icons. Only the names
// in themeIconNames() have a drawing.
QIcon themeIcon(const QString &name);
QStringList themeIconNames();

// The application icon: the installed one from the theme (hicolor), else the bundled SVG.
QIcon appIcon();

} // namespace ptriage
