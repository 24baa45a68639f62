#pragma once

#include "act/ActionController.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <vector>

namespace ptriage {

// Acting for the Desk: owns the action journal, how requests reach the
// privileged helper, and what ptriage did that can still be undone. Every job — opening the
// journal, an action, an undo — runs on one thread of its own, one after another, so the journal
// is only ever used there and the GUI thread never waits for a password dialog or a grace period.
// The GUI thread gets values back: outcomes and the undoable entries.
class ActionRunner : public QObject {
    Q_OBJECT

public:
    using TransportFactory = std::function<std::unique_ptr<PrivilegedTransport>()>;

    explicit ActionRunner(QObject *parent = nullptr);
    ~ActionRunner() override; // waits for the job in progress

    // Opens the journal on the action thread (SQLite never on the GUI thread); `journalOpened`
    // answers. Acting stays off until then, and off, saying why, when it cannot be opened.
    void openJournal(const QString &path);
    bool journalOpen() const { return m_journalError.isEmpty() && m_journalTried; }
    QString journalError() const { return m_journalError; }
    // The old actions.sqlite could not be imported (acting still works): why, and where it is.
    QString journalWarning() const { return m_journalWarning; }
    void setTransportFactory(TransportFactory factory) { m_transportFactory = std::move(factory); }

    // From start until its outcome is delivered (the job's thread ends before that).
    bool isBusy() const { return m_busy; }
    // Why nothing can be started now (no journal, a job running); empty when something can.
    QString unavailableReason() const;

    // `context` is the triage the person confirmed the request on. False: not started (see
    // unavailableReason()).
    bool run(const ActRequest &request, std::shared_ptr<const TriageResult> context, const QString &title);
    // The same on another machine (context->machine): its own ptriage acts there over ssh (checking each
    // identity there) and each outcome is journaled here with the host's name.
    bool runOnHost(const ActRequest &request, std::shared_ptr<const TriageResult> context, const QString &title);
    bool undo(long long journalId, const QString &title);

    // Done actions that can still be undone (pause, freeze, throttle, renice, quarantine), oldest
    // first: this machine's and other machines' (Entry::machine; undone there).
    const std::vector<ActionJournal::Entry> &undoable() const { return m_undoable; }
    // The newest of those for one process of `machine`.
    const ActionJournal::Entry *undoableFor(const ProcessIdentity &id, const Machine &machine = {}) const;

Q_SIGNALS:
    void journalOpened(bool ok); // journalError() and journalWarning() say more
    void busyChanged(bool busy);
    void finished(const QString &title, const std::vector<ptriage::ActOutcome> &outcomes);
    void undoableChanged();

private:
    struct JobResult {
        std::vector<ActOutcome> outcomes;
        std::vector<ActionJournal::Entry> undoable;
    };
    bool start(const QString &title, std::function<std::vector<ActOutcome>(ActionController &)> work);
    std::vector<ActionJournal::Entry> undoableHere() const; // on the action thread

    QThreadPool m_pool; // one thread: the journal's
    ActionJournal m_journal; // used on m_pool's thread only
    bool m_journalTried = false;
    QString m_journalError;
    QString m_journalWarning;
    TransportFactory m_transportFactory = makePrivilegedTransport;
    QFutureWatcher<JobResult> m_job;
    bool m_busy = false;
    struct Opened {
        QString error;
        QString warning;
        std::vector<ActionJournal::Entry> undoable;
    };
    QFutureWatcher<Opened> m_opening;
    QString m_title;
    std::vector<ActionJournal::Entry> m_undoable;
};

} // namespace ptriage
