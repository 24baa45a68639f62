#pragma once

#include "act/ActRequest.h"
#include "decide/relief/ReliefPlan.h"
#include "table/ProcessTableModel.h"

#include <QMainWindow>

#include <memory>

class QMenu;
class QSplitter;
class QTabWidget;
class QTreeView;

namespace ptriage {

class Desk;
class MachineChooser;
class PortsView;
class ProcessMenus;
class ProcessFilterModel;
class ReliefDialog;
class ResultFeed;
class SessionsWindow;
class SelectionKeeper;
class SidePanes;
class StatusLine;
class TableSide;
class TreeExpansion;
class WindowActions;

// The triage window, a view of the Desk: lays out the ranked process table (flat, tree or by
// origin) with its filters and the side panes of the selected process (kept by SelectionKeeper);
// holds the menus; remembers its layout. Rows are prepared by the ResultFeed,
// acting is the Desk's after ActFlow's confirmation.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(Desk &desk, QWidget *parent = nullptr);
    ~MainWindow() override;

    Desk &desk() const { return m_desk; }
    // Starts the Desk (or, when it runs already, asks it for a result for this window now).
    void start();
    // Asks to act on the selected processes (ActFlow). `signal` names the signal for ActVerb::Signal.
    void askToAct(ActVerb verb, const QString &signal = {});
    void undoSelected();
    void spareSelected();
    // Opens (or raises) the Sessions window, comparing the latest saved session with now.
    SessionsWindow *showSessions();
    void showLearned();
    // "Free memory…" or "Free port P…": the relief plan for a goal (ReliefDialog), over the window.
    ReliefDialog *showRelief(const ReliefGoal &goal = ReliefGoal{1ull << 30, 0});
    // The Ports view in place of the process table (the panes still show the chosen process).
    void showPorts();
    void showProcesses();
    // Writes the HTML report of the current result to `path`, then offers to open it.
    void exportReport(const QString &path);
    // With the tray: closing hides the window and ptriage keeps running, in the background while hidden.
    void setKeepRunningHidden(bool on);
    void quit();
    // Shows the window with only these processes in the table (an alert's culprits) until "Show all".
    void showOnly(const std::vector<ProcessIdentity> &ids);
    // Flat, tree or by origin (View menu; the model is built anew, the selection kept).
    void setTableMode(ProcessTableModel::Mode mode);
    // "End this group's leftovers…": the confirmation of the current row's origin group (the group's
    // row, or a member's), through ActFlow; and of the group with this key.
    void askToEndGroup();
    void askToEndGroupOf(const std::string &key);
    // Shows this machine or a host of the hosts file once it answered; false when it cannot be.
    bool showMachine(const Machine &machine);
    MachineChooser *machineChooser() const { return m_machines; }
    // Selects a process by PID once it is in a result (for --select).
    void selectPidWhenSeen(int pid);

    // The process selected (invalid when none), and the result the table shows.
    ProcessIdentity selectedIdentity() const;
    std::shared_ptr<const TriageResult> shownResult() const;
    QTreeView *table() const { return m_table; }
    SidePanes *tabs() const { return m_panes; }
    WindowActions *actions() const { return m_actions; }

Q_SIGNALS:
    void resultApplied();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void applyResult(std::shared_ptr<const ProcessTableModel::PreparedRows> rows, qint64 scanMicroseconds);
    void updateActionState();
    void updateMarks();
    // The table shows this machine's processes (not another machine's, read over ssh).
    bool showsThisMachine() const;
    Machine shownMachine() const; // the machine of the result the table shows
    void restoreSettings();
    void saveSettings() const;

    Desk &m_desk;
    bool m_keepRunningHidden = false;
    ProcessTableModel *m_model;
    ResultFeed *m_feed;
    TableSide *m_side;
    ProcessFilterModel *m_filter;
    QTreeView *m_table;
    PortsView *m_ports;
    QTabWidget *m_views;
    TreeExpansion *m_expansion = nullptr;
    SidePanes *m_panes;
    SelectionKeeper *m_selection;
    QSplitter *m_splitter;
    StatusLine *m_status;
    MachineChooser *m_machines;
    WindowActions *m_actions;
    ProcessMenus *m_menus;
    SessionsWindow *m_sessionsWindow = nullptr;
};

} // namespace ptriage
