#pragma once

#include "collect/Collector.h"

#include <QString>

namespace ptriage {

// `--state FILE`: the last sample per identity, so two runs a known uptime apart give rates.
// A missing file is an empty state. A file that is not a ptriage state file is an error and is
// never overwritten (the path may point at something else of value).
bool loadState(const QString &path, const BootId &bootId, std::vector<PreviousSample> &out, QString *error);
// The same for the file's contents (`path` names it in errors).
bool parseState(const QByteArray &text, const QString &path, const BootId &bootId, std::vector<PreviousSample> &out,
    QString *error);
bool saveState(const QString &path, const BootId &bootId, const std::vector<PreviousSample> &samples, QString *error);

} // namespace ptriage
