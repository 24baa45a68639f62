#pragma once

#include "collect/Collector.h"
#include "decide/relief/ReliefPlan.h"
#include "decide/Triage.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace ptriage {

class TriageWorker;

// The long-lived engine for the window: scans and triage run on a worker thread; results arrive
// on the owner's thread as immutable snapshots. Destroying it during a scan is clean: the scan
// finishes on its thread and its result is dropped.
class TriageService : public QObject {
    Q_OBJECT

public:
    TriageService(
        TriageConfig config, CollectOptions collect = {}, TriageOptions triage = {}, QObject *parent = nullptr);
    ~TriageService() override;

    void start(); // opens the proc root and scans at the interval
    void refreshNow(); // one scan now, paused or not
    // What the owner no longer shows (a result, the rows made of it), freed on the service thread
    // before its next scan, not beside it.
    void release(std::shared_ptr<const void> superseded);
    void setIntervalMs(int ms); // default 2000
    void setPaused(bool paused); // no scans at the interval while paused
    bool isPaused() const { return m_paused; }
    // Nothing younger is judged (the policy's, or --min-age, until set); the next scan uses it.
    void setMinAgeSeconds(double seconds);
    // Leaves this machine's last samples for one-shots every 10 s (collect/LiveState): the window's,
    // the tray's and `watch`'s service do; tests' and benchmarks' do not.
    void setLeavesLiveState(bool on);
    int intervalMs() const { return m_intervalMs; }
    // Fds and sockets of one process, read now (selected process, before acting).
    void requestDeep(const ptriage::ProcessIdentity &id);
    // The session database whose decisions and saved sessions feed the "past decisions" and
    // "leaking" terms ("" = none). A missing file is no past; a refused one is one `pastUnavailable`.
    void setSessionDatabase(const QString &path);
    // The relief plan for `goal` on `result`: the footprints (PSS) read now on the service thread,
    // then the search. `reliefPlanned` answers with the returned ticket (never 0).
    int requestReliefPlan(std::shared_ptr<const ptriage::TriageResult> result, ptriage::ReliefGoal goal);

public Q_SLOTS:
    // Reads the past again on the service thread: call after recording a decision
    // (SessionStore::recordDecision) or saving a session. The next result uses it.
    void reloadPast();

Q_SIGNALS:
    void resultReady(std::shared_ptr<const ptriage::TriageResult> result, qint64 scanMicroseconds);
    void deepReady(const ptriage::ProcessIdentity &id, std::shared_ptr<const ptriage::DeepDetails> deep);
    void failed(const QString &message); // cannot scan
    void reliefPlanned(int ticket, std::shared_ptr<const ptriage::ReliefPlan> plan,
        std::shared_ptr<const ptriage::TriageResult> result);
    // The session database cannot be read for the past: scans go on without it. Said once per error.
    void pastUnavailable(const QString &message);

private:
    QThread m_thread;
    TriageWorker *m_worker = nullptr;
    bool m_paused = false;
    int m_intervalMs = 2000;
    int m_lastTicket = 0;
};

} // namespace ptriage

Q_DECLARE_METATYPE(std::shared_ptr<const ptriage::TriageResult>)
Q_DECLARE_METATYPE(std::shared_ptr<const ptriage::DeepDetails>)
Q_DECLARE_METATYPE(std::shared_ptr<const ptriage::ReliefPlan>)
