#include "TriageWorker.h"

#include "collect/state/LiveState.h"
#include "decide/HeldVerdicts.h"
#include "session/PastLoader.h"
#include "util/Parallel.h"
#include "util/ThreadPriority.h"

#include <QDateTime>
#include <QElapsedTimer>

namespace ptriage {
namespace {

CollectOptions refreshedAfterItsFirstScan(CollectOptions o)
{
    o.refreshesAfterScanOnce = true;
    return o;
}

TriageOptions helpedBy(TriageOptions o, QThreadPool &helpers)
{
    helpers.setMaxThreadCount(std::max(1, workerCount() - 1));
    o.pool = &helpers;
    return o;
}

} // namespace

TriageWorker::TriageWorker(TriageConfig config, CollectOptions collect, TriageOptions triage)
    : m_config(std::move(config)),
      m_triage(helpedBy(std::move(triage), m_triageHelpers)),
      m_procRoot(QString::fromStdString(collect.procRoot)),
      m_collector(refreshedAfterItsFirstScan(std::move(collect)))
{ }

void TriageWorker::start()
{
    // The first scan runs at the caller's priority (someone waits for the window to fill); scan()
    // makes this thread background work after it, and parallelChunks then the collector's readers.
    std::string error;
    if (!m_collector.open(&error)) {
        Q_EMIT failed(QString::fromStdString(error));
        return;
    }
    m_open = true;
    reloadPast();
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::CoarseTimer);
    connect(m_timer, &QTimer::timeout, this, &TriageWorker::scan);
    m_timer->setInterval(m_intervalMs);
    if (!m_paused)
        m_timer->start();
    scan();
}

void TriageWorker::scan()
{
    if (!m_open)
        return;
    QElapsedTimer clock;
    clock.start();
    const std::int64_t cpuBefore = threadCpuNanoseconds();
    // The first scan samples twice, so even the first result shows recent rates.
    auto snapshot = m_firstScanDone ? m_collector.refresh() : m_collector.scanOnce();
    // Freed now, not while the window paints the rows that superseded them (that doubled its time:
    // both threads at once through megabytes of memory), and not after this triage, beside which
    // they were a third scan in memory.
    m_superseded.clear();
    const bool firstScan = !m_firstScanDone;
    m_firstScanDone = true;
    auto result = triage(std::move(snapshot), m_config, m_triage, m_lastResult.get());
    m_lastResult = result;
    if (!firstScan) // the first one sleeps between its two samples
        noteBackgroundShare(clock.nsecsElapsed(), threadCpuNanoseconds() - cpuBefore);
    else
        becomeBackgroundThread();
    // The interval counts from the last scan, whatever asked for it: a scan asked for now is not
    // followed by the timer's a moment later, which would hold a third scan in memory beside the two
    // the window prepares and shows.
    if (m_timer && !m_paused)
        m_timer->start();
    Q_EMIT resultReady(std::move(result), clock.nsecsElapsed() / 1000);
    if (firstScan) // what its verdicts did not need, now the window has them: where refreshes' rates start
        m_collector.readIoLeftForLater();
    leaveLiveState();
}

// For one-shots (`scan`, `explain`): this machine's last samples, with their smoothed rates, and the
// verdicts held on them, every kLiveStateEveryMs — so their rates are over the window's half minute too,
// and they hold a verdict as the window's next refresh would.
void TriageWorker::leaveLiveState()
{
    constexpr std::int64_t kLiveStateEveryMs = 10000;
    const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
    if (!m_leavesLiveState || m_procRoot != QLatin1String("/proc") || now - m_liveStateSavedMs < kLiveStateEveryMs)
        return;
    m_liveStateSavedMs = now;
    QString error;
    const QJsonArray held = m_lastResult ? heldVerdictsJson(*m_lastResult) : QJsonArray();
    if (!saveLiveState(m_collector.bootId(), m_collector.previousSamples(), &error, held) && error != m_liveStateError)
        qWarning("ptriage: the samples for one-shot scans were not written: %s", qPrintable(error));
    m_liveStateError = error;
}

void TriageWorker::setLeavesLiveState(bool on)
{
    m_leavesLiveState = on;
}

void TriageWorker::release(std::shared_ptr<const void> superseded)
{
    m_superseded.push_back(std::move(superseded));
    if (m_superseded.size() > 2 || m_paused)
        m_superseded.clear(); // no scan soon to free them
}

void TriageWorker::setMinAgeSeconds(double seconds)
{
    m_triage.minAgeSeconds = seconds;
}

void TriageWorker::setIntervalMs(int ms)
{
    m_intervalMs = std::max(100, ms);
    if (m_timer)
        m_timer->setInterval(m_intervalMs);
}

void TriageWorker::setPaused(bool paused)
{
    m_paused = paused;
    if (!m_timer)
        return;
    if (paused)
        m_timer->stop();
    else
        m_timer->start();
}

void TriageWorker::readDeep(const ProcessIdentity &id)
{
    Q_EMIT deepReady(id, m_open ? m_collector.readDeep(id) : nullptr);
}

void TriageWorker::planRelief(int ticket, std::shared_ptr<const TriageResult> result, ReliefGoal goal)
{
    const auto footprints = readFootprints(*result, m_procRoot);
    auto plan = std::make_shared<const ReliefPlan>(ptriage::planRelief(*result, footprints, goal, m_config));
    Q_EMIT reliefPlanned(ticket, std::move(plan), std::move(result));
}

void TriageWorker::setSessionDatabase(const QString &path)
{
    m_sessionDatabase = path;
    m_pastError.clear();
    if (m_open)
        reloadPast();
    else if (path.isEmpty())
        m_triage.past.reset();
}

void TriageWorker::reloadPast()
{
    QString error;
    // Triage goes on without the past when the file is refused: said once, never fatal.
    m_triage.past = loadPast(m_sessionDatabase, m_collector.bootId(), m_config.priors,
        QDateTime::currentMSecsSinceEpoch(), &error, m_lastResult ? m_lastResult->snapshot.get() : nullptr);
    if (!error.isEmpty() && error != m_pastError)
        Q_EMIT pastUnavailable(QStringLiteral("past decisions and sessions not used: %1").arg(error));
    m_pastError = error;
}

void TriageWorker::stop()
{
    m_open = false;
    m_superseded.clear();
    if (m_timer)
        m_timer->stop();
}

} // namespace ptriage
