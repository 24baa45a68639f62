#pragma once

#include "live/ProcessHistory.h"
#include "live/TriageService.h"

#include "ActionRunner.h"
#include "ProcessTableModel.h"
#include "SessionKeeper.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTabWidget;
class QTreeView;

namespace ptriage {

class BlastGraphView;
class TreeExpansion;
class DetailsPane;
class HistoryCharts;
class LedgerPane;
class ProcessFilterModel;
class ProcessTableModel;
class ResultFeed;
class SessionsWindow;
class SteadyLine;

// The triage window: lays out the ranked process table (flat or tree) with its filters and, for the
// selected process, the tabs (evidence ledger, blast radius, details, charts); builds the menus;
// keeps the selection on the same identity across refreshes; remembers its layout. Scans run on
// the service's thread, rows are prepared by the ResultFeed, and acting is the ActionRunner's: this
// only applies finished results and asks the person to confirm.
class ReliefDialog;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // `sessionDb`: the session database (saving, the Sessions window); empty: the default.
    MainWindow(const TriageConfig &config, CollectOptions collect, TriageOptions triage, const QString &sessionDb = {},
        QWidget *parent = nullptr);
    // On an engine that outlives the window (the tray's, WindowOnDemand): the service already runs.
    MainWindow(const TriageConfig &config, TriageService &service, SessionKeeper &keeper, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Starts the service (or, on a shared one, asks it for a scan now) and opens the journal.
    void start();
    // The action journal (default: the window's session database); actions stay disabled, saying why,
    // when it cannot be opened. How requests reach the privileged helper (default: D-Bus).
    bool openJournal(const QString &path);
    void setTransportFactory(ActionRunner::TransportFactory factory);
    // Asks to act on the selected processes (ActionDialog, then the engine off the GUI thread).
    // `signal` names the signal for ActVerb::Signal (HUP INT TERM KILL USR1 USR2 STOP CONT).
    void askToAct(ActVerb verb, const QString &signal = {});
    // The same for given processes, the dialog over `over` (default: this window).
    void askToActOn(
        const std::vector<ProcessIdentity> &targets, ActVerb verb, const QString &signal = {}, QWidget *over = nullptr);
    SessionKeeper &sessions() { return m_keeper; }
    // Tells ptriage that processes like these are useful (a "spare" vote each), off the GUI thread.
    void spare(const std::vector<ProcessIdentity> &targets);
    void spareCommands(std::vector<Decision> decisions);
    void showLearned();
    // Opens (or raises) the Sessions window and compares the latest saved session with now.
    SessionsWindow *showSessions();
    // Writes the HTML report of the latest result to `path` (off the GUI thread), then offers to open it.
    void exportReport(const QString &path);
    // With the tray: closing hides the window and ptriage keeps running; while hidden it scans every
    // `hiddenIntervalMs` (and when asked) instead of at the refresh interval.
    void setKeepRunningHidden(bool on, int hiddenIntervalMs = 300000);
    bool keepsRunningHidden() const { return m_keepRunningHidden; }
    // Shows the window with only these processes in the table (a notification's culprits) until
    // "Show all".
    void showOnly(const std::vector<ProcessIdentity> &ids);
    // "Free memory…": the relief plan for `goalBytes` (ReliefDialog), over the window.
    ReliefDialog *showRelief(std::uint64_t goalBytes = 1ull << 30);
    TriageService &service() { return m_service; }
    QList<QAction *> processActions() const { return m_processActions; }
    QString lastActionReport() const { return m_lastReport; }
    void refreshNow() { m_service.refreshNow(); }
    // Selects a process by PID once it is in a result (for --select).
    void selectPidWhenSeen(int pid);
    std::shared_ptr<const TriageResult> lastResult() const { return m_last; }
    QTreeView *table() const { return m_table; }
    LedgerPane *ledger() const { return m_ledger; }
    BlastGraphView *graph() const { return m_graph; }
    DetailsPane *details() const { return m_details; }
    HistoryCharts *charts() const { return m_charts; }
    // The process selected (an identity; invalid when none). Only the pane in view shows it at once.
    ProcessIdentity selectedIdentity() const { return m_selected; }
    QTabWidget *tabs() const { return m_tabs; }
    QAction *treeMode() const { return m_treeMode; }
    const ProcessHistory &history() const { return m_history; }
    ProcessFilterModel *filter() const { return m_filter; }
    ProcessTableModel *model() const { return m_model; }

Q_SIGNALS:
    void resultApplied();
    void actionFinished(); // its outcomes are in lastActionReport()

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    MainWindow(const TriageConfig &config, std::unique_ptr<TriageService> ownService, TriageService *sharedService,
        std::unique_ptr<SessionKeeper> ownKeeper, SessionKeeper *sharedKeeper, QWidget *parent);
    void buildActions();
    void applyResult(std::shared_ptr<const ProcessTableModel::PreparedRows> rows, qint64 scanMicroseconds);
    void showSelected();
    void showCurrentPane();
    void tabOpened();
    void showCharts();
    void selectIdentity(const ProcessIdentity &id);
    void updateStatus(qint64 scanMicroseconds);
    void restoreSettings();
    void saveSettings() const;
    void showContextMenu(const QPoint &pos);
    void chooseColumns(const QPoint &pos);
    void reportOutcomes(const QString &title, const std::vector<ActOutcome> &outcomes);
    void undoSelected();
    void updateActionState();
    void updateMarks();
    void sessionSaved(long long id, const QString &error, bool automatic);
    void chooseReportFile();
    void reportExported(const QString &path, const QString &error, const QString &warning);
    std::vector<Decision> decisionsFor(const std::vector<ProcessIdentity> &targets, Decision::Vote vote) const;
    std::vector<ProcessIdentity> selectedIdentities() const;

    const TriageConfig &m_config;
    bool m_keepRunningHidden = false;
    int m_hiddenIntervalMs = 300000;
    int m_shownIntervalMs = 0; // the refresh interval to restore when shown again
    QWidget *m_onlyBar = nullptr; // "Showing only N processes · Show all"
    QLabel *m_onlyLabel = nullptr;
    std::unique_ptr<TriageService> m_ownService; // empty on a shared engine
    std::unique_ptr<SessionKeeper> m_ownKeeper;
    TriageService &m_service;
    ProcessTableModel *m_model;
    ResultFeed *m_feed;
    ActionRunner m_runner;
    SessionKeeper &m_keeper;
    SessionsWindow *m_sessionsWindow = nullptr;
    ProcessFilterModel *m_filter;
    QTreeView *m_table;
    TreeExpansion *m_expansion = nullptr;
    QLineEdit *m_search;
    QComboBox *m_scope;
    QCheckBox *m_candidatesOnly;
    QTabWidget *m_tabs;
    LedgerPane *m_ledger;
    BlastGraphView *m_graph;
    DetailsPane *m_details;
    HistoryCharts *m_charts;
    ProcessHistory m_history;
    QSplitter *m_splitter;
    // Texts that change at every refresh: a QLabel would lay the whole window out again each time.
    SteadyLine *m_totals;
    SteadyLine *m_scanTime;
    QAction *m_refresh = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_treeMode = nullptr;
    QList<QAction *> m_intervalActions;
    QList<QAction *> m_autosaveActions;
    QList<QAction *> m_processActions; // act on the selection
    QAction *m_undo = nullptr;
    QAction *m_spare = nullptr;
    // Ends and kills asked for, until their outcomes arrive: the done ones become "ended" votes.
    std::vector<Decision> m_pendingVotes;
    QString m_lastReport;
    std::shared_ptr<const TriageResult> m_last;
    int m_selectPid = 0;
    // The process the person selected: kept across refreshes by identity; when it ends, nothing is
    // selected (never the neighbour Qt makes current when its row goes).
    ProcessIdentity m_selected;
    std::shared_ptr<const DeepDetails> m_selectedDeep; // its fresh deep read, once it arrived
    bool m_applying = false; // rows are moving: the current row is not the person's choice
};

} // namespace ptriage
