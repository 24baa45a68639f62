#include "PressureLevel.h"

#include "config/Vocabulary.h"

#include <cmath>
#include <cstdio>

namespace ptriage {
namespace {

// "6 %", "6.5 %": one decimal at most, none when it is whole.
Phrase pressurePercent(double value)
{
    const double rounded = std::round(value * 10) / 10;
    return Phrase("Format", "%1 %", {Phrase::number(rounded, rounded == std::floor(rounded) ? 0 : 1)});
}

Phrase readings(int n)
{
    return n == 1 ? Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "%1 reading"), {std::to_string(n)})
                  : Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "%1 readings"), {std::to_string(n)});
}

} // namespace

const char *jsonName(PressureLevel level)
{
    switch (level) {
    case PressureLevel::Normal:
        return "normal";
    case PressureLevel::Warning:
        return "warning";
    case PressureLevel::Critical:
        return "critical";
    }
    return "normal";
}

const char *labelSource(PressureLevel level)
{
    switch (level) {
    case PressureLevel::Normal:
        return QT_TRANSLATE_NOOP("EngineLabels", "normal");
    case PressureLevel::Warning:
        return QT_TRANSLATE_NOOP("EngineLabels", "warning");
    case PressureLevel::Critical:
        return QT_TRANSLATE_NOOP("EngineLabels", "critical");
    }
    return QT_TRANSLATE_NOOP("EngineLabels", "normal");
}

PressureClassifier::PressureClassifier(PressureThresholds t) : m_t(t)
{
    m_t.readingsToEnter = std::max(1, m_t.readingsToEnter);
    m_t.readingsToLeave = std::max(1, m_t.readingsToLeave);
}

bool PressureClassifier::enters(PressureLevel level, const MemoryReading &r) const
{
    const double a = r.availableShare();
    if (level == PressureLevel::Critical)
        return a < m_t.criticalAvailableBelow
            || (r.full && r.full->avg10 > m_t.criticalPsiFullAbove && a < m_t.criticalPsiAvailableBelow);
    if (level == PressureLevel::Warning)
        return a < m_t.warningAvailableBelow
            || (r.some && r.some->avg10 > m_t.warningPsiSomeAbove && a < m_t.warningPsiAvailableBelow);
    return true;
}

bool PressureClassifier::holds(PressureLevel level, const MemoryReading &r) const
{
    const double a = r.availableShare();
    const double m = m_t.leaveMargin, pm = m_t.psiLeaveMargin;
    if (level == PressureLevel::Critical)
        return a < m_t.criticalAvailableBelow + m
            || (r.full && r.full->avg10 > m_t.criticalPsiFullAbove - pm && a < m_t.criticalPsiAvailableBelow + m);
    if (level == PressureLevel::Warning)
        return a < m_t.warningAvailableBelow + m
            || (r.some && r.some->avg10 > m_t.warningPsiSomeAbove - pm && a < m_t.warningPsiAvailableBelow + m);
    return true;
}

PressureLevel PressureClassifier::feed(const MemoryReading &r)
{
    m_last = r;
    m_hasReading = true;
    const bool critical = enters(PressureLevel::Critical, r);
    const bool warning = critical || enters(PressureLevel::Warning, r);
    m_enterRun[1] = warning ? m_enterRun[1] + 1 : 0;
    m_enterRun[2] = critical ? m_enterRun[2] + 1 : 0;
    if (m_level != PressureLevel::Critical && m_enterRun[2] >= m_t.readingsToEnter) {
        m_level = PressureLevel::Critical;
        m_leaveRun = 0;
    } else if (m_level == PressureLevel::Normal && m_enterRun[1] >= m_t.readingsToEnter) {
        m_level = PressureLevel::Warning;
        m_leaveRun = 0;
    } else if (m_level != PressureLevel::Normal) {
        if (holds(m_level, r)) {
            m_leaveRun = 0;
        } else if (++m_leaveRun >= m_t.readingsToLeave) {
            // One step down when the level below still holds (with its margin), else back to normal.
            m_level = m_level == PressureLevel::Critical && holds(PressureLevel::Warning, r) ? PressureLevel::Warning
                                                                                             : PressureLevel::Normal;
            m_leaveRun = 0;
        }
    }
    return m_level;
}

Phrase PressureClassifier::condition(PressureLevel level) const
{
    const double a = m_last.availableShare() * 100;
    const bool critical = level == PressureLevel::Critical;
    const double memBelow = (critical ? m_t.criticalAvailableBelow : m_t.warningAvailableBelow) * 100;
    if (a < memBelow)
        return {
            "PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "MemAvailable %1 < %2"), {pressurePercent(a), pressurePercent(memBelow)}};
    const auto &psi = critical ? m_last.full : m_last.some;
    const double psiAbove = critical ? m_t.criticalPsiFullAbove : m_t.warningPsiSomeAbove;
    const double gate = (critical ? m_t.criticalPsiAvailableBelow : m_t.warningPsiAvailableBelow) * 100;
    const std::vector<Phrase> args{pressurePercent(psi ? psi->avg10 : 0), pressurePercent(psiAbove), pressurePercent(a), pressurePercent(gate)};
    return critical
        ? Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "PSI full %1 > %2 with MemAvailable %3 < %4"), args)
        : Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "PSI some %1 > %2 with MemAvailable %3 < %4"), args);
}

Phrase PressureClassifier::whyPhrase() const
{
    if (!m_hasReading)
        return {"PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "no reading yet")};
    const double a = m_last.availableShare() * 100;
    const auto levelIndex = static_cast<std::size_t>(m_level);
    Phrase text;
    if (m_level != PressureLevel::Normal) {
        const Phrase name = word(m_level);
        if (m_leaveRun > 0)
            text = Phrase("PressureWhy",
                QT_TRANSLATE_NOOP("PressureWhy", "leaving %1: MemAvailable %2 (%3 of %4 outside it)"),
                {name, pressurePercent(a), std::to_string(m_leaveRun), readings(m_t.readingsToLeave)});
        else if (enters(m_level, m_last))
            text = Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "%1 for %2"),
                {condition(m_level), readings(m_enterRun[levelIndex])});
        else
            text = Phrase("PressureWhy",
                QT_TRANSLATE_NOOP("PressureWhy", "still %1: MemAvailable %2 is within the %3 margin"),
                {name, pressurePercent(a), pressurePercent(m_t.leaveMargin * 100)});
    }
    // A higher level on its way in.
    const auto pending = enters(PressureLevel::Critical, m_last) ? PressureLevel::Critical
        : enters(PressureLevel::Warning, m_last)                 ? PressureLevel::Warning
                                                                 : PressureLevel::Normal;
    if (pending > m_level) {
        const auto run = m_enterRun[static_cast<std::size_t>(pending)];
        const Phrase coming("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "%1 (%2 of %3 to enter %4)"),
            {condition(pending), std::to_string(run), readings(m_t.readingsToEnter), word(pending)});
        return text.empty() ? coming : Phrase("Format", "%1; %2", {text, coming});
    }
    if (!text.empty())
        return text;
    // Normal: say why pressure, if any, is not an alert.
    if (m_last.full && m_last.full->avg10 > m_t.criticalPsiFullAbove)
        return {"PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "PSI full %1 but %2 available: not an alert"),
            {pressurePercent(m_last.full->avg10), pressurePercent(a)}};
    if (m_last.some && m_last.some->avg10 > m_t.warningPsiSomeAbove)
        return {"PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "PSI some %1 but %2 available: not an alert"),
            {pressurePercent(m_last.some->avg10), pressurePercent(a)}};
    if (!m_last.some)
        return {"PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "MemAvailable %1 (no PSI on this kernel): no pressure"),
            {pressurePercent(a)}};
    return {"PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "MemAvailable %1, PSI some %2: no pressure"),
        {pressurePercent(a), pressurePercent(m_last.some->avg10)}};
}

} // namespace ptriage
