// /proc/PID/cgroup: the engine's path (unified, else the first v1 one) and the helper's per hierarchy.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"
#include "procops/ops/CgroupParsers.h"

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    const std::string path = parseCgroup(text);
    FUZZ_CHECK(path.find('\n') == std::string::npos);
    FUZZ_CHECK(path.size() <= text.size());

    const QByteArray bytes(text.data(), static_cast<qsizetype>(text.size()));
    procops::CgroupHierarchy v2;
    v2.v2 = true;
    v2.mountPoint = QStringLiteral("/sys/fs/cgroup");
    procops::CgroupHierarchy v1;
    v1.controllers = QStringList{QStringLiteral("cpu"), QStringLiteral("cpuacct")};
    v1.mountPoint = QStringLiteral("/sys/fs/cgroup/cpu,cpuacct");
    for (const auto &h : {v2, v1}) {
        const QString rel = procops::parseCgroupPath(bytes, h);
        if (rel.isEmpty())
            continue;
        FUZZ_CHECK(procops::isSafeCgroupPath(rel));
        FUZZ_CHECK(rel.startsWith(QLatin1Char('/')) && !rel.contains(QLatin1String("/../"))
            && !rel.endsWith(QLatin1String("/..")) && !rel.contains(QLatin1Char('\n')));
    }
    return 0;
}
