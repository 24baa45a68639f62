#include "tray/Autostart.h"

#include "store/WholeFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace ptriage {

QString autostartPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
        + QStringLiteral("/autostart/ptriage.desktop");
}

bool autostartEnabled()
{
    return QFileInfo::exists(autostartPath());
}

bool setAutostart(bool on, const QString &executable, QString *error)
{
    const QString path = autostartPath();
    if (!on) {
        if (QFile::exists(path) && !QFile::remove(path)) {
            *error = QStringLiteral("%1: cannot remove it").arg(path);
            return false;
        }
        return true;
    }
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *error = QStringLiteral("%1: cannot create the folder").arg(QFileInfo(path).absolutePath());
        return false;
    }
    // Quoted per the Desktop Entry spec, in case the path has spaces.
    QString exec = executable;
    exec.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    const QByteArray entry = QStringLiteral("[Desktop Entry]\n"
                                            "Type=Application\n"
                                            "Name=ptriage\n"
                                            "Comment=Memory-pressure alerts that name the culprits\n"
                                            "Exec=\"%1\" --tray\n"
                                            "Icon=org.ptriage.ptriage\n"
                                            "Terminal=false\n"
                                            "X-GNOME-Autostart-enabled=true\n")
                                 .arg(exec)
                                 .toUtf8();
    return writeWholeFile(path, entry, 0666, error);
}

} // namespace ptriage
