#include "Commands.h"

#include "acting/ActionDialog.h"
#include "collect/Collector.h"
#include "desk/Desk.h"
#include "look/ThemeIcon.h"
#include "panes/LedgerPane.h"
#include "pressure/PressureMonitor.h"
#include "remote/HostsFile.h"
#include "sessions/SessionsWindow.h"
#include "translations/Translations.h"
#include "tray/DesktopServices.h"
#include "tray/EndedSessionAlerts.h"
#include "tray/TrayController.h"
#include "util/AllocatorTuning.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"
#include "window/WindowOnDemand.h"
#include "window/menus/WindowActions.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <cstdio>
#include <unistd.h>

namespace ptriage::cli {
namespace {

// Is a local X server listening at `path` (a socket file, or Linux's abstract name for it)? Looked up,
// not connected to: an X server resets when its last client leaves, and the window's connection
// right after would fail.
bool xSocketListens(const QString &path)
{
    if (QFileInfo(path).exists())
        return true;
    QFile sockets(QStringLiteral("/proc/net/unix"));
    if (!sockets.open(QIODevice::ReadOnly))
        return true; // cannot tell: let Qt try
    const QByteArray abstract = " @" + path.toUtf8();
    while (!sockets.atEnd())
        if (sockets.readLine().trimmed().endsWith(abstract.trimmed()))
            return true;
    return false;
}

// Why the window cannot open here (empty: it can, or Qt will tell). Qt itself aborts (exit 134,
// "reinstalling the application may fix this") when it finds no display.
QString noDisplayReason()
{
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        return {}; // a platform chosen on purpose (offscreen, vnc, wayland …)
    const QString wayland = qEnvironmentVariable("WAYLAND_DISPLAY");
    const QString x = qEnvironmentVariable("DISPLAY");
    if (wayland.isEmpty() && x.isEmpty())
        return QStringLiteral("neither DISPLAY nor WAYLAND_DISPLAY is set");
    if (!wayland.isEmpty() || !x.startsWith(QLatin1Char(':')))
        return {}; // Wayland, or an X server over the network: Qt's to find out
    const QString number = x.mid(1).section(QLatin1Char('.'), 0, 0);
    bool ok = false;
    number.toUInt(&ok);
    if (ok && !xSocketListens(QStringLiteral("/tmp/.X11-unix/X") + number))
        return QStringLiteral("no X server answers at DISPLAY=%1").arg(x);
    return {};
}

// `ptriage --tray`: the monitor, the tray icon (or notifications only) and the engine; the window is
// built when first asked for.
int runInTray(QApplication &app, const TriageConfig &config, const CollectOptions &collect, const TriageOptions &triage,
    const QString &db)
{
    QApplication::setQuitOnLastWindowClosed(false);
    Desk desk(config, collect, triage, db);
    desk.setCadence(Desk::Cadence::Background);
    desk.service().setLeavesLiveState(true); // for scan and explain meanwhile
    WindowOnDemand windows(desk);
    PressureMonitor monitor(config.policy.pressure, QString::fromStdString(collect.procRoot));
    QString error;
    if (!monitor.start(&error)) {
        fail(error);
        return Failure;
    }
    std::fprintf(stderr, "ptriage: memory pressure: %s\n", qUtf8Printable(monitor.sourceDescription()));
    const DesktopServices desktop = makeDesktopServices();
    std::fprintf(stderr, "ptriage: tray and alerts: %s\n", desktop.name);
    TrayController tray(desk, monitor, *desktop.trayIcon, *desktop.notifier, config.policy.pressure.alertRepeatSeconds);
    QObject::connect(&tray, &TrayController::statusChanged, &windows, [&windows](const QString &status) {
        std::fprintf(stderr, "ptriage: %s\n", qUtf8Printable(status)); // once per change, for --tray's output
        if (MainWindow *window = windows.existingWindow())
            window->statusBar()->showMessage(status, 30000);
    });
    // Said once in the window too, when it is first opened.
    QObject::connect(&windows, &WindowOnDemand::windowBuilt, &tray,
        [&tray](MainWindow *window) { window->statusBar()->showMessage(tray.status(), 30000); });
    QObject::connect(&tray, &TrayController::quitRequested, &app, &QApplication::quit);
    QObject::connect(&tray, &TrayController::windowRequested, &windows, &WindowOnDemand::showOnly);
    QObject::connect(&tray, &TrayController::windowToggleRequested, &windows, &WindowOnDemand::toggle);
    QObject::connect(&tray, &TrayController::freeMemoryRequested, &windows,
        [&windows, &tray] { windows.showRelief(tray.suggestedGoalBytes()); });
    // Sessions that ended and left processes: one notification per group.
    QObject::connect(&tray.alertEndedSessions(*desktop.sessionNotifier), &EndedSessionAlerts::groupRequested, &windows,
        &WindowOnDemand::showGroup);
    desk.sessions().restoreSettings(); // a bad value is said by the window, when it is built
    desk.start();
    tray.start();
    return app.exec();
}

void addWindowOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral("The triage window. `ptriage --help` lists the commands."));
    parser.addOption({QStringLiteral("screenshot"),
        QStringLiteral("Save a PNG of the window after the first scan and exit."), QStringLiteral("FILE")});
    parser.addOption(
        {QStringLiteral("select"), QStringLiteral("Select this process once it is seen."), QStringLiteral("PID")});
    parser.addOption({QStringLiteral("tab"),
        QStringLiteral("Open this tab of the side pane: evidence, blast, details or charts; ports: the Ports view "
                       "in place of the process table; or sessions: the Sessions window (with --screenshot, that "
                       "window is saved)."),
        QStringLiteral("TAB")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database (default %1).").arg(SessionStore::defaultPath()), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("view"),
        QStringLiteral("Show the table flat, as the process tree, or by origin (one row per origin group): flat, "
                       "tree or origin."),
        QStringLiteral("VIEW")});
    parser.addOption({QStringLiteral("act"),
        QStringLiteral("With --screenshot and --select: open the confirmation for this action (end, kill, pause, "
                       "freeze, …; group-end: End the leftovers of the selected process's origin group) and save "
                       "that dialog instead of the window. Nothing is done."),
        QStringLiteral("ACTION")});
    parser.addOption({QStringLiteral("after"),
        QStringLiteral("With --screenshot: wait for this many refreshes first (default 1)."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("min-age"), QStringLiteral("Minimum age for any action (seconds)."),
        QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("host"),
        QStringLiteral("Show this host of the hosts file (File → Add host…) once it answers over ssh; with "
                       "--screenshot, the screenshot is of its processes."),
        QStringLiteral("HOST")});
    parser.addOption({QStringLiteral("tray"),
        QStringLiteral("Start in the tray: watch memory pressure and alert, the window hidden until asked for.")});
    parser.addOption({QStringLiteral("proc-root"),
        QStringLiteral("Read a captured tree in /proc layout instead of /proc (also its meminfo and pressure)."),
        QStringLiteral("DIR")});
}

const QString windowSynopsis = QStringLiteral(
    "[gui] [--tray] [--db FILE] [--proc-root DIR] [--min-age SECONDS] [--view VIEW] [--host HOST] [--screenshot FILE "
    "[--select PID [--act ACTION]] [--tab TAB] [--after N]]");

// -h or --help among the options (before "--").
bool asksForHelp(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg = argv[i];
        if (arg == "--")
            return false;
        if (arg == "-h" || arg == "--help")
            return true;
    }
    return false;
}

} // namespace

int gui(int argc, char **argv)
{
    if (asksForHelp(argc, argv)) {
        // No QApplication: the help needs no display.
        QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        addWindowOptions(parser);
        return parseCommandLine(parser, QCoreApplication::arguments(), windowSynopsis).value_or(Ok);
    }
    if (const QString why = noDisplayReason(); !why.isEmpty()) {
        fail(QStringLiteral("no display (%1): the window needs one. In a terminal, `ptriage scan` ranks the "
                            "processes and `ptriage explain PID` says why.")
                 .arg(why));
        return Failure;
    }
    tuneAllocatorForLongRun(); // before QApplication starts its first thread
    Collector::reserveFdTableBeforeThreads();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ptriage"));
    QApplication::setOrganizationName(QStringLiteral("ptriage"));
    QApplication::setApplicationVersion(QStringLiteral(PTRIAGE_VERSION));
    // The desktop entry's name: Wayland's app id, and what the desktop matches the windows against.
    QGuiApplication::setDesktopFileName(QLatin1String(kAppId));
    QApplication::setWindowIcon(appIcon());
    installTranslations(app);
    QCommandLineParser parser;
    addWindowOptions(parser);
    if (const auto done = parseCommandLine(parser, QApplication::arguments(), windowSynopsis))
        return *done;
    int selectPid = 0;
    if (parser.isSet(QStringLiteral("select"))) {
        bool ok = false;
        selectPid = parser.value(QStringLiteral("select")).toInt(&ok);
        if (!ok || selectPid <= 0)
            return usage(QStringLiteral("--select: '%1' is not a PID").arg(parser.value(QStringLiteral("select"))));
    }
    const QStringList tabs = {QStringLiteral("evidence"), QStringLiteral("blast"), QStringLiteral("details"),
        QStringLiteral("charts"), QStringLiteral("sessions"), QStringLiteral("ports")};
    const int tab
        = parser.isSet(QStringLiteral("tab")) ? static_cast<int>(tabs.indexOf(parser.value(QStringLiteral("tab")))) : 0;
    if (tab < 0)
        return usage(QStringLiteral("--tab: expected one of %1").arg(tabs.join(QStringLiteral(", "))));
    int after = 1;
    if (parser.isSet(QStringLiteral("after"))) {
        bool ok = false;
        after = parser.value(QStringLiteral("after")).toInt(&ok);
        if (!ok || after < 1 || after > 100)
            return usage(QStringLiteral("--after: expected a number of refreshes from 1 to 100"));
    }
    std::optional<ActVerb> act;
    const bool groupEnd = parser.value(QStringLiteral("act")) == QLatin1String("group-end");
    if (parser.isSet(QStringLiteral("act"))) {
        act = groupEnd ? ActVerb::End : actVerbFromName(parser.value(QStringLiteral("act")).toStdString());
        if (!act || selectPid == 0 || !parser.isSet(QStringLiteral("screenshot")))
            return usage(QStringLiteral(
                "--act: expected an action (end, kill, pause, …, group-end) with --screenshot and --select"));
    }
    const QStringList views = {QStringLiteral("flat"), QStringLiteral("tree"), QStringLiteral("origin")};
    const int view = parser.isSet(QStringLiteral("view"))
        ? static_cast<int>(views.indexOf(parser.value(QStringLiteral("view"))))
        : -1;
    if (parser.isSet(QStringLiteral("view")) && view < 0)
        return usage(QStringLiteral("--view: expected one of %1").arg(views.join(QStringLiteral(", "))));
    TriageOptions triage;
    triage.selfPid = static_cast<int>(::getpid());
    if (parser.isSet(QStringLiteral("min-age"))) {
        bool ok = false;
        triage.minAgeSeconds = parser.value(QStringLiteral("min-age")).toDouble(&ok);
        if (!ok || *triage.minAgeSeconds < 0)
            return usage(QStringLiteral("--min-age: expected a number of seconds ≥ 0"));
    }
    ConfigError configError;
    const auto config = TriageConfig::load({}, &configError);
    if (!config) {
        fail(configError.toString());
        return Failure;
    }
    CollectOptions collect;
    collect.deep = DeepReads::NewOnly;
    const QString procRoot = parser.isSet(QStringLiteral("proc-root")) ? parser.value(QStringLiteral("proc-root"))
                                                                       : QStringLiteral("/proc");
    collect.procRoot = procRoot.toStdString();
    if (parser.isSet(QStringLiteral("tray")))
        return runInTray(app, *config, collect, triage, parser.value(QStringLiteral("db")));
    const bool sessions = tab == static_cast<int>(tabs.indexOf(QStringLiteral("sessions")));
    const bool ports = tab == static_cast<int>(tabs.indexOf(QStringLiteral("ports")));
    Desk desk(*config, collect, triage, parser.value(QStringLiteral("db")));
    desk.service().setLeavesLiveState(true); // for scan and explain meanwhile
    MainWindow window(desk);
    if (view >= 0) { // as View → Tree view / By origin would (and remembered as they are)
        window.actions()->treeMode->setChecked(view == 1);
        window.actions()->originMode->setChecked(view == 2);
    }
    if (selectPid > 0)
        window.selectPidWhenSeen(selectPid);
    if (ports)
        window.showPorts();
    else if (!sessions)
        window.tabs()->setCurrentIndex(tab);

    const QString shot = parser.value(QStringLiteral("screenshot"));
    int exitCode = Ok;
    const std::string host = parser.value(QStringLiteral("host")).toStdString();
    if (!host.empty()) {
        std::string why;
        if (!validHostName(host, &why))
            return usage(QStringLiteral("--host: %1").arg(QString::fromStdString(why)));
        // Shown once it answers; said (and this machine shown) when it is not listed or never answers.
        QObject::connect(&desk.hosts(), &HostWatch::hostsChanged, &window, [&] {
            const HostWatch::Host *h = desk.hosts().host(Machine::host(host));
            if (h && window.showMachine(Machine::host(host))) {
                QObject::disconnect(&desk.hosts(), &HostWatch::hostsChanged, &window, nullptr);
                return;
            }
            fail(h ? QStringLiteral("%1: %2").arg(QString::fromStdString(host), h->error)
                    : !desk.hosts().fileError().isEmpty()
                    ? desk.hosts().fileError()
                    : QStringLiteral("%1 is not in the hosts file %2 (File → Add host… adds it)")
                          .arg(QString::fromStdString(host), QString::fromStdString(defaultHostsFile())));
            QObject::disconnect(&desk.hosts(), &HostWatch::hostsChanged, &window, nullptr);
            if (!shot.isEmpty()) {
                exitCode = Failure;
                app.quit();
            }
        });
    }
    int results = 0; // in this scope: the lambdas below run inside app.exec()
    if (!shot.isEmpty()) {
        // After the first result (and the selection, if asked for), let the views settle, save, quit.
        QObject::connect(&window, &MainWindow::resultApplied, &window, [&] {
            if (window.shownResult()->machine.hostName() != host)
                return; // --host: its processes, not this machine's first
            ++results;
            const bool selected = selectPid == 0 || window.selectedIdentity().isValid();
            if (!selected && results < std::max(3, after))
                return;
            // The confirmation needs the journal, opened off the GUI thread: a refresh more if not yet.
            const bool journalPending = act && !desk.actUnavailableReason().isEmpty() && results < 10;
            if (selected && (results < after || journalPending)) {
                if (host.empty())
                    desk.refreshNow(); // no need to wait out the interval
                else
                    desk.hosts().refreshNow();
                return;
            }
            if (!selected) {
                fail(QStringLiteral("--select: no process %1").arg(selectPid));
                exitCode = Failure;
                app.quit();
                return;
            }
            if (act && groupEnd) {
                const auto result = window.shownResult();
                if (const auto process = result->find(window.selectedIdentity()))
                    window.askToEndGroupOf(process->group().key);
            } else if (act) {
                window.askToAct(*act);
            }
            if (sessions) {
                // The Sessions window once its comparison is shown, with the first transition selected.
                SessionsWindow *w = window.showSessions();
                QObject::connect(w, &SessionsWindow::comparisonShown, &window, [&, w] {
                    QObject::disconnect(w, &SessionsWindow::comparisonShown, nullptr, nullptr);
                    w->transitionView()->selectRow(0);
                    QTimer::singleShot(500, &window, [&, w] {
                        if (!w->grab().save(shot)) {
                            fail(QStringLiteral("cannot write %1").arg(shot));
                            exitCode = Failure;
                        }
                        app.quit();
                    });
                });
                QObject::disconnect(&window, &MainWindow::resultApplied, nullptr, nullptr);
                return;
            }
            QTimer::singleShot(300, &window, [&] {
                QWidget *subject = &window;
                if (act)
                    if (auto *dialog = window.findChild<ActionDialog *>())
                        subject = dialog;
                if (!subject->grab().save(shot)) {
                    fail(QStringLiteral("cannot write %1").arg(shot));
                    exitCode = Failure;
                }
                app.quit();
            });
            QObject::disconnect(&window, &MainWindow::resultApplied, nullptr, nullptr);
        });
        QTimer::singleShot(60000, &app, [&] {
            fail(QStringLiteral("no scan finished within 60 s"));
            exitCode = Failure;
            app.quit();
        });
    }
    window.show();
    window.start();
    if (sessions && shot.isEmpty())
        QTimer::singleShot(0, &window, [&window] { window.showSessions(); });
    const int rc = app.exec();
    return exitCode != Ok ? exitCode : rc;
}

} // namespace ptriage::cli
