#include "Commands.h"

#include "collect/Collector.h"

#include <QCommandLineParser>

namespace ptriage::cli {

int capture(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Write the processes into DIR in /proc layout, for bug reports and tests."));
    parser.addOption(
        {QStringLiteral("pid"), QStringLiteral("Capture only this process (repeatable)."), QStringLiteral("PID")});
    parser.addOption(
        {QStringLiteral("proc-root"), QStringLiteral("Read from this tree instead of /proc."), QStringLiteral("DIR")});
    parser.addPositionalArgument(QStringLiteral("dir"), QStringLiteral("Where to write the capture."));
    if (const auto done
        = parseCommandLine(parser, args, QStringLiteral("capture DIR [--pid PID]... [--proc-root DIR]")))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return usage(QStringLiteral("capture takes one DIR"));
    std::vector<int> pids;
    for (const auto &v : parser.values(QStringLiteral("pid"))) {
        bool ok = false;
        const int pid = v.toInt(&ok);
        if (!ok || pid <= 0)
            return usage(QStringLiteral("--pid: '%1' is not a PID").arg(v));
        pids.push_back(pid);
    }
    const QString root = parser.isSet(QStringLiteral("proc-root")) ? parser.value(QStringLiteral("proc-root"))
                                                                   : QStringLiteral("/proc");
    std::string error;
    if (!writeCapture(root.toStdString(), parser.positionalArguments().first().toStdString(), pids, &error)) {
        fail(QString::fromStdString(error));
        return Failure;
    }
    return Ok;
}

} // namespace ptriage::cli
