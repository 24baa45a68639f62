#pragma once

#include "collect/Collector.h"

#include <QJsonArray>
#include <QString>

namespace ptriage {

// `--state FILE`: the last sample per identity, so two runs a known uptime apart give rates.
// A missing file is an empty state. A file that is not a ptriage state file is an error and is
// never overwritten (the path may point at something else of value).
// `verdicts`: the rows the live service held beside them (decide/HeldVerdicts reads them), when wanted.
bool loadState(const QString &path, const BootId &bootId, std::vector<PreviousSample> &out, QString *error,
    QJsonArray *verdicts = nullptr);
// The same for the file's contents (`path` names it in errors).
bool parseState(const QByteArray &text, const QString &path, const BootId &bootId, std::vector<PreviousSample> &out,
    QString *error, QJsonArray *verdicts = nullptr);
bool saveState(const QString &path, const BootId &bootId, const std::vector<PreviousSample> &samples, QString *error,
    const QJsonArray &verdicts = {});

} // namespace ptriage
