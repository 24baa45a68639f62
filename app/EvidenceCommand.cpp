#include "Commands.h"
#include "OneShot.h"

#include "collect/Collector.h"
#include "remote/EvidenceJson.h"

#include <unistd.h>

namespace ptriage::cli {

// What another machine's `scan --host` runs here over ssh: this machine's collection, judged there.
int evidence(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Print what this machine's processes show (ptriage.evidence.v1 JSON), for another machine's "
                       "ptriage to judge with its own model: what scan --host runs over ssh."));
    parser.addOption({QStringLiteral("proc-root"),
        QStringLiteral("Read a captured tree in /proc layout instead of /proc."), QStringLiteral("DIR")});
    if (const auto done = parseCommandLine(parser, args, QStringLiteral("evidence [--proc-root DIR]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("evidence takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    CollectOptions co;
    co.procRoot = parser.isSet(QStringLiteral("proc-root")) ? parser.value(QStringLiteral("proc-root")).toStdString()
                                                            : std::string("/proc");
    co.readExecutable = false;
    Collector collector(co);
    std::string error;
    if (!collector.open(&error)) {
        fail(QString::fromStdString(error));
        return Failure;
    }
    const auto snapshot = collector.scanOnce();
    EvidenceHeader header;
    header.version = PTRIAGE_VERSION;
    header.selfPid = collector.isCapture() ? 0 : static_cast<int>(::getpid());
    if (!writeOut(evidenceJson(*snapshot, header), Output::Json)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return leaveNow(Ok);
}

} // namespace ptriage::cli
