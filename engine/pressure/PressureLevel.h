#pragma once

#include "MemoryReading.h"
#include "config/PressureThresholds.h"
#include "util/Phrase.h"

#include <QMetaType>

#include <array>
#include <cstdint>
#include <string>

namespace ptriage {

enum class PressureLevel { Normal, Warning, Critical };
const char *jsonName(PressureLevel); // "normal", "warning", "critical"
const char *labelSource(PressureLevel); // the same words for people (EngineLabels)

// Feeds readings, gives the level: entered after its condition held for readingsToEnter readings in a
// row, left after readingsToLeave readings outside it with the margin. Pure: no I/O, no clock, and
// no allocation per reading (why() builds its sentence only when asked).
class PressureClassifier {
public:
    explicit PressureClassifier(PressureThresholds t);
    PressureLevel feed(const MemoryReading &r); // the level after this reading
    PressureLevel level() const { return m_level; }
    // "MemAvailable 6 % < 7 % for 2 readings", "PSI some 35 % but 80 % available: not an alert"
    std::string why() const { return whyPhrase().english(); }
    Phrase whyPhrase() const; // translated when shown
    const PressureThresholds &thresholds() const { return m_t; }

private:
    bool enters(PressureLevel level, const MemoryReading &r) const;
    bool holds(PressureLevel level, const MemoryReading &r) const; // with the leave margins
    Phrase condition(PressureLevel level) const; // the rule of a level, on the last reading

    PressureThresholds m_t;
    PressureLevel m_level = PressureLevel::Normal;
    std::array<int, 3> m_enterRun{}; // consecutive readings whose condition reached each level
    int m_leaveRun = 0; // consecutive readings outside the current level
    MemoryReading m_last;
    bool m_hasReading = false;
};

// Whether to notify now: at most once per level per repeatSeconds, never for Normal. Called on every
// reading it repeats a reminder while a level lasts; called on level changes it stops flapping.
class AlertLimiter {
public:
    explicit AlertLimiter(double repeatSeconds);
    bool shouldAlert(PressureLevel level, std::int64_t nowMs);

private:
    std::int64_t m_repeatMs;
    std::array<std::int64_t, 3> m_lastMs{};
    std::array<bool, 3> m_alerted{};
};

} // namespace ptriage

Q_DECLARE_METATYPE(ptriage::PressureLevel)
