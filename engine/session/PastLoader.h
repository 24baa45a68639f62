#pragma once

#include "collect/Snapshot.h"
#include "infer/PastContext.h"

#include <QString>

namespace ptriage {

// Saved sessions of this boot the "leaking" term reads (the newest ones).
inline constexpr int kPastSessions = 6;

// Reads the decisions and the last sessions of `boot` from the session database and builds the
// past. A missing file is no past (null, `error` empty); a refused or damaged one is null with
// `error` set (and the file left alone). `current`: the latest scan, whose processes count as
// respawns of a kill too.
std::shared_ptr<const PastContext> loadPast(const QString &path, const BootId &boot, const Priors &priors,
    std::int64_t nowMs, QString *error, const Snapshot *current = nullptr);

} // namespace ptriage
