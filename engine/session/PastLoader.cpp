#include "PastLoader.h"

#include "session/database/SessionStore.h"

#include <QFileInfo>

#include <limits>

namespace ptriage {

std::optional<PastRecords> readPastRecords(
    const QString &path, const BootId &boot, const Priors &priors, QString *error, const std::string &sshHost)
{
    error->clear();
    if (path.isEmpty() || !QFileInfo::exists(path))
        return std::nullopt;
    SessionStore store;
    if (!store.open(path, SessionStore::Mode::ExistingOnly, error))
        return std::nullopt;
    PastRecords r;
    r.decisions = store.decisions(error);
    if (!error->isEmpty())
        return std::nullopt;
    // Respawns start within seconds of a kill: only those processes' commands are read.
    std::int64_t firstKill = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastKill = std::numeric_limits<std::int64_t>::min();
    const auto window = static_cast<std::int64_t>(priors.learning.respawnSeconds * 1000);
    for (const auto &d : r.decisions)
        if (d.vote == Decision::Vote::Kill) {
            firstKill = std::min(firstKill, d.atMs - 1000);
            lastKill = std::max(lastKill, d.atMs + window);
        }
    if (!store.recentOfBoot(boot, kPastSessions, firstKill, lastKill, &r.sessions, &r.starts, error, sshHost))
        return std::nullopt;
    if (firstKill <= lastKill) {
        r.firstKillMs = firstKill;
        r.lastKillMs = lastKill;
    }
    return r;
}

std::shared_ptr<const PastContext> buildPast(
    PastRecords records, const Priors &priors, std::int64_t nowMs, const Snapshot *current)
{
    if (current && records.firstKillMs <= records.lastKillMs) {
        const double ticks = static_cast<double>(std::max(1L, current->system.clockTicks));
        for (const Sample &s : current->processes) {
            const double age = current->system.uptimeSeconds - static_cast<double>(s.id.startTicks) / ticks;
            const auto startMs = current->capturedAtMs - static_cast<std::int64_t>(age * 1000);
            if (startMs < records.firstKillMs || startMs > records.lastKillMs || !s.details
                || s.details->cmdline.empty())
                continue;
            records.starts.push_back({s.details->cmdline, s.id, startMs});
        }
    }
    return buildPastContext(records.decisions, records.sessions, records.starts, priors, nowMs);
}

std::shared_ptr<const PastContext> loadPast(const QString &path, const BootId &boot, const Priors &priors,
    std::int64_t nowMs, QString *error, const Snapshot *current)
{
    auto records = readPastRecords(path, boot, priors, error);
    return records ? buildPast(std::move(*records), priors, nowMs, current) : nullptr;
}

} // namespace ptriage
