#pragma once

#include "TriageService.h"

#include <QThreadPool>
#include <QTimer>

#include <memory>
#include <vector>

namespace ptriage {

// Lives on the service's thread: owns the collector (not thread-safe, so only this thread uses it).
class TriageWorker : public QObject {
    Q_OBJECT

public:
    TriageWorker(TriageConfig config, CollectOptions collect, TriageOptions triage);

public Q_SLOTS:
    void start();
    void scan();
    void setIntervalMs(int ms);
    void setPaused(bool paused);
    void setMinAgeSeconds(double seconds);
    void setLeavesLiveState(bool on);
    void readDeep(const ptriage::ProcessIdentity &id);
    void planRelief(int ticket, std::shared_ptr<const ptriage::TriageResult> result, ptriage::ReliefGoal goal);
    void stop();
    // What the owner no longer shows: freed by the next scan once it has read /proc, before its triage.
    void release(std::shared_ptr<const void> superseded);
    // The session database the past terms read ("" = none); reloaded now if the worker runs.
    void setSessionDatabase(const QString &path);
    // Reads decisions and recent sessions again (after a decision was recorded, a session saved).
    void reloadPast();

Q_SIGNALS:
    void resultReady(std::shared_ptr<const ptriage::TriageResult> result, qint64 scanMicroseconds);
    void deepReady(const ptriage::ProcessIdentity &id, std::shared_ptr<const ptriage::DeepDetails> deep);
    void reliefPlanned(int ticket, std::shared_ptr<const ptriage::ReliefPlan> plan,
        std::shared_ptr<const ptriage::TriageResult> result);
    void failed(const QString &message);
    void pastUnavailable(const QString &message);

private:
    void leaveLiveState();
    TriageConfig m_config;
    QThreadPool m_triageHelpers; // the triage's per-process work beside this thread, as the collector's reads
    TriageOptions m_triage;
    QString m_procRoot; // for the footprints of a relief plan
    Collector m_collector;
    QString m_sessionDatabase;
    QString m_pastError; // the last one reported, so a refused file is said once
    std::shared_ptr<const TriageResult> m_lastResult; // what unchanged processes carry over from
    std::vector<std::shared_ptr<const void>> m_superseded;
    QTimer *m_timer = nullptr; // created on the worker thread, so its events fire there
    bool m_open = false;
    bool m_leavesLiveState = false;
    std::int64_t m_liveStateSavedMs = 0;
    QString m_liveStateError; // the last one said
    bool m_firstScanDone = false;
    bool m_paused = false;
    int m_intervalMs = 2000;
};

} // namespace ptriage
