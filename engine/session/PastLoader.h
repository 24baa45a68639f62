#pragma once

#include "collect/Snapshot.h"
#include "infer/PastContext.h"

#include <QString>

#include <optional>
#include <vector>

namespace ptriage {

// Saved sessions of this boot the "leaking" term reads (the newest ones).
inline constexpr int kPastSessions = 6;

// What the session database holds for the past: the decisions, the last sessions of one boot, and
// the starts of processes within a kill's respawn window.
struct PastRecords {
    std::vector<Decision> decisions;
    std::vector<std::vector<PastProcess>> sessions;
    std::vector<ProcessStart> starts;
    std::int64_t firstKillMs = 0, lastKillMs = -1; // that window; empty without a kill
};

// Reads the decisions and the last sessions of `boot` on machine `sshHost` ('' this one) from the
// session database. A missing file is no past (empty, `error` empty); a refused or damaged one is
// empty with `error` set (and the file left alone).
std::optional<PastRecords> readPastRecords(
    const QString &path, const BootId &boot, const Priors &priors, QString *error, const std::string &sshHost = {});
// The past from them. `current`: the latest scan, whose processes count as respawns of a kill too.
std::shared_ptr<const PastContext> buildPast(
    PastRecords records, const Priors &priors, std::int64_t nowMs, const Snapshot *current = nullptr);
// Both.
std::shared_ptr<const PastContext> loadPast(const QString &path, const BootId &boot, const Priors &priors,
    std::int64_t nowMs, QString *error, const Snapshot *current = nullptr);

} // namespace ptriage
