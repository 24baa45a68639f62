#include "desk/ActionRunner.h"

#include "remote/RemoteHost.h"

#include <QtConcurrent/QtConcurrentRun>

namespace ptriage {

ActionRunner::ActionRunner(QObject *parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // the journal's SQLite connection stays on one thread
    connect(&m_job, &QFutureWatcherBase::finished, this, [this] {
        JobResult r = m_job.result();
        m_busy = false;
        m_undoable = std::move(r.undoable);
        Q_EMIT undoableChanged();
        Q_EMIT busyChanged(false);
        Q_EMIT finished(m_title, r.outcomes);
    });
    connect(&m_opening, &QFutureWatcherBase::finished, this, [this] {
        Opened o = m_opening.result();
        m_journalTried = true;
        m_journalError = o.error;
        m_journalWarning = o.warning;
        m_undoable = std::move(o.undoable);
        Q_EMIT undoableChanged();
        Q_EMIT journalOpened(m_journalError.isEmpty());
    });
}

ActionRunner::~ActionRunner()
{
    m_opening.waitForFinished();
    m_job.waitForFinished();
    m_pool.waitForDone();
    // The journal is closed here, with nothing running on the pool.
}

void ActionRunner::openJournal(const QString &path)
{
    if (m_opening.isRunning() || isBusy())
        return;
    m_opening.setFuture(QtConcurrent::run(&m_pool, [this, path] {
        QString error;
        const bool ok = m_journal.open(path, &error);
        return Opened{ok ? QString() : error, m_journal.warning(), undoableHere()};
    }));
}

QString ActionRunner::unavailableReason() const
{
    if (!m_journalError.isEmpty())
        return tr("Acting is off: the action journal cannot be opened (%1).").arg(m_journalError);
    if (!m_journalTried)
        return tr("The action journal is being opened.");
    if (isBusy())
        return tr("An action is still running.");
    return {};
}

const ActionJournal::Entry *ActionRunner::undoableFor(const ProcessIdentity &id, const Machine &machine) const
{
    const ActionJournal::Entry *newest = nullptr;
    for (const auto &e : m_undoable)
        if (e.target == id && e.machine == machine)
            newest = &e;
    return newest;
}

bool ActionRunner::run(const ActRequest &request, std::shared_ptr<const TriageResult> context, const QString &title)
{
    if (request.targets.empty() || !context || !context->machine.isThis()) // another machine's: runOnHost
        return false;
    return start(title, [request, context](ActionController &c) { return c.run(request, *context); });
}

bool ActionRunner::runOnHost(
    const ActRequest &request, std::shared_ptr<const TriageResult> context, const QString &title)
{
    if (request.targets.empty() || !context || context->machine.isThis())
        return false;
    return start(title, [this, request, context](ActionController &) {
        return actOnHost(request, *context, m_journal); // m_journal: this job's thread, as always
    });
}

bool ActionRunner::undo(long long journalId, const QString &title)
{
    return start(title, [this, journalId](ActionController &c) {
        const auto entry = m_journal.entry(journalId);
        if (!entry || entry->machine.isThis())
            return std::vector<ActOutcome>{c.undo(journalId)}; // it says why when there is nothing to undo
        return undoOnHost(*entry, m_journal); // done there by its own ptriage, marked undone here
    });
}

std::vector<ActionJournal::Entry> ActionRunner::undoableHere() const
{
    std::vector<ActionJournal::Entry> all = m_journal.undoable();
    for (auto &e : m_journal.undoableOnHosts())
        all.push_back(std::move(e));
    return all;
}

bool ActionRunner::start(const QString &title, std::function<std::vector<ActOutcome>(ActionController &)> work)
{
    if (!unavailableReason().isEmpty())
        return false;
    m_title = title;
    m_busy = true;
    // The controller may wait for a password dialog or a TERM grace period: never on the GUI thread.
    m_job.setFuture(
        QtConcurrent::run(&m_pool, [this, work = std::move(work), transport = m_transportFactory()]() mutable {
            ActionController controller(std::move(transport), m_journal);
            JobResult r;
            r.outcomes = work(controller);
            r.undoable = undoableHere();
            return r;
        }));
    Q_EMIT busyChanged(true);
    return true;
}

} // namespace ptriage
