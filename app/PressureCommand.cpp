#include "Commands.h"
#include "OneShot.h"

#include "config/TriageConfig.h"
#include "pressure/PressureReport.h"

#include <QCoreApplication>

#include <cstdio>

namespace ptriage::cli {
int pressure(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Memory pressure: the level, the readings and why."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.pressure.v1 JSON (one per line).")});
    parser.addOption({QStringLiteral("watch"), QStringLiteral("One line per reading until interrupted.")});
    parser.addOption({QStringLiteral("interval"),
        QStringLiteral("Seconds between readings (default: policy.json pressure.interval_seconds)."),
        QStringLiteral("SECONDS")});
    parser.addOption(
        {QStringLiteral("proc-root"), QStringLiteral("Read DIR instead of /proc."), QStringLiteral("DIR")});
    if (const auto done = parseCommandLine(
            parser, args, QStringLiteral("pressure [--json] [--watch] [--interval SECONDS] [--proc-root DIR]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("pressure takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    ConfigError configError;
    const auto config = TriageConfig::load({}, &configError);
    if (!config) {
        fail(configError.toString());
        return Failure;
    }
    PressureThresholds thresholds = config->policy.pressure;
    if (parser.isSet(QStringLiteral("interval"))) {
        bool ok = false;
        const double seconds = parser.value(QStringLiteral("interval")).toDouble(&ok);
        if (!ok || !(seconds >= 0.1 && seconds <= 3600))
            return usage(QStringLiteral("--interval: expected seconds between 0.1 and 3600, got '%1'")
                             .arg(parser.value(QStringLiteral("interval"))));
        thresholds.intervalMs = static_cast<int>(seconds * 1000 + 0.5);
    }
    const QString procRoot = parser.isSet(QStringLiteral("proc-root")) ? parser.value(QStringLiteral("proc-root"))
                                                                       : QStringLiteral("/proc");
    const bool json = parser.isSet(QStringLiteral("json"));
    PressureMonitor monitor(thresholds, procRoot);
    QString error;
    if (!monitor.start(&error)) {
        fail(error);
        return Failure;
    }
    QString readError;
    QObject::connect(&monitor, &PressureMonitor::failed, [&](const QString &e) { readError = e; });

    if (!parser.isSet(QStringLiteral("watch"))) {
        // No history to wait for: the readings a level needs, back to back, judge the state as it is.
        for (int i = 0; i < std::max(1, thresholds.readingsToEnter) && readError.isEmpty(); ++i)
            monitor.readNow();
        if (!readError.isEmpty()) {
            fail(readError);
            return Failure;
        }
        if (!writeOut(json ? pressureJson(monitor) : pressureText(monitor), json ? Output::Json : Output::Text)) {
            fail(QStringLiteral("cannot write the output"));
            return Failure;
        }
        return Ok;
    }

    if (!stopOnSignals(&monitor)) {
        fail(QStringLiteral("cannot catch SIGINT and SIGTERM"));
        return Failure;
    }
    if (!json
        && !writeOut(
            QCoreApplication::translate("PressureText", "source: %1").arg(monitor.sourceDescriptionText()).toStdString()
                + "\n",
            Output::Text))
        return Failure;
    QObject::connect(&monitor, &PressureMonitor::readingTaken, [&] {
        if (!writeOut(json ? pressureJson(monitor) : pressureWatchLine(monitor), json ? Output::Json : Output::Text))
            QCoreApplication::exit(Failure); // stdout closed: nobody is watching
    });
    // A reading that fails is said once on stderr; the watch goes on, as the tray does.
    QObject::connect(&monitor, &PressureMonitor::failed, [](const QString &e) { fail(e); });
    monitor.readNow();
    return QCoreApplication::exec();
}

} // namespace ptriage::cli
