#include "look/ThemeIcon.h"

namespace ptriage {

QStringList themeIconNames()
{
    // Each has its drawing, ui/look/icons/<name>.svg; tests/ui/tst_icons.cpp checks that every one renders.
    return {
        QStringLiteral("application-exit"),
        QStringLiteral("document-export"),
        QStringLiteral("document-open-recent"),
        QStringLiteral("document-save"),
        QStringLiteral("edit-bomb"),
        QStringLiteral("edit-clear"),
        QStringLiteral("edit-find"),
        QStringLiteral("edit-undo"),
        QStringLiteral("help-about"),
        QStringLiteral("media-playback-pause"),
        QStringLiteral("media-playback-start"),
        QStringLiteral("network-server"),
        QStringLiteral("process-stop"),
        QStringLiteral("view-group"),
        QStringLiteral("view-list-tree"),
        QStringLiteral("view-refresh"),
    };
}

QIcon themeIcon(const QString &name)
{
    Q_ASSERT(themeIconNames().contains(name));
    return QIcon::fromTheme(name, QIcon(QStringLiteral(":/icons/%1.svg").arg(name)));
}

QIcon appIcon()
{
    const QString id = QLatin1String(kAppId);
    return QIcon::fromTheme(id, QIcon(QStringLiteral(":/icons/%1.svg").arg(id)));
}

} // namespace ptriage
