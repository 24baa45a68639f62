// The --state file (JSON): the last sample per identity, trusted only as far as it checks out.
#include "FuzzCheck.h"
#include "collect/state/StateFile.h"

#include <cmath>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const BootId boot = *BootId::parse("0123abcd-4567-89ef-0123-456789abcdef");
    const QByteArray text(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    std::vector<PreviousSample> samples;
    QString error;
    if (!parseState(text, QStringLiteral("state.json"), boot, samples, &error)) {
        FUZZ_CHECK(!error.isEmpty());
        return 0;
    }
    for (const auto &p : samples) {
        FUZZ_CHECK(p.id.boot == boot && p.id.isValid() && p.id.pid <= kMaxPid);
        FUZZ_CHECK(std::isfinite(p.uptimeSeconds) && p.uptimeSeconds >= 0);
    }
    return 0;
}
