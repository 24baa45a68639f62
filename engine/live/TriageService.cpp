#include "TriageService.h"

#include "TriageWorker.h"

namespace ptriage {

TriageService::TriageService(TriageConfig config, CollectOptions collect, TriageOptions triage, QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const ptriage::TriageResult>>();
    qRegisterMetaType<std::shared_ptr<const ptriage::DeepDetails>>();
    qRegisterMetaType<std::shared_ptr<const ptriage::ReliefPlan>>();
    qRegisterMetaType<ptriage::ProcessIdentity>();
    m_thread.setObjectName(QStringLiteral("ptriage-scan"));
    m_worker = new TriageWorker(std::move(config), std::move(collect), std::move(triage));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TriageWorker::resultReady, this, &TriageService::resultReady);
    connect(m_worker, &TriageWorker::deepReady, this, &TriageService::deepReady);
    connect(m_worker, &TriageWorker::reliefPlanned, this, &TriageService::reliefPlanned);
    connect(m_worker, &TriageWorker::failed, this, &TriageService::failed);
    connect(m_worker, &TriageWorker::pastUnavailable, this, &TriageService::pastUnavailable);
    m_thread.start();
}

TriageService::~TriageService()
{
    // A scan in progress finishes on its thread; queued results to this object are dropped.
    QMetaObject::invokeMethod(m_worker, &TriageWorker::stop, Qt::QueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void TriageService::start()
{
    QMetaObject::invokeMethod(m_worker, &TriageWorker::start, Qt::QueuedConnection);
}

void TriageService::refreshNow()
{
    QMetaObject::invokeMethod(m_worker, &TriageWorker::scan, Qt::QueuedConnection);
}

void TriageService::release(std::shared_ptr<const void> superseded)
{
    if (superseded)
        QMetaObject::invokeMethod(
            m_worker,
            [worker = m_worker, superseded = std::move(superseded)]() mutable {
                worker->release(std::move(superseded));
            },
            Qt::QueuedConnection);
}

void TriageService::setIntervalMs(int ms)
{
    m_intervalMs = std::max(100, ms);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, ms = m_intervalMs] { w->setIntervalMs(ms); }, Qt::QueuedConnection);
}

void TriageService::setMinAgeSeconds(double seconds)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, seconds] { w->setMinAgeSeconds(seconds); }, Qt::QueuedConnection);
}

void TriageService::setLeavesLiveState(bool on)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, on] { w->setLeavesLiveState(on); }, Qt::QueuedConnection);
}

void TriageService::setPaused(bool paused)
{
    m_paused = paused;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, paused] { w->setPaused(paused); }, Qt::QueuedConnection);
}

void TriageService::requestDeep(const ProcessIdentity &id)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, id] { w->readDeep(id); }, Qt::QueuedConnection);
}

int TriageService::requestReliefPlan(std::shared_ptr<const TriageResult> result, ReliefGoal goal)
{
    const int ticket = ++m_lastTicket;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, ticket, result = std::move(result), goal] { w->planRelief(ticket, result, goal); },
        Qt::QueuedConnection);
    return ticket;
}

void TriageService::setSessionDatabase(const QString &path)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, path] { w->setSessionDatabase(path); }, Qt::QueuedConnection);
}

void TriageService::reloadPast()
{
    QMetaObject::invokeMethod(m_worker, &TriageWorker::reloadPast, Qt::QueuedConnection);
}

} // namespace ptriage
