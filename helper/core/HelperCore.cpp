#include "HelperCore.h"

#include "KernelOps.h"
#include "ProcessHandle.h"

namespace ptriage::helper {

HelperCore::HelperCore(HelperOptions options) : m_options(std::move(options)) { }

QList<TargetResult> HelperCore::execute(const HelperRequest &request, int callerPid) const
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
    const CallerInfo caller = CallerInfo::of(callerPid);
    const auto bootId = procfs::bootId();
    for (const auto &t : request.targets)
        results.append(executeOne(t, request, caller, bootId));
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

HelperCore::Reply HelperCore::handle(const QVariantMap &arguments, int callerPid) const
{
    const DecodeResult decoded = decodeRequest(arguments, m_options.limits);
    if (!decoded.ok())
        return {decoded.error, {}};
    return {{}, encodeResults(execute(*decoded.request, callerPid))};
}

} // namespace ptriage::helper
