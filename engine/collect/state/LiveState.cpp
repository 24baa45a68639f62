#include "LiveState.h"

#include "StateFile.h"
#include "store/FileTrust.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <ctime>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {

QString liveStatePath()
{
    if (qEnvironmentVariableIsSet("PTRIAGE_LIVE_STATE"))
        return qEnvironmentVariable("PTRIAGE_LIVE_STATE");
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (runtime.isEmpty() || !QDir::isAbsolutePath(runtime))
        return {};
    return runtime + QStringLiteral("/ptriage/live-state.json");
}

std::vector<PreviousSample> loadLiveState(const BootId &bootId, QString *why, QJsonArray *verdicts)
{
    const QString path = liveStatePath();
    if (path.isEmpty())
        return {};
    bool exists = false;
    if (const QString notOwn = whyNotOwnFile(path, &exists); !notOwn.isEmpty()) {
        *why = notOwn;
        return {};
    }
    if (!exists)
        return {};
    std::vector<PreviousSample> samples;
    QJsonArray held;
    if (!loadState(path, bootId, samples, why, &held))
        return {};
    timespec ts{};
    ::clock_gettime(CLOCK_BOOTTIME, &ts);
    const double now = static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
    double newest = 0;
    for (const PreviousSample &s : samples)
        newest = std::max(newest, s.uptimeSeconds);
    // Left by a window closed a while ago: its rates would be over minutes, not the window's half minute.
    if (samples.empty() || now - newest > kLiveStateFreshSeconds || newest > now)
        return {};
    if (verdicts)
        *verdicts = std::move(held);
    return samples;
}

bool saveLiveState(
    const BootId &bootId, const std::vector<PreviousSample> &samples, QString *error, const QJsonArray &verdicts)
{
    const QString path = liveStatePath();
    if (path.isEmpty())
        return true;
    const QString dir = QFileInfo(path).absolutePath();
    if (!QFileInfo::exists(dir) && ::mkdir(QFile::encodeName(dir).constData(), 0700) != 0) {
        *error = dir + QStringLiteral(": cannot create it");
        return false;
    }
    // Never through a link or into someone else's file: the one-shot would refuse it anyway.
    if (const QString notOwn = whyNotOwnFile(path); !notOwn.isEmpty()) {
        *error = notOwn;
        return false;
    }
    return saveState(path, bootId, samples, error, verdicts);
}

} // namespace ptriage
