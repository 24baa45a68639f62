#pragma once

#include "desk/ActionRunner.h"
#include "desk/HostWatch.h"
#include "desk/SessionKeeper.h"
#include "live/ProcessHistory.h"
#include "live/TriageService.h"

#include <QObject>

#include <memory>
#include <vector>

namespace ptriage {

// ptriage running on this desktop: the one owner of the application under its windows and the
// tray. It owns the triage service (the engine's threads), the session keeper, the action runner,
// the process history and the one current result; every view reads and asks here and never
// reaches another view. Requests that answer later (an action, a relief plan) are answered by the
// ticket they returned. GUI thread.
class Desk : public QObject {
    Q_OBJECT

public:
    // Foreground: a window is in view, scans at the refresh interval. Background: only the tray
    // (or a hidden window), scans at the background interval and when asked.
    enum class Cadence { Foreground, Background };

    // `sessionDb`: the session database (sessions, learning, the action journal); empty: the default.
    Desk(const TriageConfig &config, CollectOptions collect, TriageOptions triage, const QString &sessionDb = {},
        QObject *parent = nullptr);
    ~Desk() override;

    const TriageConfig &config() const { return m_config; }

    // Opens the journal (unless one was opened), reads the past and starts scanning; called again,
    // asks for a scan now.
    void start();
    bool isStarted() const { return m_started; }
    // A scan now (and a round of the hosts when one is shown).
    void refreshNow();
    // What the window no longer shows (the rows a new result superseded): freed on the service thread.
    void release(std::shared_ptr<const void> superseded) { m_service.release(std::move(superseded)); }
    void setPaused(bool paused) { m_service.setPaused(paused); }
    bool isPaused() const { return m_service.isPaused(); }
    // The refresh interval in the foreground (default 2000 ms).
    void setIntervalMs(int ms);
    int intervalMs() const { return m_foregroundIntervalMs; }
    void setBackgroundIntervalMs(int ms);
    void setCadence(Cadence cadence);
    // The minimum age for any verdict (younger processes are "too young"), for the next scan on: it
    // scans again now. minAgeSeconds(): the one the current result was judged with.
    void setMinAgeSeconds(double seconds);
    double minAgeSeconds() const;
    Cadence cadence() const { return m_cadence; }
    // Fds, sockets and environment of one process (the selected one), read now; deepReady answers.
    void requestDeep(const ProcessIdentity &id) { m_service.requestDeep(id); }

    // This machine's newest result (null before the first scan), and what the charts draw.
    std::shared_ptr<const TriageResult> current() const { return m_current; }

    // Other machines (the hosts file, over ssh), watched while a window is in view.
    HostWatch &hosts() { return m_hosts; }
    TriageService &service() { return m_service; }
    // Which machine the window shows (this one, or a host of the hosts file); shownChanged answers
    // with its newest result (at once when there is one).
    void showMachine(const Machine &machine);
    const Machine &shownMachine() const { return m_shown; }
    std::shared_ptr<const TriageResult> shown() const;
    const ProcessHistory &history() const { return m_history; }
    SessionKeeper &sessions() { return m_keeper; }

    // Acting. The journal defaults to the session database; how requests reach the privileged
    // helper defaults to its D-Bus service.
    void openJournal(const QString &path);
    void setTransportFactory(ActionRunner::TransportFactory factory);
    QString actUnavailableReason() const { return m_runner.unavailableReason(); }
    bool isActing() const { return m_runner.isBusy(); }
    const std::vector<ActionJournal::Entry> &undoable() const { return m_runner.undoable(); }
    // What can be undone: this machine's actions and other machines' (Entry::machine; undone there).
    const ActionJournal::Entry *undoableFor(const ProcessIdentity &id, const Machine &machine = {}) const
    {
        return m_runner.undoableFor(id, machine);
    }
    // Carries out a request the person confirmed on `context` (null: current()), on the machine it
    // was read on: its ticket, or 0 when nothing was started (actUnavailableReason says why). Ending
    // this machine's processes teaches ptriage once they are gone; a host's never does.
    int act(const ActRequest &request, const QString &title, std::shared_ptr<const TriageResult> context = {});
    int undo(long long journalId, const QString &title);

    // Learning: processes like these (of `context`, null: current()) are useful (a "spare" vote each); votes already
    // made (a saved session's process). False: nothing to learn from (no command known, or a host's
    // process: learning is this machine's).
    bool spare(const std::vector<ProcessIdentity> &targets, std::shared_ptr<const TriageResult> context = {});
    bool spareCommands(std::vector<Decision> decisions);

    void save() { m_keeper.saveNow(); }
    // The HTML report of the current result (SessionKeeper::reportExported answers).
    void exportReport(const QString &path);
    // The relief plan for `goal` on the current result: its ticket (reliefPlanned answers), 0 before
    // the first result.
    int planRelief(ReliefGoal goal);

Q_SIGNALS:
    void resultChanged(std::shared_ptr<const ptriage::TriageResult> result, qint64 scanMicroseconds);
    // The newest result of the machine the window shows (this one's, or a host's).
    void shownChanged(std::shared_ptr<const ptriage::TriageResult> result, qint64 scanMicroseconds);
    void deepReady(const ptriage::ProcessIdentity &id, std::shared_ptr<const ptriage::DeepDetails> deep);
    void scanFailed(const QString &message);
    // A passing message for a status line (a warning, what a spare does).
    void noted(const QString &text, int timeoutMs);
    void actingChanged(); // the journal opened, an action started or ended, what can be undone changed
    void actStarted(int ticket, const QString &title);
    void actFinished(int ticket, const QString &title, const std::vector<ptriage::ActOutcome> &outcomes);
    void reliefPlanned(int ticket, std::shared_ptr<const ptriage::ReliefPlan> plan,
        std::shared_ptr<const ptriage::TriageResult> result);

private:
    void receive(std::shared_ptr<const TriageResult> result, qint64 scanMicroseconds);
    void finished(const std::vector<ActOutcome> &outcomes, const QString &title);
    void applyCadence();
    void hostsArrived();

    const TriageConfig &m_config;
    TriageService m_service;
    SessionKeeper m_keeper;
    ActionRunner m_runner;
    HostWatch m_hosts;
    Machine m_shown;
    std::shared_ptr<const TriageResult> m_shownResult; // a host's, when one is shown
    Machine m_actingOn; // where the running action went
    ProcessHistory m_history;
    std::shared_ptr<const TriageResult> m_current;
    bool m_started = false;
    bool m_journalAsked = false;
    Cadence m_cadence = Cadence::Foreground;
    int m_foregroundIntervalMs = 2000;
    int m_backgroundIntervalMs = 300000;
    int m_lastTicket = 0;
    int m_acting = 0; // the ticket of the action running, 0 when none
    std::vector<Decision> m_pendingVotes; // ends asked for: votes once their targets are gone
};

} // namespace ptriage
