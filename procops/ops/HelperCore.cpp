#include "procops/ops/HelperCore.h"

#include "procops/ops/KernelOps.h"
#include "procops/ops/ProcessHandle.h"

namespace ptriage::procops {

HelperCore::HelperCore(HelperOptions options)
    : m_options(std::move(options)), m_ledger(m_options.undoLedgerDir), m_logDaemon(m_options.logSocket)
{
    m_options.cgroups.ledger = &m_ledger;
    if (!m_ledger.enabled())
        return;
    const auto boot = procfs::bootId();
    m_ledger.prune([&](const ProcessIdentity &id) {
        return std::holds_alternative<ProcessHandle>(ProcessHandle::open(id, boot));
    });
}

QList<TargetResult> HelperCore::execute(
    const HelperRequest &request, int callerPid, const QList<ProtectedProcess> &machinery) const
{
    QList<TargetResult> results;
    results.reserve(request.targets.size());
    // Arguments are checked again here: the engine builds requests in code, without the decoder.
    // Targets are checked one by one below, so that PID 1 or a stale identity is refused with its
    // own reason instead of failing the whole batch.
    QString invalid = validateArguments(request, m_options.limits);
    if (invalid.isEmpty() && request.targets.size() > kMaxTargets)
        invalid = QStringLiteral("at most %1 targets per request").arg(kMaxTargets);
    if (!invalid.isEmpty()) {
        for (const auto &t : request.targets)
            results.append(
                TargetResult::make(t, TargetStatus::Refused, QStringLiteral("invalid request: %1").arg(invalid)));
        return results;
    }
    CallerInfo caller = CallerInfo::of(callerPid);
    caller.machinery = machinery;
    if (!m_options.logSocket.isEmpty())
        for (const int pid : m_logDaemon.pids())
            caller.machinery.append({pid, QStringLiteral("the system log daemon (it keeps the audit trail)")});
    const auto bootId = procfs::bootId();
    const bool undo = isUndo(request, &m_ledger); // before acting: acting changes the ledger
    for (const auto &t : request.targets) {
        results.append(executeOne(t, request, caller, bootId));
        remember(request, results.last(), undo);
    }
    return results;
}

TargetResult HelperCore::executeOne(const ProcessIdentity &id, const HelperRequest &request, const CallerInfo &caller,
    const std::optional<BootId> &bootId) const
{
    auto opened = ProcessHandle::open(id, bootId);
    if (auto *early = std::get_if<TargetResult>(&opened))
        return *early;
    const ProcessHandle &hd = std::get<ProcessHandle>(opened);
    if (const QString why = refusalFor(hd, request, caller); !why.isEmpty())
        return TargetResult::make(hd.target(), TargetStatus::Refused, why);

    // Written before acting: a helper killed right after the signal still leaves its record.
    if (request.verb == Verb::Signal && request.signal == QLatin1String("STOP"))
        m_ledger.hold(UndoLedger::Hold::Stop, hd.identity());
    switch (request.verb) {
    case Verb::Signal:
        return sendSignal(hd, request.signal, request.processGroup);
    case Verb::Renice:
        return renice(hd, request.nice);
    case Verb::Quarantine:
    case Verb::Unquarantine:
        return setAffinity(hd, request.cpus, request.verb);
    case Verb::Freeze:
        return freezeProcess(hd, m_options.cgroups);
    case Verb::Thaw:
        return thawProcess(hd, m_options.cgroups);
    case Verb::Throttle:
        return throttleProcess(hd, request.quotaPercent, m_options.cgroups);
    case Verb::Unthrottle:
        return unthrottleProcess(hd, m_options.cgroups);
    }
    return TargetResult::make(hd.target(), TargetStatus::Refused, QStringLiteral("unknown verb"));
}

// Keeps what a renice or an affinity change replaced, so that putting it back counts as an undo.
void HelperCore::remember(const HelperRequest &request, const TargetResult &r, bool undo) const
{
    if (!m_ledger.enabled())
        return;
    const bool done = r.status == TargetStatus::Done;
    if (request.verb == Verb::Signal && request.signal == QLatin1String("STOP") && !done)
        m_ledger.release(UndoLedger::Hold::Stop, r.target);
    else if (request.verb == Verb::Signal && request.signal == QLatin1String("CONT") && done)
        m_ledger.release(UndoLedger::Hold::Stop, r.target);
    else if (request.verb == Verb::Thaw && done)
        m_ledger.release(UndoLedger::Hold::Freeze, r.target);
    else if (request.verb == Verb::Unthrottle && done)
        m_ledger.release(UndoLedger::Hold::Throttle, r.target);
    if (r.details.isEmpty())
        return;
    if (request.verb == Verb::Renice && r.details.contains(QStringLiteral("previousNice"))) {
        if (undo)
            m_ledger.forgetNice(r.target);
        else
            m_ledger.recordNice(r.target, r.details.value(QStringLiteral("previousNice")).toInt());
    } else if ((request.verb == Verb::Quarantine || request.verb == Verb::Unquarantine)
        && r.details.contains(QStringLiteral("previousAffinity"))) {
        if (undo) {
            m_ledger.forgetAffinity(r.target);
        } else {
            QList<int> previous;
            for (const QVariant &c : r.details.value(QStringLiteral("previousAffinity")).toList())
                previous.append(c.toInt());
            m_ledger.recordAffinity(r.target, previous);
        }
    }
}

HelperCore::Reply HelperCore::handle(const QVariantMap &arguments, int callerPid) const
{
    const DecodeResult decoded = decodeRequest(arguments, m_options.limits);
    if (!decoded.ok())
        return {decoded.error, {}};
    return {{}, encodeResults(execute(*decoded.request, callerPid))};
}

} // namespace ptriage::procops
