// ptriage-helper: the privileged half of ptriage's actions, a D-Bus system service started on demand
// (as root, by the bus's activation) that asks polkit before every request and exits when idle.
#include "HelperService.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusError>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ptriage-helper"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ptriage's polkit-authorized helper (D-Bus system service)."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("idle-exit"), QStringLiteral("Exit after this many idle seconds (0: never)."),
        QStringLiteral("SECONDS"), QStringLiteral("30")});
    parser.process(app);
    bool ok = false;
    const int idle = parser.value(QStringLiteral("idle-exit")).toInt(&ok);
    if (!ok || idle < 0) {
        std::fprintf(stderr, "ptriage-helper: --idle-exit: expected seconds >= 0\n");
        return 2;
    }
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected()) {
        std::fprintf(
            stderr, "ptriage-helper: cannot connect to the system bus: %s\n", qPrintable(bus.lastError().message()));
        return 1;
    }
    ptriage::helper::HelperService service(bus, idle * 1000);
    if (!bus.registerObject(QLatin1String(ptriage::helper::kObjectPath), &service, QDBusConnection::ExportAllSlots)
        || !bus.registerService(QLatin1String(ptriage::helper::kServiceName))) {
        std::fprintf(stderr, "ptriage-helper: cannot own %s on the system bus: %s\n", ptriage::helper::kServiceName,
            qPrintable(bus.lastError().message()));
        return 1;
    }
    return app.exec();
}
