#include "PressureLevel.h"

#include <cmath>

namespace ptriage {

AlertLimiter::AlertLimiter(double repeatSeconds)
    : m_repeatMs(static_cast<std::int64_t>(std::llround(std::max(0.0, repeatSeconds) * 1000)))
{ }

bool AlertLimiter::shouldAlert(PressureLevel level, std::int64_t nowMs)
{
    if (level == PressureLevel::Normal)
        return false;
    const auto i = static_cast<std::size_t>(level);
    // A clock that went back (the wall clock was set) never silences alerts for good.
    if (m_alerted[i] && nowMs >= m_lastMs[i] && nowMs - m_lastMs[i] < m_repeatMs)
        return false;
    m_alerted[i] = true;
    m_lastMs[i] = nowMs;
    return true;
}

} // namespace ptriage
