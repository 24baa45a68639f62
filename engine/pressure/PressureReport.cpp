#include "PressureReport.h"

#include "config/Vocabulary.h"
#include "util/Format.h"
#include "util/Phrase.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace ptriage {
namespace {

// A sentence of the terminal summary in the installed translation.
std::string sayPressure(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("PressureText", source, std::move(args)).translated();
}

// A label padded to `width` display columns (a translation may hold multi-byte characters).
std::string label(const std::string &s, std::size_t width = 10)
{
    std::size_t cols = 0;
    for (char c : s)
        cols += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1 : 0;
    return s + std::string(width > cols ? width - cols : 1, ' ');
}

QJsonValue psiJson(const std::optional<PsiFigures> &psi)
{
    if (!psi)
        return QJsonValue::Null;
    return QJsonObject{{QStringLiteral("avg10"), psi->avg10}, {QStringLiteral("avg60"), psi->avg60},
        {QStringLiteral("total_us"), static_cast<double>(psi->totalUs)}};
}

std::string psiText(const std::optional<PsiFigures> &psi)
{
    if (!psi)
        return "-";
    return "avg10 " + localNumber(psi->avg10, 2).toStdString() + " %  avg60 " + localNumber(psi->avg60, 2).toStdString()
        + " %  total " + localNumber(static_cast<double>(psi->totalUs) / 1e6, 1).toStdString() + " s";
}

std::string memoryText(const MemoryReading &r)
{
    return sayPressure(QT_TRANSLATE_NOOP("PressureText", "%1 available of %2 (%3)"),
        {Phrase::bytes(static_cast<double>(r.memAvailableBytes)), Phrase::bytes(static_cast<double>(r.memTotalBytes)),
            Phrase::percent(r.availableShare())});
}

std::string swapText(const MemoryReading &r)
{
    if (r.swapTotalBytes == 0)
        return sayPressure(QT_TRANSLATE_NOOP("PressureText", "none"));
    return sayPressure(QT_TRANSLATE_NOOP("PressureText", "%1 free of %2"),
        {Phrase::bytes(static_cast<double>(r.swapFreeBytes)), Phrase::bytes(static_cast<double>(r.swapTotalBytes))});
}

} // namespace

const char *jsonName(PressureMonitor::Source source)
{
    switch (source) {
    case PressureMonitor::Source::PsiTrigger:
        return "psi_trigger";
    case PressureMonitor::Source::LowMemoryMonitor:
        return "low_memory_monitor";
    case PressureMonitor::Source::Polling:
        return "polling";
    }
    return "polling";
}

std::string pressureJson(const PressureMonitor &monitor)
{
    const MemoryReading r = monitor.lastReading();
    const QJsonObject o{
        {QStringLiteral("schema"), QStringLiteral("ptriage.pressure.v1")},
        {QStringLiteral("at_ms"), static_cast<double>(r.atMs)},
        {QStringLiteral("level"), QLatin1String(jsonName(monitor.level()))},
        {QStringLiteral("why"), monitor.why()},
        {QStringLiteral("memory"),
            QJsonObject{{QStringLiteral("total_bytes"), static_cast<double>(r.memTotalBytes)},
                {QStringLiteral("available_bytes"), static_cast<double>(r.memAvailableBytes)},
                {QStringLiteral("available_share"), r.availableShare()}}},
        {QStringLiteral("swap"),
            QJsonObject{{QStringLiteral("total_bytes"), static_cast<double>(r.swapTotalBytes)},
                {QStringLiteral("free_bytes"), static_cast<double>(r.swapFreeBytes)}}},
        {QStringLiteral("psi"),
            r.some ? QJsonValue(
                QJsonObject{{QStringLiteral("some"), psiJson(r.some)}, {QStringLiteral("full"), psiJson(r.full)}})
                   : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("source"), QLatin1String(jsonName(monitor.source()))},
        {QStringLiteral("source_description"), monitor.sourceDescription()},
    };
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() + "\n";
}

std::string pressureText(const PressureMonitor &monitor)
{
    const MemoryReading r = monitor.lastReading();
    std::string text;
    text += label(sayPressure(QT_TRANSLATE_NOOP("PressureText", "level"))) + word(monitor.level()).translated() + "\n";
    text += label(sayPressure(QT_TRANSLATE_NOOP("PressureText", "why"))) + monitor.whyText().toStdString() + "\n";
    text += label(sayPressure(QT_TRANSLATE_NOOP("PressureText", "memory"))) + memoryText(r) + "\n";
    text += label(sayPressure(QT_TRANSLATE_NOOP("PressureText", "swap"))) + swapText(r) + "\n";
    if (r.some) {
        text += label("PSI some") + psiText(r.some) + "\n";
        text += label("PSI full") + psiText(r.full) + "\n";
    } else {
        text += label("PSI") + sayPressure(QT_TRANSLATE_NOOP("PressureText", "none (a kernel without PSI, or psi=0)"))
            + "\n";
    }
    text += label(sayPressure(QT_TRANSLATE_NOOP("PressureText", "source")))
        + monitor.sourceDescriptionText().toStdString() + "\n";
    return text;
}

std::string pressureWatchLine(const PressureMonitor &monitor)
{
    const MemoryReading r = monitor.lastReading();
    const auto two = [](double v) { return localNumber(v, 2).toStdString(); };
    const std::string psi = r.some ? "PSI some " + two(r.some->avg10) + "/" + two(r.some->avg60) + " full "
            + two(r.full ? r.full->avg10 : 0.0) + "/" + two(r.full ? r.full->avg60 : 0.0)
                                   : std::string("PSI -");
    const QString time = QDateTime::fromMSecsSinceEpoch(r.atMs).toString(QStringLiteral("HH:mm:ss"));
    const std::string level = padColumns(word(monitor.level()).translated(), 8);
    return time.toStdString() + "  " + level + "  " + memoryText(r) + "  "
        + sayPressure(QT_TRANSLATE_NOOP("PressureText", "swap %1"), {swapText(r)}) + "  " + psi + "  "
        + monitor.whyText().toStdString() + "\n";
}

} // namespace ptriage
