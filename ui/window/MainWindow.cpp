#include "window/MainWindow.h"

#include "acting/ActFlow.h"
#include "acting/ActionDialog.h"
#include "acting/ReliefDialog.h"
#include "desk/Desk.h"
#include "desk/ForegroundWatch.h"
#include "hosts/MachineChooser.h"
#include "ports/PortsView.h"
#include "remote/HostsFile.h"
#include "report/EngineLabels.h"
#include "sessions/LearnedDialog.h"
#include "sessions/SessionsWindow.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableView.h"
#include "table/ResultFeed.h"
#include "table/TreeExpansion.h"
#include "widgets/ScreenFit.h"
#include "window/SelectionKeeper.h"
#include "window/SidePanes.h"
#include "window/StatusLine.h"
#include "window/SummaryBar.h"
#include "window/TableSide.h"
#include "window/WindowSettings.h"
#include "window/menus/ProcessMenus.h"
#include "window/menus/WindowActions.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

#include <algorithm>

namespace ptriage {
MainWindow::MainWindow(Desk &desk, QWidget *parent)
    : QMainWindow(parent),
      m_desk(desk),
      m_model(new ProcessTableModel(desk.config(), this)),
      m_feed(new ResultFeed(desk.config(), *m_model, this)),
      m_side(new TableSide(*m_model, this)),
      m_filter(m_side->filter()),
      m_table(m_side->table()),
      m_ports(new PortsView(this)),
      m_views(new QTabWidget(this)),
      m_panes(new SidePanes(desk.config(), desk.history(), this)),
      m_selection(new SelectionKeeper(desk, *m_model, *m_filter, *m_table, *m_panes, *m_ports, this)),
      m_splitter(new QSplitter(this)),
      m_status(new StatusLine(*this, desk)),
      m_machines(new MachineChooser(desk, this))
{
    setWindowTitle(tr("ptriage — process triage"));
    sizeToScreen(this, QSize(1500, 950)); // until the person's own
    new ForegroundWatch(this); // background threads pause while this thread handles events
    // The process table, and beside it the Ports view: listeners → process, over the same result.
    m_views->setDocumentMode(true);
    m_views->addTab(m_side, tr("Processes"));
    // No count in the label: a new label lays the whole window out again at a refresh.
    m_views->addTab(m_ports, tr("Ports"));
    m_splitter->addWidget(m_views);
    m_splitter->addWidget(m_panes);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setSizes({width() * 62 / 100, width() * 38 / 100}); // until the person's own: the table first
    setCentralWidget(m_splitter);
    m_side->setMachineChooser(m_machines);
    m_expansion = new TreeExpansion(m_table, RowKeyRole, this);
    m_actions = new WindowActions(*this);
    m_menus = new ProcessMenus(*this, desk, *m_actions, *m_model, *m_filter, *m_table);

    connect(m_actions->pause, &QAction::toggled, this, [this](bool paused) {
        m_desk.setPaused(paused);
        m_status->setPaused(paused);
    });
    connect(m_selection, &SelectionKeeper::selectionChanged, this, &MainWindow::updateActionState);
    connect(m_ports, &PortsView::freePortRequested, this, [this](int port) {
        if (!showsThisMachine()) // a relief plan is this machine's: its scan, its memory
            statusBar()->showMessage(tr("Freeing a port is planned on this machine only: choose This machine."), 10000);
        else
            showRelief(ReliefGoal{0, port});
    });
    connect(m_side->summary(), &SummaryBar::minAgeChosen, &m_desk, &Desk::setMinAgeSeconds);
    connect(&m_desk, &Desk::shownChanged, m_feed, &ResultFeed::receive); // this machine's, or a host's
    connect(m_feed, &ResultFeed::rowsReady, this, &MainWindow::applyResult);
    connect(&m_desk, &Desk::deepReady, m_panes, &SidePanes::showDeep);
    connect(&m_desk, &Desk::actingChanged, this, &MainWindow::updateMarks);
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::start()
{
    m_desk.start();
}

ProcessIdentity MainWindow::selectedIdentity() const
{
    return m_selection->selected();
}

void MainWindow::selectPidWhenSeen(int pid)
{
    m_selection->selectPidWhenSeen(pid);
}

std::shared_ptr<const TriageResult> MainWindow::shownResult() const
{
    return m_model->result();
}

void MainWindow::askToAct(ActVerb verb, const QString &signal)
{
    ActRequest request;
    request.verb = verb;
    request.targets = m_selection->selectedIdentities();
    request.signal = signal.toStdString();
    ActFlow::confirmAndAct(m_desk, request, this, m_model->result()); // on the machine shown
}

void MainWindow::undoSelected()
{
    const auto targets = m_selection->selectedIdentities();
    if (const ActionJournal::Entry *entry
        = targets.size() == 1 ? m_desk.undoableFor(targets.front(), shownMachine()) : nullptr)
        ActFlow::confirmAndUndo(m_desk, *entry, this);
}

void MainWindow::spareSelected()
{
    m_desk.spare(m_selection->selectedIdentities(), m_model->result());
}

bool MainWindow::showsThisMachine() const
{
    return shownMachine().isThis();
}

Machine MainWindow::shownMachine() const
{
    const auto result = m_model->result();
    return result ? result->machine : Machine();
}

bool MainWindow::showMachine(const Machine &machine)
{
    return m_machines->choose(machine);
}

void MainWindow::showLearned()
{
    auto *dialog = new LearnedDialog(m_desk.sessions(), m_desk.config().priors.learning, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

SessionsWindow *MainWindow::showSessions()
{
    if (!m_sessionsWindow)
        m_sessionsWindow = new SessionsWindow(m_desk, this);
    m_sessionsWindow->show();
    m_sessionsWindow->raise();
    m_sessionsWindow->activateWindow();
    m_sessionsWindow->reload();
    return m_sessionsWindow;
}

void MainWindow::showPorts()
{
    m_views->setCurrentWidget(m_ports);
}

void MainWindow::showProcesses()
{
    m_views->setCurrentWidget(m_side);
}

ReliefDialog *MainWindow::showRelief(const ReliefGoal &goal)
{
    if (!showsThisMachine()) { // the tray asks for this machine's relief: its processes are shown with it
        statusBar()->showMessage(tr("Freeing memory is planned on this machine: it is shown again."), 10000);
        showMachine(Machine());
    }
    auto *dialog = new ReliefDialog(m_desk, goal, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    showNormal();
    raise();
    dialog->show();
    dialog->plan();
    return dialog;
}

void MainWindow::exportReport(const QString &path)
{
    statusBar()->showMessage(tr("Writing the report…"));
    m_desk.exportReport(path);
}

void MainWindow::setKeepRunningHidden(bool on)
{
    m_keepRunningHidden = on;
    if (on && !isVisible())
        m_desk.setCadence(Desk::Cadence::Background);
}

void MainWindow::quit()
{
    m_keepRunningHidden = false; // Quit quits, tray or not
    close();
    QCoreApplication::quit();
}

void MainWindow::showOnly(const std::vector<ProcessIdentity> &ids)
{
    m_side->showOnly(ids);
    showProcesses();
    showNormal();
    raise();
    activateWindow();
}

void MainWindow::setTableMode(ProcessTableModel::Mode mode)
{
    if (mode == m_model->mode())
        return;
    const ProcessIdentity selected = selectedIdentity();
    const bool nested = mode != ProcessTableModel::Mode::Flat;
    m_expansion->setEnabled(nested);
    m_model->setMode(mode); // built anew: everything expanded
    m_table->setRootIsDecorated(nested);
    if (selected.isValid())
        m_selection->select(selected);
    updateActionState();
}

void MainWindow::askToEndGroup()
{
    if (const int g = m_selection->currentGroup(); g >= 0)
        askToEndGroupOf(m_model->result()->group(g).key);
}

void MainWindow::askToEndGroupOf(const std::string &key)
{
    ActFlow::confirmGroupEnd(m_desk, key, this, m_model->result());
}

void MainWindow::updateActionState()
{
    const auto targets = m_selection->selectedIdentities();
    QString why = m_desk.actUnavailableReason();
    if (why.isEmpty() && targets.empty())
        why = tr("Select one or more processes first.");
    m_actions->updateState(why, targets.size() == 1 && m_desk.undoableFor(targets.front(), shownMachine()),
        !targets.empty(), shownMachine());
    m_menus->updateVerbs(targets, why); // what the selection may get, as the engine's rules say
    m_menus->updateGroupEnd(m_selection->currentGroup(), m_desk.actUnavailableReason());
}

void MainWindow::updateMarks()
{
    // Paused, frozen, throttled, reniced or quarantined by ptriage and not undone: visible in the table.
    std::unordered_map<ProcessIdentity, QString> marks;
    const Machine machine = shownMachine();
    for (const auto &e : m_desk.undoable())
        if (e.machine == machine) // the shown machine's actions, never on another machine's rows
            marks[e.target] = EngineLabels::mark(e.verb);
    m_model->setMarks(std::move(marks));
    updateActionState();
}

void MainWindow::applyResult(std::shared_ptr<const ProcessTableModel::PreparedRows> rows, qint64 scanMicroseconds)
{
    const auto result = rows->result;
    if (!result)
        return;
    m_desk.release(m_model->prepared());
    m_selection->apply(std::move(rows));
    m_ports->showResult(result);
    if (m_model->mode() == ProcessTableModel::Mode::Origin)
        updateActionState(); // what the current group's End would end may have changed
    m_status->showResult(*result, scanMicroseconds);
    // Another machine's processes: its name in the title, where it cannot be missed.
    setWindowTitle(result->machine.isThis()
            ? tr("ptriage — process triage")
            : tr("ptriage — %1 (over ssh)").arg(QString::fromStdString(result->machine.hostName())));
    m_side->summary()->showResult(*result);
    Q_EMIT resultApplied();
}

void MainWindow::restoreSettings()
{
    WindowSettings::restore(*this, *m_splitter, *m_table->header(), *m_actions, m_desk);
    updateActionState();
}

void MainWindow::saveSettings() const
{
    WindowSettings::save(*this, *m_splitter, *m_table->header(), *m_actions, m_desk);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    m_desk.setCadence(Desk::Cadence::Foreground);
}

void MainWindow::hideEvent(QHideEvent *event)
{
    QMainWindow::hideEvent(event);
    if (m_keepRunningHidden)
        m_desk.setCadence(Desk::Cadence::Background); // in the tray, a hidden window costs almost nothing
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    if (m_keepRunningHidden) {
        hide(); // the tray keeps ptriage running; Quit is in its menu
        event->ignore();
        return;
    }
    event->accept(); // the Desk's service joins its thread when destroyed, a scan in progress included
}

} // namespace ptriage
