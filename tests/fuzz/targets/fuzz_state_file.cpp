// The --state file and the live state (JSON): the last sample per identity and the verdicts the live
// service held, trusted only as far as they check out.
#include "FuzzCheck.h"
#include "collect/state/StateFile.h"
#include "decide/HeldVerdicts.h"

#include <cmath>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const BootId boot = *BootId::parse("0123abcd-4567-89ef-0123-456789abcdef");
    const QByteArray text(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    std::vector<PreviousSample> samples;
    QString error;
    QJsonArray verdicts;
    if (!parseState(text, QStringLiteral("state.json"), boot, samples, &error, &verdicts)) {
        FUZZ_CHECK(!error.isEmpty());
        return 0;
    }
    QString why;
    if (const auto held = heldVerdictsFrom(verdicts, boot, &why)) {
        FUZZ_CHECK(why.isEmpty() && held->snapshot->processes.size() == static_cast<std::size_t>(verdicts.size()));
        for (std::size_t i = 0; i < held->posteriors.size(); ++i) {
            const Posterior &p = held->posteriors[i];
            FUZZ_CHECK(held->snapshot->byIdentity(held->snapshot->processes[i].id) == &held->snapshot->processes[i]);
            FUZZ_CHECK(static_cast<int>(p.classification) < kClassCount && p.pendingFor >= 0);
            FUZZ_CHECK(static_cast<int>(held->recommendations[i].action) < kActionCount);
        }
    } else {
        FUZZ_CHECK(verdicts.isEmpty() == why.isEmpty());
    }
    for (const auto &p : samples) {
        FUZZ_CHECK(p.id.boot == boot && p.id.isValid() && p.id.pid <= kMaxPid);
        FUZZ_CHECK(std::isfinite(p.uptimeSeconds) && p.uptimeSeconds >= 0);
    }
    return 0;
}
