#include "desk/Desk.h"

#include "act/Votes.h"

#include <QDateTime>

#include <algorithm>

#include <malloc.h>

namespace ptriage {

Desk::Desk(
    const TriageConfig &config, CollectOptions collect, TriageOptions triage, const QString &sessionDb, QObject *parent)
    : QObject(parent),
      m_config(config),
      m_service(config, std::move(collect), triage),
      m_keeper(sessionDb.isEmpty() ? SessionStore::defaultPath() : sessionDb, config),
      m_hosts(config)
{
    m_hosts.setMinAgeSeconds(triage.minAgeSeconds); // --min-age: every machine's verdicts alike
    connect(&m_hosts, &HostWatch::hostsChanged, this, &Desk::hostsArrived);
    m_keeper.setLatestSource([this] { return m_current; });
    connect(&m_service, &TriageService::resultReady, this, &Desk::receive);
    connect(&m_service, &TriageService::deepReady, this, &Desk::deepReady);
    connect(&m_service, &TriageService::failed, this, &Desk::scanFailed);
    connect(&m_service, &TriageService::reliefPlanned, this, &Desk::reliefPlanned);
    connect(&m_service, &TriageService::pastUnavailable, this,
        [this](const QString &message) { Q_EMIT noted(message, 60000); });
    // What the past says ("past decisions", "leaking") changes with a decision or a saved session.
    connect(&m_keeper, &SessionKeeper::saved, this, [this](long long id, const QString &, bool) {
        if (id != 0)
            m_service.reloadPast();
    });
    connect(&m_keeper, &SessionKeeper::decisionsRecorded, this, [this](int count, const QString &error) {
        if (!error.isEmpty())
            Q_EMIT noted(tr("Your decision was not remembered: %1").arg(error), 30000);
        if (count > 0)
            m_service.reloadPast();
    });
    connect(&m_keeper, &SessionKeeper::learnedChanged, &m_service, &TriageService::reloadPast);
    connect(&m_keeper, &SessionKeeper::reopened, this, [this] {
        Q_EMIT noted(tr("The session database works again: saving and learning go on."), 30000);
        m_service.reloadPast();
    });
    connect(&m_runner, &ActionRunner::journalOpened, this, [this] {
        if (!m_runner.journalWarning().isEmpty()) {
            qWarning("%s", qUtf8Printable(m_runner.journalWarning()));
            Q_EMIT noted(tr("Warning: %1").arg(m_runner.journalWarning()), 60000);
        }
        Q_EMIT actingChanged();
    });
    connect(&m_runner, &ActionRunner::busyChanged, this, &Desk::actingChanged);
    connect(&m_runner, &ActionRunner::undoableChanged, this, &Desk::actingChanged);
    connect(&m_runner, &ActionRunner::finished, this,
        [this](const QString &title, const std::vector<ActOutcome> &outcomes) { finished(outcomes, title); });
}

Desk::~Desk() = default;

void Desk::start()
{
    if (m_started) {
        m_service.refreshNow(); // a new view wants a result now
        return;
    }
    m_started = true;
    if (!m_journalAsked)
        openJournal(m_keeper.path()); // the session database, not always the default one
    m_service.setSessionDatabase(m_keeper.path()); // learned decisions and memory across sessions
    m_hosts.setPastDatabase(m_keeper.path());
    applyCadence();
    m_service.start();
}

void Desk::refreshNow()
{
    m_service.refreshNow();
    if (!m_shown.isThis())
        m_hosts.refreshNow();
}

void Desk::setIntervalMs(int ms)
{
    m_foregroundIntervalMs = ms;
    applyCadence();
}

void Desk::setBackgroundIntervalMs(int ms)
{
    m_backgroundIntervalMs = ms;
    applyCadence();
}

void Desk::setMinAgeSeconds(double seconds)
{
    m_hosts.setMinAgeSeconds(seconds);
    m_service.setMinAgeSeconds(seconds);
    m_service.refreshNow();
}

double Desk::minAgeSeconds() const
{
    return m_current ? m_current->minAgeSeconds : m_config.policy.minAgeSeconds;
}

void Desk::setCadence(Cadence cadence)
{
    if (cadence == m_cadence)
        return;
    m_cadence = cadence;
    applyCadence();
    if (cadence == Cadence::Foreground && m_started)
        m_service.refreshNow(); // a window came into view: minutes-old figures won't do
}

void Desk::applyCadence()
{
    m_service.setIntervalMs(m_cadence == Cadence::Foreground ? m_foregroundIntervalMs : m_backgroundIntervalMs);
    if (m_started)
        m_hosts.setActive(m_cadence == Cadence::Foreground); // other machines only for a window in view
}

void Desk::showMachine(const Machine &machine)
{
    m_shown = machine;
    m_shownResult = nullptr;
    qint64 micros = 0;
    if (const HostWatch::Host *h = m_hosts.host(machine)) {
        m_shownResult = h->result;
        micros = static_cast<qint64>(h->seconds * 1e6);
    }
    if (const auto result = shown())
        Q_EMIT shownChanged(result, micros);
}

std::shared_ptr<const TriageResult> Desk::shown() const
{
    return m_shown.isThis() ? m_current : m_shownResult;
}

void Desk::hostsArrived()
{
    const HostWatch::Host *h = m_hosts.host(m_shown);
    const auto result = h ? h->result : nullptr;
    if (!result || result == m_shownResult)
        return; // nothing newer (a host that fails now keeps its last result)
    m_shownResult = result;
    Q_EMIT shownChanged(result, static_cast<qint64>(h->seconds * 1e6));
}

void Desk::receive(std::shared_ptr<const TriageResult> result, qint64 scanMicroseconds)
{
    m_current = result;
    m_history.record(*result->snapshot);
    if (m_shown.isThis())
        Q_EMIT shownChanged(result, scanMicroseconds);
    Q_EMIT resultChanged(std::move(result), scanMicroseconds);
    // In the background, between scans minutes apart, give back what the scan left free in the
    // allocator's arenas (a scan of thousands of processes touches megabytes).
    if (m_cadence == Cadence::Background)
        ::malloc_trim(0);
}

void Desk::openJournal(const QString &path)
{
    m_journalAsked = true;
    m_runner.openJournal(path);
}

void Desk::setTransportFactory(ActionRunner::TransportFactory factory)
{
    m_runner.setTransportFactory(std::move(factory));
}

int Desk::act(const ActRequest &request, const QString &title, std::shared_ptr<const TriageResult> context)
{
    if (!context)
        context = m_current;
    // This machine's request acts on its newest scan (the controller checks each identity there);
    // another machine's goes there with the result it was confirmed on.
    const bool here = context && context->machine.isThis();
    if (!context || !(here ? m_runner.run(request, m_current, title) : m_runner.runOnHost(request, context, title)))
        return 0;
    m_actingOn = context->machine;
    m_acting = ++m_lastTicket;
    m_pendingVotes = votesAskedBy(request, *context, QDateTime::currentMSecsSinceEpoch());
    Q_EMIT actStarted(m_acting, title);
    return m_acting;
}

int Desk::undo(long long journalId, const QString &title)
{
    const auto &undoable = m_runner.undoable();
    const auto entry = std::find_if(
        undoable.begin(), undoable.end(), [&](const ActionJournal::Entry &e) { return e.id == journalId; });
    if (!m_runner.undo(journalId, title))
        return 0;
    m_actingOn = entry != undoable.end() ? entry->machine : Machine();
    m_acting = ++m_lastTicket;
    m_pendingVotes.clear();
    Q_EMIT actStarted(m_acting, title);
    return m_acting;
}

void Desk::finished(const std::vector<ActOutcome> &outcomes, const QString &title)
{
    std::vector<Decision> cast = votesCast(m_pendingVotes, outcomes);
    m_pendingVotes.clear();
    if (!cast.empty())
        m_keeper.recordDecisions(std::move(cast));
    const int ticket = std::exchange(m_acting, 0);
    Q_EMIT actFinished(ticket, title, outcomes);
    if (m_actingOn.isThis())
        m_service.refreshNow(); // what the action changed, at once
    else
        m_hosts.refreshNow();
}

bool Desk::spare(const std::vector<ProcessIdentity> &targets, std::shared_ptr<const TriageResult> context)
{
    if (!context)
        context = m_current;
    if (!context)
        return false;
    if (!context->machine.learns()) {
        Q_EMIT noted(tr("ptriage learns from this machine's processes only: %1's command lines are its own word.")
                         .arg(QString::fromStdString(context->machine.hostName())),
            10000);
        return false;
    }
    return spareCommands(votesFor(*context, targets, Decision::Vote::Spare, QDateTime::currentMSecsSinceEpoch()));
}

bool Desk::spareCommands(std::vector<Decision> decisions)
{
    if (decisions.empty()) {
        Q_EMIT noted(tr("Nothing to learn from: the command of that process is unknown."), 10000);
        return false;
    }
    Q_EMIT noted(tr("ptriage will count processes like this one as more likely useful."), 10000);
    m_keeper.recordDecisions(std::move(decisions));
    return true;
}

void Desk::exportReport(const QString &path)
{
    m_keeper.exportReport(path, std::make_shared<const TriageConfig>(m_config));
}

int Desk::planRelief(ReliefGoal goal)
{
    if (!m_current)
        return 0;
    return m_service.requestReliefPlan(m_current, goal);
}

} // namespace ptriage
