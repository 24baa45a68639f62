#include "ActionController.h"
#include "ActionRules.h"
#include "UndoOf.h"

#include "procops/identity/ProcFs.h"
#include "procops/identity/TargetDescription.h"
#include "procops/ops/Aftermath.h"
#include "procops/ops/HelperCore.h"

#include <QElapsedTimer>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/syscall.h>
#include <unistd.h>

namespace ptriage {
namespace {

using procops::HelperCore;
using procops::TargetResult;
using procops::TargetStatus;

ActStatus statusOf(TargetStatus s)
{
    switch (s) {
    case TargetStatus::Done:
        return ActStatus::Done;
    case TargetStatus::NoSuchProcess:
        return ActStatus::NoSuchProcess;
    case TargetStatus::IdentityChanged:
        return ActStatus::IdentityChanged;
    case TargetStatus::Refused:
        return ActStatus::Refused;
    case TargetStatus::Failed:
        break;
    }
    return ActStatus::Failed;
}

// The helper request for one step of `request` (End is TERM, then KILL); targets are set later.
procops::HelperRequest helperRequestFor(const ActRequest &r, const char *signal = nullptr)
{
    using procops::Verb;
    procops::HelperRequest h;
    auto sig = [&](const QString &name) {
        h.verb = Verb::Signal;
        h.signal = name;
        h.processGroup = r.processGroup;
    };
    switch (r.verb) {
    case ActVerb::End:
        sig(QLatin1String(signal ? signal : "TERM"));
        break;
    case ActVerb::Kill:
        sig(QStringLiteral("KILL"));
        break;
    case ActVerb::Pause:
        sig(QStringLiteral("STOP"));
        break;
    case ActVerb::Resume:
        sig(QStringLiteral("CONT"));
        break;
    case ActVerb::Signal:
        sig(QString::fromStdString(r.signal));
        break;
    case ActVerb::Renice:
        h.verb = Verb::Renice;
        h.nice = r.nice;
        break;
    case ActVerb::Quarantine:
    case ActVerb::Unquarantine:
        h.verb = r.verb == ActVerb::Quarantine ? Verb::Quarantine : Verb::Unquarantine;
        h.cpus = QList<int>(r.cpus.begin(), r.cpus.end());
        if (h.cpus.isEmpty())
            h.cpus << static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN) - 1);
        break;
    case ActVerb::Throttle:
        h.verb = Verb::Throttle;
        h.quotaPercent = r.quotaPercent;
        break;
    case ActVerb::Unthrottle:
        h.verb = Verb::Unthrottle;
        break;
    case ActVerb::Freeze:
        h.verb = Verb::Freeze;
        break;
    case ActVerb::Thaw:
        h.verb = Verb::Thaw;
        break;
    case ActVerb::Reap:
        break; // never reaches the helper: see askParentToReap
    }
    return h;
}

ActStatus statusOfTransportError(TransportReply::Error error)
{
    switch (error) {
    case TransportReply::Error::Cancelled:
        return ActStatus::Cancelled;
    case TransportReply::Error::NotAuthorized:
    case TransportReply::Error::AuthenticationRequired:
        return ActStatus::NotAuthorized;
    default:
        return ActStatus::Failed;
    }
}

// Alive means: the same start time under that pid, and not a zombie (a zombie has already ended).
bool stillAlive(const ProcessIdentity &id)
{
    const auto st = procops::procfs::readStat(id.pid);
    return st && st->startTicks == id.startTicks && st->state != 'Z' && st->state != 'X';
}

// Stopped by a signal (a job-control stop, ptriage's pause), not traced: its SIGTERM waits until it runs.
bool stoppedBySignal(const ProcessIdentity &id)
{
    const auto st = procops::procfs::readStat(id.pid);
    return st && st->startTicks == id.startTicks && st->state == 'T';
}

} // namespace

struct ActionController::Pending {
    ProcessIdentity id;
    std::string command;
    ActOutcome outcome;
    bool settled = false; // refused before anything was tried
};

ActionController::ActionController(std::unique_ptr<PrivilegedTransport> transport, ActionJournal &journal)
    : m_transport(std::move(transport)), m_journal(journal)
{ }

ActionController::~ActionController() = default;

std::vector<ActOutcome> ActionController::perform(
    procops::HelperRequest request, const std::vector<ProcessIdentity> &targets)
{
    std::vector<ActOutcome> out(targets.size());
    if (targets.empty())
        return out;
    // As the user first: the same core the helper runs, so identity and rules are checked the same way.
    request.targets = QList<ProcessIdentity>(targets.begin(), targets.end());
    const QList<TargetResult> mine = HelperCore().execute(request, static_cast<int>(::getpid()));
    std::vector<std::size_t> deniedAt;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const TargetResult &r = mine.at(static_cast<qsizetype>(i));
        out[i] = {targets[i], statusOf(r.status), r.message.toStdString(), false, r.undo, 0};
        if (r.permissionDenied())
            deniedAt.push_back(i);
    }
    if (deniedAt.empty())
        return out;

    // Only what the user may not do goes to the helper: one request (one authorization) per at most
    // kMaxOwners owners, the helper's bound.
    for (const std::vector<std::size_t> &batch : batchesByOwner(targets, deniedAt))
        askHelper(request, targets, batch, out);
    return out;
}

std::vector<std::vector<std::size_t>> ActionController::batchesByOwner(
    const std::vector<ProcessIdentity> &targets, const std::vector<std::size_t> &at)
{
    std::vector<std::vector<std::size_t>> batches;
    std::vector<std::vector<uid_t>> owners;
    for (const std::size_t i : at) {
        const uid_t uid = procops::describeTarget(targets[i]).uid;
        auto b = std::find_if(owners.begin(), owners.end(), [&](const std::vector<uid_t> &o) {
            return std::find(o.begin(), o.end(), uid) != o.end() || o.size() < std::size_t(procops::kMaxOwners);
        });
        if (b == owners.end()) {
            owners.emplace_back();
            batches.emplace_back();
            b = owners.end() - 1;
        }
        if (std::find(b->begin(), b->end(), uid) == b->end())
            b->push_back(uid);
        batches[std::size_t(b - owners.begin())].push_back(i);
    }
    return batches;
}

void ActionController::askHelper(procops::HelperRequest request, const std::vector<ProcessIdentity> &targets,
    const std::vector<std::size_t> &batch, std::vector<ActOutcome> &out)
{
    request.targets.clear();
    std::vector<procops::Before> was;
    for (const std::size_t i : batch) {
        request.targets << targets[i];
        was.push_back(procops::before(targets[i]));
    }
    const TransportReply reply = m_transport
        ? m_transport->execute(request.toVariantMap())
        : TransportReply{TransportReply::Error::Unavailable, QStringLiteral("no privileged helper configured"), {},
            Phrase("Action", QT_TRANSLATE_NOOP("Action", "no privileged helper configured"))};
    for (std::size_t k = 0; k < batch.size(); ++k) {
        ActOutcome &o = out[batch[k]];
        o.viaHelper = true;
        if (reply.error == TransportReply::Error::Broken) {
            // What it did is unknown: the process itself says (the helper's ledger has the undo).
            const TargetResult seen = procops::aftermath(request, o.target, was[k], reply.message);
            o.status = statusOf(seen.status);
            o.message = Phrase(
                "Action", QT_TRANSLATE_NOOP("Action", "%1 (with administrator rights)"), {seen.message.toStdString()});
            o.undo = seen.undo;
            continue;
        }
        if (reply.error != TransportReply::Error::None) {
            o.status = statusOfTransportError(reply.error);
            o.message
                = Phrase("Action", QT_TRANSLATE_NOOP("Action", "needs administrator rights; %1; nothing was done"),
                    {reply.text.empty() ? Phrase(reply.message.toStdString()) : reply.text});
            continue;
        }
        QString error;
        const auto r = k < static_cast<std::size_t>(reply.results.size())
            ? procops::decodeResult(reply.results.at(static_cast<qsizetype>(k)).toMap(), &error)
            : std::nullopt;
        if (!r || r->target != o.target) {
            o.status = ActStatus::Failed;
            o.message = error.isEmpty()
                ? Phrase("Action", QT_TRANSLATE_NOOP("Action", "the helper's answer did not match the request"))
                : Phrase("Action", QT_TRANSLATE_NOOP("Action", "the helper's answer did not match the request: %1"),
                    {error.toStdString()});
            continue;
        }
        o.status = statusOf(r->status);
        o.message = Phrase(
            "Action", QT_TRANSLATE_NOOP("Action", "%1 (with administrator rights)"), {r->message.toStdString()});
        o.undo = r->undo;
    }
}

void ActionController::endWithTermThenKill(const ActRequest &request, std::vector<Pending> &pending)
{
    std::vector<ProcessIdentity> targets;
    std::vector<Pending *> who;
    for (auto &p : pending)
        if (!p.settled) {
            targets.push_back(p.id);
            who.push_back(&p);
        }
    const auto term = perform(helperRequestFor(request, "TERM"), targets);
    std::vector<Pending *> waiting;
    std::vector<ProcessIdentity> stopped;
    for (std::size_t i = 0; i < who.size(); ++i) {
        who[i]->outcome = term[i];
        if (term[i].status == ActStatus::Done) {
            waiting.push_back(who[i]);
            if (stoppedBySignal(who[i]->id))
                stopped.push_back(who[i]->id);
        }
    }
    // A stopped process acts on SIGTERM only once it runs: continue it, as a shell's `kill` does for a
    // stopped job, rather than wait out the grace period and KILL it (no chance to clean up).
    perform(helperRequestFor(request, "CONT"), stopped);
    QElapsedTimer clock;
    clock.start();
    while (!waiting.empty() && clock.elapsed() < request.endTimeoutMs) {
        std::erase_if(waiting, [](const Pending *p) { return !stillAlive(p->id); });
        if (!waiting.empty())
            QThread::msleep(50);
    }
    for (Pending *p : who)
        if (p->outcome.status == ActStatus::Done && std::find(waiting.begin(), waiting.end(), p) == waiting.end())
            p->outcome.message = std::find(stopped.begin(), stopped.end(), p->id) == stopped.end()
                ? Phrase("Action", QT_TRANSLATE_NOOP("Action", "ended after SIGTERM"))
                : Phrase("Action",
                    QT_TRANSLATE_NOOP("Action", "ended after SIGTERM (it was stopped: continued to receive it)"));
    if (waiting.empty())
        return;
    // Still there after the grace period: KILL, through the same core checks (a reused PID is refused).
    std::vector<ProcessIdentity> stubborn;
    for (Pending *p : waiting)
        stubborn.push_back(p->id);
    const auto kill = perform(helperRequestFor(request, "KILL"), stubborn);
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        ActOutcome o = kill[i];
        if (o.status == ActStatus::Done)
            o.message
                = Phrase("Action", QT_TRANSLATE_NOOP("Action", "did not end within %1 s of SIGTERM; killed (SIGKILL)"),
                    {std::to_string(request.endTimeoutMs / 1000.0).substr(0, 3)});
        o.viaHelper = o.viaHelper || waiting[i]->outcome.viaHelper;
        waiting[i]->outcome = o;
    }
}

std::vector<ActOutcome> ActionController::run(const ActRequest &request, const TriageResult &context)
{
    std::vector<Pending> pending;
    for (const auto &id : request.targets) {
        Pending p;
        p.id = id;
        p.outcome.target = id;
        const Sample *s = context.snapshot->byIdentity(id);
        if (!s) {
            p.outcome.status = ActStatus::Refused;
            p.outcome.message = Phrase(
                "Action", QT_TRANSLATE_NOOP("Action", "not in the scan this was decided on: refresh and look again"));
            p.settled = true;
        } else {
            const int index = static_cast<int>(s - context.snapshot->processes.data());
            p.command = s->details && !s->details->cmdline.empty() ? s->details->cmdline.front() : s->comm;
            const auto blocks = hardBlocks(request, context, index);
            if (!blocks.empty()) {
                p.outcome.status = ActStatus::Refused;
                p.outcome.message = blocks.front();
                p.settled = true;
            }
        }
        pending.push_back(std::move(p));
    }
    if (!m_journal.isOpen()) {
        for (auto &p : pending)
            if (!p.settled) {
                p.outcome.status = ActStatus::Refused;
                p.outcome.message = Phrase("Action",
                    QT_TRANSLATE_NOOP("Action",
                        "the action journal is not open, so the action could not be recorded; nothing was done"));
                p.settled = true;
            }
    }

    if (request.verb == ActVerb::End) {
        endWithTermThenKill(request, pending);
    } else if (request.verb == ActVerb::Reap) {
        for (auto &p : pending)
            if (!p.settled)
                p.outcome = askParentToReap(p.id, context);
    } else {
        std::vector<ProcessIdentity> targets;
        std::vector<Pending *> who;
        for (auto &p : pending)
            if (!p.settled) {
                targets.push_back(p.id);
                who.push_back(&p);
            }
        const auto done = perform(helperRequestFor(request), targets);
        for (std::size_t i = 0; i < who.size(); ++i)
            who[i]->outcome = done[i];
    }

    std::vector<ActOutcome> out;
    for (auto &p : pending) {
        ActionJournal::Entry e;
        e.verb = request.verb;
        e.target = p.outcome.target;
        e.command = p.command;
        e.status = p.outcome.status;
        e.message = p.outcome.message.english(); // the journal keeps English, in every locale
        e.viaHelper = p.outcome.viaHelper;
        e.undo = p.outcome.status == ActStatus::Done ? p.outcome.undo : QVariantMap();
        QString error;
        if (m_journal.isOpen())
            p.outcome.journalId = m_journal.record(e, &error);
        if (m_journal.isOpen() && p.outcome.journalId == 0)
            p.outcome.message = Phrase("Action", QT_TRANSLATE_NOOP("Action", "%1; could not be journaled: %2"),
                {p.outcome.message, error.toStdString()});
        out.push_back(std::move(p.outcome));
    }
    return out;
}

ActOutcome ActionController::askParentToReap(const ProcessIdentity &zombie, const TriageResult &context)
{
    ActOutcome o;
    o.target = zombie;
    const Sample *z = context.snapshot->byPid(zombie.pid);
    const Sample *parent = z ? context.snapshot->byPid(z->ppid) : nullptr;
    if (!parent) {
        o.status = ActStatus::NoSuchProcess;
        o.message = Phrase(
            "Action", QT_TRANSLATE_NOOP("Action", "its parent is not in the scan any more: refresh and look again"));
        return o;
    }
    // The parent is identity-checked like any target: pidfd first, then its start time.
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, parent->id.pid, 0));
    const auto st = procops::procfs::readStat(parent->id.pid);
    if (pidfd < 0 || !st || st->startTicks != parent->id.startTicks) {
        if (pidfd >= 0)
            ::close(pidfd);
        o.status = ActStatus::NoSuchProcess;
        o.message = Phrase(
            "Action", QT_TRANSLATE_NOOP("Action", "its parent (pid %1) is gone"), {std::to_string(parent->id.pid)});
        return o;
    }
    const int rc = static_cast<int>(::syscall(SYS_pidfd_send_signal, pidfd, SIGCHLD, nullptr, 0));
    const int error = errno;
    ::close(pidfd);
    if (rc != 0) {
        o.status = error == EPERM ? ActStatus::Refused : ActStatus::Failed;
        o.message = error == EPERM
            ? Phrase("Action",
                QT_TRANSLATE_NOOP("Action",
                    "cannot nudge its parent (pid %1): %2; the parent is not yours — ending or restarting "
                    "the parent collects its zombies"),
                {std::to_string(parent->id.pid), std::strerror(error)})
            : Phrase("Action", QT_TRANSLATE_NOOP("Action", "cannot nudge its parent (pid %1): %2"),
                {std::to_string(parent->id.pid), std::strerror(error)});
        return o;
    }
    // A parent that reaps does so at once; give it a moment.
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 1000) {
        const auto zs = procops::procfs::readStat(zombie.pid);
        if (!zs || zs->startTicks != zombie.startTicks) {
            o.status = ActStatus::Done;
            o.message = Phrase("Action", QT_TRANSLATE_NOOP("Action", "collected by its parent after SIGCHLD"));
            return o;
        }
        QThread::msleep(50);
    }
    o.status = ActStatus::Done;
    o.message = Phrase("Action",
        QT_TRANSLATE_NOOP("Action",
            "SIGCHLD sent, but its parent (pid %1) does not collect its children: the parent is "
            "the problem — look at its own triage"),
        {std::to_string(parent->id.pid)});
    return o;
}

ActOutcome ActionController::undo(long long journalId)
{
    ActOutcome o;
    const auto e = m_journal.entry(journalId);
    if (!e) {
        o.status = ActStatus::Refused;
        o.message
            = Phrase("Action", QT_TRANSLATE_NOOP("Action", "no action %1 in the journal"), {std::to_string(journalId)});
        return o;
    }
    o.target = e->target;
    if (!e->machine.isThis()) {
        o.status = ActStatus::Refused;
        o.message = Phrase("Action",
            QT_TRANSLATE_NOOP("Action", "action %1 was done on %2: undo it from a terminal (ptriage act undo %1)"),
            {std::to_string(journalId), e->machine.hostName()});
        return o;
    }
    if (e->undo.isEmpty() || e->undoing || e->status != ActStatus::Done) {
        o.status = ActStatus::Refused;
        o.message = Phrase("Action", QT_TRANSLATE_NOOP("Action", "action %1 (%2) cannot be undone"),
            {std::to_string(journalId), actVerbName(e->verb)});
        return o;
    }
    if (e->undoneBy != 0) {
        o.status = ActStatus::Refused;
        o.message = Phrase("Action", QT_TRANSLATE_NOOP("Action", "action %1 was already undone by action %2"),
            {std::to_string(journalId), std::to_string(e->undoneBy)});
        return o;
    }
    // The undo is the inverse of the journaled verb; the row only gives the value to put back.
    QString notInverse;
    QVariantMap undoRequest = undoOf(e->verb, e->undo, &notInverse);
    if (undoRequest.isEmpty()) {
        o.status = ActStatus::Refused;
        o.message = Phrase("Action", QT_TRANSLATE_NOOP("Action", "action %1 cannot be undone: %2"),
            {std::to_string(journalId), notInverse.toStdString()});
        return o;
    }
    // And decoded like any request from outside: the values are checked there.
    undoRequest.insert(procops::field::targets, QStringList{e->target.toQString()});
    const auto decoded = procops::decodeRequest(undoRequest);
    if (!decoded.ok()) {
        o.status = ActStatus::Refused;
        o.message = Phrase("Action",
            QT_TRANSLATE_NOOP("Action", "action %1 cannot be undone: its undo request is invalid (%2)"),
            {std::to_string(journalId), decoded.error.toStdString()});
        return o;
    }
    o = perform(*decoded.request, {e->target}).front();
    ActionJournal::Entry u;
    u.verb = e->verb;
    u.undoing = true;
    u.target = e->target;
    u.command = e->command;
    u.status = o.status;
    u.message = o.message.english();
    u.viaHelper = o.viaHelper;
    QString error;
    o.journalId = m_journal.record(u, &error);
    // Gone or reused: nothing left to undo either way.
    if (o.status == ActStatus::Done || o.status == ActStatus::NoSuchProcess || o.status == ActStatus::IdentityChanged)
        m_journal.markUndone(journalId, o.journalId ? o.journalId : -1, &error);
    return o;
}

} // namespace ptriage
