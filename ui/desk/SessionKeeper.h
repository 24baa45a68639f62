#pragma once

#include "config/TriageConfig.h"
#include "infer/Learning.h"
#include "session/SessionComparison.h"
#include "session/database/SessionStore.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>

namespace ptriage {

struct TriageResult;

// The Desk's session database: saving (Ctrl+S and every N minutes), retention, and the reads the
// Sessions window asks for. Every job runs on one thread of its own, one after another, so the
// store is only used there and the GUI thread never waits for SQLite; results come back as signals.
class SessionKeeper : public QObject {
    Q_OBJECT

public:
    // `config`: the one the saved results were triaged with (their ledgers are read again with it).
    SessionKeeper(const QString &path, const TriageConfig &config, QObject *parent = nullptr);
    ~SessionKeeper() override; // waits for the job in progress

    QString path() const { return m_path; }
    // Where the newest result is kept (the Desk): what a save (on demand or automatic) and "now" in
    // a comparison use.
    void setLatestSource(std::function<std::shared_ptr<const TriageResult>()> source) { m_latest = std::move(source); }
    bool hasLatest() const { return latest() != nullptr; }

    // 0 turns saving automatically off.
    void setAutosaveMinutes(int minutes);
    void setAutosaveIntervalMs(int ms); // the same in ms, for tests; 0 off
    int autosaveMinutes() const { return m_autosaveMinutes; }
    void setKeepDays(double days) { m_keepDays = days; }
    // sessions/autosaveMinutes and sessions/keepDays from QSettings. A typo must not delete sessions:
    // anything but a sane number keeps the default, and the returned sentence says so (else empty).
    QString restoreSettings();
    double keepDays() const { return m_keepDays; }
    // Retention never removes the sessions being viewed.
    void setViewing(long long before, long long after);
    // After an error that broke the connection the store is opened again, no sooner than this after
    // the failure, doubling with each failure in a row up to a minute (for tests; default 1 s).
    void setReopenDelayMs(int ms) { m_reopenDelayMs = std::max(1, ms); }

    void saveNow();
    void listSessions();
    // `afterId` 0: the latest result.
    void compare(long long beforeId, long long afterId);

    // The HTML report of the latest result, with the diff against the session saved before it (if
    // any) and the actions journaled since; written to `path` whole or not at all.
    void exportReport(const QString &path, std::shared_ptr<const TriageConfig> config);

    // Learning: the person's decisions (ended, spared), what was learned, forgetting it.
    void recordDecisions(std::vector<Decision> decisions);
    void listLearned(const LearningParams &params);
    void forgetPattern(const std::string &pattern);
    void clearDecisions();

Q_SIGNALS:
    void saved(long long id, const QString &error, bool automatic);
    void listed(const std::vector<ptriage::SessionInfo> &sessions, const QString &error);
    void compared(std::shared_ptr<const ptriage::SessionComparison> comparison, const QString &error);
    void decisionsRecorded(int count, const QString &error);
    void learnedListed(const std::vector<ptriage::Match> &patterns, const QString &error);
    void learnedChanged(const QString &error); // after forgetting or clearing
    // `warning`: the report was written without what the database would add.
    void reportExported(const QString &path, const QString &error, const QString &warning);
    // The database works again after errors that broke its connection (saving and learning go on).
    void reopened(const QString &path);

private:
    void save(bool automatic);
    void run(std::function<void()> onStore, std::function<void()> onDone);
    bool openStore(SessionStore::Mode mode, QString *error);
    void closeIfBroken(); // on the store's thread, after each job
    void failedAgain(qint64 now);

    QString m_path;
    const TriageConfig &m_config;
    QThreadPool m_pool; // one thread, kept: the store's
    SessionStore m_store; // used on m_pool's thread only
    QTimer m_autosave;
    int m_autosaveMinutes = 15;
    double m_keepDays = 30;
    long long m_viewing[2] = {0, 0};
    bool m_saving = false;
    // The store's thread only: failures in a row, and when the store may be opened again.
    int m_failures = 0;
    qint64 m_retryAtMs = 0;
    int m_reopenDelayMs = 1000;
    std::atomic<bool> m_reopened{false}; // set there, said on the GUI thread
    std::shared_ptr<const TriageResult> latest() const { return m_latest ? m_latest() : nullptr; }

    std::function<std::shared_ptr<const TriageResult>()> m_latest;
    std::vector<std::function<void()>> m_pending; // completions, in order
    std::vector<QFutureWatcher<void> *> m_jobs;
};

} // namespace ptriage
