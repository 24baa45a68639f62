#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>
#include <vector>

namespace ptriage {

// Where the time of one scan or one triage went, phase by phase (the benchmarks print it).
struct PhaseTimes {
    struct Phase {
        std::string_view name; // a literal
        std::int64_t ns = 0;
    };
    std::vector<Phase> phases;

    void clear() { phases.clear(); }
    // Adds to the phase of that name (a phase can run twice, as the cheap tier of a one-shot scan).
    void add(std::string_view name, std::int64_t ns)
    {
        for (auto &p : phases)
            if (p.name == name) {
                p.ns += ns;
                return;
            }
        phases.push_back({name, ns});
    }
};

// Laps of a steady clock into a PhaseTimes; does nothing when given none.
class PhaseClock {
public:
    explicit PhaseClock(PhaseTimes *out) : m_out(out), m_last(out ? now() : Clock::time_point{}) { }

    // Ends the phase running since the last lap (or the clock's start).
    void lap(std::string_view name)
    {
        if (!m_out)
            return;
        const auto t = now();
        m_out->add(name, std::chrono::duration_cast<std::chrono::nanoseconds>(t - m_last).count());
        m_last = t;
    }

private:
    using Clock = std::chrono::steady_clock;
    static Clock::time_point now() { return Clock::now(); }
    PhaseTimes *m_out;
    Clock::time_point m_last;
};

} // namespace ptriage
