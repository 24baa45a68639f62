#include "desk/SessionKeeper.h"

#include "decide/Triage.h"
#include "report/html/HtmlReport.h"
#include "report/html/ReportHistory.h"
#include "util/ThreadPriority.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

namespace ptriage {

SessionKeeper::SessionKeeper(const QString &path, const TriageConfig &config, QObject *parent)
    : QObject(parent), m_path(path), m_config(config)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // one thread for the store's whole life
    m_autosave.setInterval(m_autosaveMinutes * 60 * 1000);
    connect(&m_autosave, &QTimer::timeout, this, [this] { save(true); });
    m_autosave.start();
}

SessionKeeper::~SessionKeeper()
{
    m_pool.waitForDone();
}

void SessionKeeper::setAutosaveMinutes(int minutes)
{
    m_autosaveMinutes = std::max(0, minutes);
    setAutosaveIntervalMs(m_autosaveMinutes * 60 * 1000);
}

void SessionKeeper::setAutosaveIntervalMs(int ms)
{
    m_autosave.stop();
    if (ms > 0) {
        m_autosave.setInterval(ms);
        m_autosave.start();
    }
}

void SessionKeeper::setViewing(long long before, long long after)
{
    m_viewing[0] = before;
    m_viewing[1] = after;
}

void SessionKeeper::run(std::function<void()> onStore, std::function<void()> onDone)
{
    // Jobs run in order on the pool's one thread, and their completions arrive in the same order.
    auto *watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, onDone = std::move(onDone)] {
        onDone();
        watcher->deleteLater();
        if (m_reopened.exchange(false))
            Q_EMIT reopened(m_path);
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [this, onStore = std::move(onStore)] {
        becomeBackgroundThread();
        onStore();
        closeIfBroken();
    }));
}

bool SessionKeeper::openStore(SessionStore::Mode mode, QString *error)
{
    if (m_store.isOpen())
        return true;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (now < m_retryAtMs) {
        *error
            = tr("%1: not opened again yet after an error (in %2 s)").arg(m_path).arg((m_retryAtMs - now + 999) / 1000);
        return false;
    }
    if (m_store.open(m_path, mode, error))
        return true;
    if (m_failures > 0) // still failing: wait longer before the next try
        failedAgain(now);
    return false;
}

void SessionKeeper::failedAgain(qint64 now)
{
    ++m_failures;
    m_retryAtMs = now + std::min<qint64>(60000, qint64(m_reopenDelayMs) << std::min(m_failures - 1, 16));
}

void SessionKeeper::closeIfBroken()
{
    if (!m_store.isOpen())
        return;
    // A job's error may have left the connection unusable though the file is fine (an I/O error, a
    // shared home's file replaced under it): then close it, and open it again a little later.
    if (m_store.broken() || !m_store.answers()) {
        m_store.close();
        failedAgain(QDateTime::currentMSecsSinceEpoch());
    } else if (m_failures > 0) {
        m_failures = 0;
        m_retryAtMs = 0;
        m_reopened = true;
    }
}

void SessionKeeper::saveNow()
{
    save(false);
}

void SessionKeeper::save(bool automatic)
{
    const auto latest = this->latest();
    if (!latest) {
        // An automatic save has nothing to report: the next one saves the first scan.
        if (!automatic)
            Q_EMIT saved(0, tr("Nothing to save yet: the first scan has not finished."), automatic);
        return;
    }
    if (m_saving)
        return; // the save in progress holds a scan that is at most seconds older
    m_saving = true;
    struct Job {
        long long id = 0;
        QString error;
    };
    auto job = std::make_shared<Job>();
    run(
        [this, job, result = latest, keepDays = m_keepDays, keep0 = m_viewing[0], keep1 = m_viewing[1]] {
            if (!openStore(SessionStore::Mode::Create, &job->error))
                return;
            job->id = m_store.save(sessionFromTriage(*result, m_config), &job->error);
            if (job->id == 0)
                return;
            // Retention: the session just saved and the ones being viewed stay. A failed cleanup
            // loses nothing; the next save tries again.
            QString pruneError;
            m_store.prune(keepDays, {job->id, keep0, keep1}, &pruneError);
        },
        [this, job, automatic] {
            m_saving = false;
            Q_EMIT saved(job->id, job->error, automatic);
        });
}

void SessionKeeper::exportReport(const QString &path, std::shared_ptr<const TriageConfig> config)
{
    const auto latest = this->latest();
    if (!latest) {
        Q_EMIT reportExported(path, tr("Nothing to report yet: the first scan has not finished."), {});
        return;
    }
    struct Job {
        QString error;
        QString warning;
    };
    auto job = std::make_shared<Job>();
    run(
        [this, job, path, config, result = latest] {
            ReportInput input = reportFromTriage(*result, *config);
            input.version = QCoreApplication::applicationVersion().toStdString();
            // "Report made": the scan's own time (reportFromTriage), so one result gives one report.
            ReportHistoryRequest history;
            history.databasePath = m_path;
            history.now = std::make_shared<const Session>(sessionFromTriage(*result, m_config));
            if (!addReportHistory(input, history, &job->warning) && job->warning.isEmpty())
                job->warning = tr("the session database could not be read");
            HtmlReport::save(HtmlReport::render(input), path, &job->error);
        },
        [this, job, path] { Q_EMIT reportExported(path, job->error, job->warning); });
}

void SessionKeeper::listSessions()
{
    struct Job {
        std::vector<SessionInfo> sessions;
        QString error;
    };
    auto job = std::make_shared<Job>();
    run(
        [this, job] {
            if (!m_store.isOpen() && !QFileInfo::exists(m_path))
                return; // nothing saved yet: an empty list, not an error
            if (openStore(SessionStore::Mode::ExistingOnly, &job->error))
                job->sessions = m_store.sessions(0, &job->error);
        },
        [this, job] { Q_EMIT listed(job->sessions, job->error); });
}

void SessionKeeper::compare(long long beforeId, long long afterId)
{
    struct Job {
        std::shared_ptr<const SessionComparison> comparison;
        QString error;
    };
    auto job = std::make_shared<Job>();
    run(
        [this, job, beforeId, afterId, result = afterId == 0 ? latest() : nullptr] {
            if (!openStore(SessionStore::Mode::ExistingOnly, &job->error))
                return;
            std::shared_ptr<const Session> now;
            if (result)
                now = std::make_shared<const Session>(sessionFromTriage(*result, m_config));
            job->comparison = compareSessions(m_store, beforeId, afterId, now, &job->error);
        },
        [this, job] { Q_EMIT compared(job->comparison, job->error); });
}

void SessionKeeper::recordDecisions(std::vector<Decision> decisions)
{
    struct Job {
        int count = 0;
        QString error;
    };
    auto job = std::make_shared<Job>();
    run(
        [this, job, decisions = std::move(decisions)] {
            if (!openStore(SessionStore::Mode::Create, &job->error))
                return;
            for (const Decision &d : decisions) {
                if (m_store.recordDecision(d, &job->error) == 0)
                    return;
                ++job->count;
            }
        },
        [this, job] { Q_EMIT decisionsRecorded(job->count, job->error); });
}

void SessionKeeper::listLearned(const LearningParams &params)
{
    struct Job {
        std::vector<Match> patterns;
        QString error;
    };
    auto job = std::make_shared<Job>();
    run(
        [this, job, params] {
            if (!m_store.isOpen() && !QFileInfo::exists(m_path))
                return; // nothing learned yet
            if (!openStore(SessionStore::Mode::ExistingOnly, &job->error))
                return;
            const auto decisions = m_store.decisions(&job->error);
            if (job->error.isEmpty())
                job->patterns = LearnedPatterns(decisions, {}, params, QDateTime::currentMSecsSinceEpoch()).all();
        },
        [this, job] { Q_EMIT learnedListed(job->patterns, job->error); });
}

void SessionKeeper::forgetPattern(const std::string &pattern)
{
    auto error = std::make_shared<QString>();
    run(
        [this, error, pattern] {
            if (openStore(SessionStore::Mode::ExistingOnly, error.get()))
                m_store.forgetPattern(pattern, error.get());
        },
        [this, error] { Q_EMIT learnedChanged(*error); });
}

void SessionKeeper::clearDecisions()
{
    auto error = std::make_shared<QString>();
    run(
        [this, error] {
            if (openStore(SessionStore::Mode::ExistingOnly, error.get()))
                m_store.clearDecisions(error.get());
        },
        [this, error] { Q_EMIT learnedChanged(*error); });
}

QString SessionKeeper::restoreSettings()
{
    QSettings s;
    bool ok = false;
    const int minutes = s.value(QStringLiteral("sessions/autosaveMinutes"), 15).toInt(&ok);
    setAutosaveMinutes(ok && minutes >= 0 && minutes <= 24 * 60 ? minutes : 15);
    const double days = s.value(QStringLiteral("sessions/keepDays"), 30.0).toDouble(&ok);
    setKeepDays(ok && days >= 1 ? days : 30);
    if (!ok || days < 1)
        return tr("%1: sessions/keepDays is not a number of days ≥ 1; sessions are kept 30 days").arg(s.fileName());
    return {};
}

} // namespace ptriage
