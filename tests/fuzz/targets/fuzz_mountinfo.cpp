// /proc/self/mountinfo: where the helper finds the cgroup hierarchies.
#include "FuzzCheck.h"
#include "procops/ops/CgroupParsers.h"

using namespace ptriage::procops;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const CgroupLayout layout = CgroupLayout::parseMountInfo(text);
    if (const auto &u = layout.unified()) {
        FUZZ_CHECK(u->v2 && u->controllers.isEmpty());
        FUZZ_CHECK(!u->mountPoint.contains(QLatin1Char('\n')) || text.contains("\\012"));
    }
    for (const char *c : {"cpu", "freezer", "memory", "name=systemd"}) {
        const auto h = layout.v1(QLatin1String(c));
        if (!h)
            continue;
        FUZZ_CHECK(!h->v2 && h->controllers.contains(QLatin1String(c)));
        for (const QString &controller : h->controllers)
            FUZZ_CHECK(!controller.isEmpty() && !controller.contains(QLatin1Char(',')));
    }
    return 0;
}
