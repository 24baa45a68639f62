#include "OneShot.h"

#include "Commands.h"
#include "util/TerminalText.h"

#include "collect/state/LiveState.h"
#include "collect/state/StateFile.h"
#include "decide/HeldVerdicts.h"
#include "session/PastLoader.h"
#include "session/database/SessionStore.h"
#include "util/Parallel.h"

#include <QDateTime>

#include <sys/ioctl.h>
#include <unistd.h>

namespace ptriage::cli {

void addOneShotOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("proc-root"),
        QStringLiteral("Read a captured tree in /proc layout instead of /proc."), QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("state"),
        QStringLiteral("Keep the last sample per process in FILE, so the next run "
                       "reports rates against this one."),
        QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("min-age"),
        QStringLiteral("Never recommend acting on a process younger than this "
                       "(default from policy.json)."),
        QStringLiteral("SECONDS")});
}

bool readOneShotOptions(const QCommandLineParser &parser, OneShotOptions &out, QString *error)
{
    if (parser.isSet(QStringLiteral("proc-root")))
        out.procRoot = parser.value(QStringLiteral("proc-root"));
    out.statePath = parser.value(QStringLiteral("state"));
    if (parser.isSet(QStringLiteral("min-age"))) {
        bool ok = false;
        const double v = parser.value(QStringLiteral("min-age")).toDouble(&ok);
        if (!ok || v < 0 || v > 1e9) {
            *error = QStringLiteral("--min-age: expected a number of seconds ≥ 0, got '%1'")
                         .arg(parser.value(QStringLiteral("min-age")));
            return false;
        }
        out.minAgeSeconds = v;
    }
    return true;
}

QString pastDatabase(const QCommandLineParser &parser, const OneShotOptions &options)
{
    if (parser.optionNames().contains(QStringLiteral("db")))
        return parser.value(QStringLiteral("db"));
    return options.procRoot == QLatin1String("/proc") ? SessionStore::defaultPath() : QString();
}

int terminalWidth()
{
    if (!::isatty(STDOUT_FILENO))
        return 0;
    winsize ws{};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    bool ok = false;
    const int columns = qEnvironmentVariable("COLUMNS").toInt(&ok);
    return ok && columns > 0 ? columns : 80;
}

bool writeOut(const std::string &text, Output kind)
{
    const std::string out = kind == Output::Json ? text
        : kind == Output::WideText               ? forTerminal(text)
                                   : fitToColumns(forTerminal(text), static_cast<std::size_t>(terminalWidth()));
    return std::fwrite(out.data(), 1, out.size(), stdout) == out.size() && std::fflush(stdout) == 0;
}

bool runOneShot(const OneShotOptions &options, OneShotResult &out, QString *error)
{
    // The config (its JSON and regular expressions) and the past (the session database) are read
    // beside the scan's first pass, on a thread of its own: ~3 ms that would come after it.
    ConfigError configError;
    BootId boot;
    std::optional<PastRecords> past;
    QString pastError;
    CollectOptions co;
    co.procRoot = options.procRoot.toStdString();
    co.readExecutable = false; // shown only in the window
    co.meanwhile = [&] {
        out.config = TriageConfig::load({}, &configError);
        if (out.config && !options.pastDb.isEmpty())
            past = readPastRecords(options.pastDb, boot, out.config->priors, &pastError);
    };
    Collector collector(co);
    std::string openError;
    if (!collector.open(&openError)) {
        *error = QString::fromStdString(openError);
        return false;
    }
    boot = collector.bootId();
    QJsonArray heldRows;
    if (!options.statePath.isEmpty()) {
        std::vector<PreviousSample> previous;
        if (!loadState(options.statePath, collector.bootId(), previous, error))
            return false;
        collector.seedPrevious(previous);
    } else if (!collector.isCapture()) {
        // What a window, tray or watch read in the last minute: rates over its half minute, as it shows them.
        QString why;
        collector.seedPrevious(loadLiveState(collector.bootId(), &why, &heldRows));
        if (!why.isEmpty())
            fail(QStringLiteral("the live samples were not used: %1").arg(why));
    }
    auto snapshot = collector.scanOnce();
    if (!out.config) {
        *error = configError.toString();
        return false;
    }
    if (!options.statePath.isEmpty()
        && !saveState(options.statePath, collector.bootId(), collector.previousSamples(), error))
        return false;
    TriageOptions to;
    to.selfPid = collector.isCapture() ? 0 : static_cast<int>(::getpid());
    to.minAgeSeconds = options.minAgeSeconds;
    // Nothing carries over in one shot: facts and evidence of every process are new, on every core.
    out.workers = std::make_shared<QThreadPool>();
    out.workers->setMaxThreadCount(std::max(1, workerCount() - 1));
    to.pool = out.workers.get();
    if (!pastError.isEmpty())
        fail(QStringLiteral("past decisions and sessions not used: %1").arg(pastError));
    if (past)
        to.past = buildPast(std::move(*past), out.config->priors, QDateTime::currentMSecsSinceEpoch(), snapshot.get());
    // Held as the window holds them: a verdict it waits on stays until its next refresh would change it.
    QString heldWhy;
    to.held = heldVerdictsFrom(heldRows, collector.bootId(), &heldWhy);
    if (!heldWhy.isEmpty())
        fail(QStringLiteral("the live verdicts were not used: %1").arg(heldWhy));
    out.triageOptions = to;
    out.triage = triage(std::move(snapshot), *out.config, to);
    return true;
}

} // namespace ptriage::cli
