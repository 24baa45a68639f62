#include "collect/SteadyRate.h"

#include <algorithm>
#include <cmath>

#include <unistd.h>

namespace ptriage {

// A first look's interval (a one-shot's tens of ms, the live service's first second) sees a niced busy
// loop get none or all of it, and a timer's wakeup or a burst of writes or none: too little for a verdict
// to hinge on. It stands in for the steady rate, so what it lacks of kSteadySeconds is filled with the
// process's own average over its life — unless the scheduler says it has not run in that time. (Filled to
// one second only, a process that writes 1 MB every 5 s read "heavy I/O" or "none" at first, by chance,
// and the live service changed its verdict once the smoothed rate found its level.)
LifeFill fillShortInterval(Sample &s, double dt, double at)
{
    constexpr double kMinEvidenceSeconds = kSteadySeconds;
    const double ticks = static_cast<double>(std::max(1L, ::sysconf(_SC_CLK_TCK)));
    const double age = at - static_cast<double>(s.id.startTicks) / ticks;
    const double fill = kMinEvidenceSeconds - dt;
    if (!s.cpuShare || fill <= 0 || !lifeFills(age, s.sinceLastRanSeconds))
        return {};
    LifeFill life;
    life.cpu = (s.cpuNs ? static_cast<double>(*s.cpuNs) / 1e9 : static_cast<double>(s.cpuTicks) / ticks) / age;
    s.cpuSteady = (*s.cpuShare * dt + *life.cpu * fill) / (dt + fill);
    s.steadyFrom = Sample::SteadyFrom::Life;
    // A life's reads are mostly its start-up (Python reads 1.7 MB of modules, node 250 kB: "some I/O"
    // for the first hour of an idle script, gone at the live service's next refreshes); its writes are
    // what it went on doing. The interval's own reads still count.
    if (s.ioRate && s.writtenBytes) {
        life.io = static_cast<double>(*s.writtenBytes) / age;
        s.ioSteady = (*s.ioRate * dt + *life.io * fill) / (dt + fill);
    }
    return life;
}

// A life's average stood in for what a first look had not seen. Smoothed exponentially from there,
// it faded for minutes: a script that spun for its first 40 s and then idled read 4.8 %, then 1.0 %
// ("a timer's trickle"), then no CPU over "the last half minute", and its live verdict went review →
// kill → review. Replaced by what is seen instead, the fill is gone once the window has been seen.
double nextSteady(double steady, double rate, double dt, double seenSeconds, std::optional<double> life)
{
    if (seenSeconds >= kSteadySeconds)
        return steady + (1 - std::exp(-dt / kSteadySeconds)) * (rate - steady);
    const double filled = life ? *life * (kSteadySeconds - seenSeconds) : 0;
    const double seen = std::max(0.0, steady * (life ? kSteadySeconds : seenSeconds) - filled) + rate * dt;
    const double nowSeen = seenSeconds + dt;
    if (!life || nowSeen >= kSteadySeconds)
        return seen / nowSeen;
    return (seen + *life * (kSteadySeconds - nowSeen)) / kSteadySeconds;
}

bool lifeFills(double ageSeconds, std::optional<double> sinceLastRanSeconds)
{
    constexpr double kMinLifeSeconds = 60;
    return ageSeconds >= kMinLifeSeconds && !(sinceLastRanSeconds && *sinceLastRanSeconds >= kSteadySeconds);
}

} // namespace ptriage
