#pragma once

#include "collect/Collector.h"

#include <QJsonArray>
#include <QString>

namespace ptriage {

// The last samples the live service (the window, the tray, `watch`) leaves for one-shots, so that `scan`
// and `explain` read a rate over the same half minute the window does, not a first look's milliseconds
// filled with the process's life.
//
// The file: $PTRIAGE_LIVE_STATE when set (empty: none), else $XDG_RUNTIME_DIR/ptriage/live-state.json
// (per login and boot), else none.
QString liveStatePath();
// Samples older than this are not what the window shows now: a one-shot does without them.
constexpr double kLiveStateFreshSeconds = 60;
// For a one-shot: the samples, when the file is the user's own, of this boot and fresh. No file is no
// samples and no error; any other reason not to use it is in `why` (the scan goes on without them).
// `verdicts`: the verdicts the live service held at the same refresh (decide/HeldVerdicts), when wanted.
std::vector<PreviousSample> loadLiveState(const BootId &bootId, QString *why, QJsonArray *verdicts = nullptr);
// For the live service: written in place of the last (a directory of the user's own, 0700, made when missing).
bool saveLiveState(
    const BootId &bootId, const std::vector<PreviousSample> &samples, QString *error, const QJsonArray &verdicts = {});

} // namespace ptriage
