#include "StateFile.h"

#include "store/WholeFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace ptriage {
namespace {
const QLatin1String kSchema("ptriage.state.v1");

// A number that converts to a 64-bit count (anything larger or negative is not one we wrote).
bool isCount(const QJsonValue &v)
{
    const double d = v.toDouble(-1);
    return v.isDouble() && d >= 0 && d < 18446744073709551616.0;
}

// A rate we wrote: CPU in cores, I/O in bytes a second.
bool isRate(const QJsonValue &v)
{
    const double d = v.toDouble(-1);
    return v.isDouble() && d >= 0 && d < 1e15;
}

QJsonValue orNull(const std::optional<std::uint64_t> &v)
{
    return v ? QJsonValue(static_cast<double>(*v)) : QJsonValue();
}

QJsonValue orNull(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

bool isPid(const QJsonValue &v)
{
    const double d = v.toDouble(-1);
    return v.isDouble() && d >= 1 && d <= kMaxPid && d == std::floor(d);
}
} // namespace

bool loadState(
    const QString &path, const BootId &bootId, std::vector<PreviousSample> &out, QString *error, QJsonArray *verdicts)
{
    // Read as the file itself, as it is written: a link planted at the path is refused, not followed.
    QByteArray text;
    bool exists = false;
    if (!readOwnFile(path, &text, &exists, error))
        return false;
    return !exists || parseState(text, path, bootId, out, error, verdicts);
}

bool parseState(const QByteArray &text, const QString &path, const BootId &bootId, std::vector<PreviousSample> &out,
    QString *error, QJsonArray *verdicts)
{
    QJsonParseError pe;
    const auto doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()
        || doc.object().value(QStringLiteral("schema")).toString() != kSchema) {
        *error = path
            + QStringLiteral(": not a ptriage state file (expected JSON with \"schema\": \"ptriage.state.v1\"); "
                             "remove it or choose another path");
        return false;
    }
    const auto root = doc.object();
    if (BootId::parse(root.value(QStringLiteral("boot_id")).toString().toStdString()) != bootId)
        return true; // another boot: its identities mean nothing now
    const auto samples = root.value(QStringLiteral("samples")).toArray();
    for (qsizetype i = 0; i < samples.size(); ++i) {
        const auto row = samples.at(i).toArray();
        const bool ok = (row.size() == 5 || row.size() == 9) && isCount(row.at(0)) && isPid(row.at(1))
            && isCount(row.at(2)) && (isCount(row.at(3)) || row.at(3).isNull()) && row.at(4).isDouble()
            && std::isfinite(row.at(4).toDouble()) && row.at(4).toDouble() >= 0
            && (row.size() == 5
                || ((isCount(row.at(5)) || row.at(5).isNull()) && (isCount(row.at(6)) || row.at(6).isNull())
                    && (isRate(row.at(7)) || row.at(7).isNull()) && (isRate(row.at(8)) || row.at(8).isNull())));
        if (!ok) {
            *error = path
                + QStringLiteral(": sample %1 is malformed (expected [start_ticks, pid, cpu_ticks, io_bytes|null, "
                                 "uptime] and optionally cpu_ns, written_bytes, cpu_steady, io_steady, each or null)")
                      .arg(i);
            return false;
        }
        PreviousSample p;
        p.id = {bootId, static_cast<std::uint64_t>(row.at(0).toDouble()), static_cast<int>(row.at(1).toDouble())};
        p.cpuTicks = static_cast<std::uint64_t>(row.at(2).toDouble());
        if (row.at(3).isDouble())
            p.ioBytes = static_cast<std::uint64_t>(row.at(3).toDouble());
        p.uptimeSeconds = row.at(4).toDouble();
        if (row.size() == 9) {
            if (row.at(5).isDouble())
                p.cpuNs = static_cast<std::uint64_t>(row.at(5).toDouble());
            if (row.at(6).isDouble())
                p.writtenBytes = static_cast<std::uint64_t>(row.at(6).toDouble());
            if (row.at(7).isDouble())
                p.cpuSteady = row.at(7).toDouble();
            if (row.at(8).isDouble())
                p.ioSteady = row.at(8).toDouble();
        }
        out.push_back(p);
    }
    if (verdicts)
        *verdicts = root.value(QStringLiteral("verdicts")).toArray();
    return true;
}

bool saveState(const QString &path, const BootId &bootId, const std::vector<PreviousSample> &samples, QString *error,
    const QJsonArray &verdicts)
{
    QJsonArray rows;
    for (const auto &s : samples)
        if (s.uptimeSeconds > 0) // read at a known time: a rate can be taken against it
            rows.append(QJsonArray{static_cast<double>(s.id.startTicks), s.id.pid, static_cast<double>(s.cpuTicks),
                orNull(s.ioBytes), s.uptimeSeconds, orNull(s.cpuNs), orNull(s.writtenBytes), orNull(s.cpuSteady),
                orNull(s.ioSteady)});
    QJsonObject root{{QStringLiteral("schema"), kSchema},
        {QStringLiteral("boot_id"), QString::fromStdString(bootId.toString())}, {QStringLiteral("samples"), rows}};
    if (!verdicts.isEmpty())
        root.insert(QStringLiteral("verdicts"), verdicts);
    return writeWholeFile(path, QJsonDocument(root).toJson(QJsonDocument::Compact), 0600, error);
}

} // namespace ptriage
