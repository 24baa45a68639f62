#include "window/menus/WindowActions.h"

#include "desk/Desk.h"
#include "hosts/MachineChooser.h"
#include "look/Guide.h"
#include "look/ThemeIcon.h"
#include "tray/Autostart.h"
#include "window/MainWindow.h"
#include "window/menus/ReportExport.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QTreeView>

#include <tuple>

namespace ptriage {

WindowActions::WindowActions(MainWindow &window) : QObject(&window), m_window(window)
{
    buildFile();
    buildView();
    buildProcess();
    buildHelp();
    QToolBar *bar = m_window.addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(refresh);
    bar->addAction(pause);
    bar->addAction(treeMode);
    bar->addAction(originMode);
    bar->addSeparator();
    bar->addAction(process.first());
    bar->addAction(process.at(1));
}

void WindowActions::buildFile()
{
    Desk &desk = m_window.desk();
    QMenu *file = m_window.menuBar()->addMenu(tr("&File"));
    // Sessions are saved on the keeper's thread: the GUI thread never waits for SQLite.
    saveSession = file->addAction(
        themeIcon(QStringLiteral("document-save")), tr("&Save session"), QKeySequence::Save, &desk, &Desk::save);
    file->addAction(themeIcon(QStringLiteral("document-open-recent")), tr("S&essions…"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), &m_window, &MainWindow::showSessions);
    exportReport = file->addAction(themeIcon(QStringLiteral("document-export")), tr("&Export report…"),
        QKeySequence(Qt::CTRL | Qt::Key_E), &m_window, [this] {
            const QString path = ReportExport::chooseFile(&m_window);
            if (!path.isEmpty())
                m_window.exportReport(path);
        });
    file->addAction(themeIcon(QStringLiteral("network-server")), tr("Add &host…"), &m_window, [this] {
        if (const QString said = m_window.machineChooser()->askToAddHost(); !said.isEmpty())
            m_window.statusBar()->showMessage(said, 15000);
    });
    file->addAction(themeIcon(QStringLiteral("list-remove")), tr("&Remove host…"), &m_window, [this] {
        if (const QString said = m_window.machineChooser()->askToRemoveHost(); !said.isEmpty())
            m_window.statusBar()->showMessage(said, 15000);
    });
    QMenu *saving = file->addMenu(tr("Save &automatically"));
    for (int minutes : {0, 5, 15, 30, 60}) {
        QAction *a = saving->addAction(minutes == 0 ? tr("Never") : tr("Every %1 minutes").arg(minutes));
        a->setCheckable(true);
        a->setData(minutes);
        autosave << a;
        connect(a, &QAction::triggered, this, [this, a, &desk] {
            for (QAction *other : std::as_const(autosave))
                other->setChecked(other == a);
            desk.sessions().setAutosaveMinutes(a->data().toInt());
        });
    }
    QAction *autostart = file->addAction(tr("Start in the &tray at login"));
    autostart->setCheckable(true);
    autostart->setChecked(autostartEnabled());
    connect(autostart, &QAction::toggled, this, [this, autostart](bool on) {
        QString error;
        if (!setAutostart(on, QCoreApplication::applicationFilePath(), &error)) {
            const QSignalBlocker block(autostart);
            autostart->setChecked(!on);
            m_window.statusBar()->showMessage(tr("Cannot change starting at login: %1").arg(error), 30000);
            return;
        }
        m_window.statusBar()->showMessage(on ? tr("ptriage will start in the tray at login (%1).").arg(autostartPath())
                                             : tr("ptriage will not start at login."),
            10000);
    });
    file->addSeparator();
    file->addAction(
        themeIcon(QStringLiteral("application-exit")), tr("&Quit"), QKeySequence::Quit, &m_window, &MainWindow::quit);
}

void WindowActions::buildView()
{
    Desk &desk = m_window.desk();
    QMenu *view = m_window.menuBar()->addMenu(tr("&View"));
    refresh = view->addAction(themeIcon(QStringLiteral("view-refresh")), tr("&Refresh now"), QKeySequence(Qt::Key_F5),
        &desk, &Desk::refreshNow);
    pause = view->addAction(themeIcon(QStringLiteral("media-playback-pause")), tr("&Pause updates"));
    pause->setCheckable(true);
    pause->setShortcut(QKeySequence(Qt::Key_Space));
    pause->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_window.table()->addAction(pause);
    treeMode = view->addAction(themeIcon(QStringLiteral("view-list-tree")), tr("&Tree view"));
    treeMode->setCheckable(true);
    treeMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    originMode = view->addAction(themeIcon(QStringLiteral("view-group")), tr("By &origin"));
    originMode->setCheckable(true);
    originMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    originMode->setToolTip(tr("One row per origin: the agent, editor or terminal session, test run or unit that "
                              "started the processes, with its members under it"));
    // Flat, tree or by origin: checking one unchecks the other; neither is the flat list. Both
    // actions' states are read once the group has settled them.
    auto *modes = new QActionGroup(this);
    modes->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    modes->addAction(treeMode);
    modes->addAction(originMode);
    const auto applyMode = [this] {
        m_window.setTableMode(originMode->isChecked() ? ProcessTableModel::Mode::Origin
                : treeMode->isChecked()               ? ProcessTableModel::Mode::Tree
                                                      : ProcessTableModel::Mode::Flat);
    };
    connect(treeMode, &QAction::toggled, &m_window, applyMode);
    connect(originMode, &QAction::toggled, &m_window, applyMode);
    columns = view->addMenu(tr("&Columns")); // filled by ProcessMenus
    QMenu *interval = view->addMenu(tr("Refresh &interval"));
    for (int ms : {1000, 2000, 5000, 10000}) {
        QAction *a = interval->addAction(tr("%1 s").arg(ms / 1000));
        a->setCheckable(true);
        a->setData(ms);
        intervals << a;
        connect(a, &QAction::triggered, this, [this, a, &desk] {
            for (QAction *other : std::as_const(intervals))
                other->setChecked(other == a);
            desk.setIntervalMs(a->data().toInt());
        });
    }
}

void WindowActions::buildProcess()
{
    // Every action asks first (ActFlow) and runs off the GUI thread through the engine's controller.
    QMenu *menu = m_window.menuBar()->addMenu(tr("&Process"));
    // Icons only where a freedesktop name fits the verb.
    const auto icon = [](ActVerb verb) -> QIcon {
        switch (verb) {
        case ActVerb::End:
            return themeIcon(QStringLiteral("process-stop"));
        case ActVerb::Kill:
            return themeIcon(QStringLiteral("edit-bomb"));
        case ActVerb::Pause:
            return themeIcon(QStringLiteral("media-playback-pause"));
        case ActVerb::Resume:
            return themeIcon(QStringLiteral("media-playback-start"));
        default:
            return {};
        }
    };
    const std::tuple<QString, QKeySequence, ActVerb> acts[]
        = {{tr("&End (TERM, then KILL)"), QKeySequence(Qt::Key_Delete), ActVerb::End},
            {tr("&Kill"), QKeySequence(Qt::SHIFT | Qt::Key_Delete), ActVerb::Kill}, {tr("&Pause"), {}, ActVerb::Pause},
            {tr("&Resume"), {}, ActVerb::Resume}, {tr("&Freeze"), {}, ActVerb::Freeze},
            {tr("T&haw"), {}, ActVerb::Thaw}, {tr("&Throttle"), {}, ActVerb::Throttle},
            {tr("Re&nice"), {}, ActVerb::Renice}, {tr("&Quarantine"), {}, ActVerb::Quarantine},
            {tr("Ask the parent to &collect this zombie (SIGCHLD)"), {}, ActVerb::Reap}};
    for (const auto &[text, key, verb] : acts) {
        QAction *a = menu->addAction(icon(verb), text);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_window.table()->addAction(a);
        a->setData(static_cast<int>(verb));
        connect(a, &QAction::triggered, &m_window, [this, verb = verb] { m_window.askToAct(verb); });
        process << a;
    }
    signalMenu = menu->addMenu(tr("Send &signal"));
    for (const char *name : {"HUP", "INT", "TERM", "KILL", "USR1", "USR2", "STOP", "CONT"}) {
        QAction *a = signalMenu->addAction(QStringLiteral("SIG%1").arg(QLatin1String(name)));
        connect(a, &QAction::triggered, &m_window,
            [this, name] { m_window.askToAct(ActVerb::Signal, QLatin1String(name)); });
        process << a;
    }
    menu->addSeparator();
    endGroup = menu->addAction(tr("End this &group's leftovers…"), &m_window, &MainWindow::askToEndGroup);
    endGroup->setToolTip(tr("In the By origin view: end the processes of the selected origin group that ptriage "
                            "would end; the ones in use, protected or blocked are shown and left out"));
    endGroup->setEnabled(false);
    menu->addSeparator();
    undo = menu->addAction(themeIcon(QStringLiteral("edit-undo")), tr("&Undo last action on this process"), &m_window,
        &MainWindow::undoSelected);
    undo->setShortcut(QKeySequence::Undo);
    menu->addSeparator();
    spare = menu->addAction(tr("S&pare: processes like this are useful"), &m_window, &MainWindow::spareSelected);
    spare->setToolTip(tr("ptriage learns from it: processes with this command count as more likely useful"));
    menu->addAction(tr("&Learned from your decisions…"), &m_window, &MainWindow::showLearned);
    freeMemory = menu->addAction(
        themeIcon(QStringLiteral("edit-clear")), tr("&Free memory…"), &m_window, [this] { m_window.showRelief(); });
    menu->setToolTipsVisible(true);
}

void WindowActions::buildHelp()
{
    QMenu *help = m_window.menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Guide"), QKeySequence::HelpContents, &m_window, [this] { Guide::showGuide(&m_window); });
    help->addAction(themeIcon(QStringLiteral("help-about")), tr("&About ptriage"), &m_window, [this] {
        QMessageBox::about(&m_window, tr("About ptriage"),
            tr("<h3>ptriage %1</h3><p>Finds abandoned, stuck and runaway processes, explains every verdict "
               "term by term, and shows what acting on a process would break.</p>")
                .arg(QCoreApplication::applicationVersion()));
    });
}

QAction *WindowActions::forVerb(ActVerb verb) const
{
    for (QAction *a : process)
        if (a->data().isValid() && a->data().toInt() == static_cast<int>(verb))
            return a;
    return nullptr;
}

void WindowActions::updateState(const QString &why, bool canUndo, bool anySelected, const Machine &machine)
{
    for (QAction *a : std::as_const(process)) {
        a->setEnabled(why.isEmpty());
        a->setToolTip(why.isEmpty() ? a->text().remove(QLatin1Char('&')) : why);
        a->setStatusTip(why);
    }
    undo->setEnabled(why.isEmpty() && canUndo);
    spare->setEnabled(anySelected && machine.learns());
    spare->setStatusTip(machine.learns() ? QString()
                                         : tr("ptriage learns from this machine's processes only, not %1's")
                                               .arg(QString::fromStdString(machine.hostName())));
    // What only this machine's scan is written as: a host's is saved and reported by the command line.
    const QString host = QString::fromStdString(machine.hostName());
    for (QAction *a : {saveSession, exportReport}) {
        a->setEnabled(machine.isThis());
        a->setStatusTip(machine.isThis() ? QString()
                                         : tr("This machine's scan only: for %1, ptriage scan --host %1 --save, or "
                                              "ptriage report --host %1")
                                               .arg(host));
    }
    freeMemory->setEnabled(machine.relieves());
    freeMemory->setStatusTip(machine.relieves() ? QString()
                                                : tr("Freeing memory is planned on this machine only: choose This "
                                                     "machine to see its plan"));
}

void WindowActions::showChoices(int intervalMs, int autosaveMinutes)
{
    for (QAction *a : std::as_const(intervals))
        a->setChecked(a->data().toInt() == intervalMs);
    for (QAction *a : std::as_const(autosave))
        a->setChecked(a->data().toInt() == autosaveMinutes);
}

} // namespace ptriage
