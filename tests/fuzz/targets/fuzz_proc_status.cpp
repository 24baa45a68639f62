// /proc/PID/status: the real uid (engine) and the Tgid line (helper).
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"
#include "procops/identity/ProcFs.h"

#include <QByteArray>
#include <string>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    std::uint32_t uid = 0;
    if (parseStatusUid(text, uid)) {
        std::uint32_t again = 0;
        FUZZ_CHECK(parseStatusUid("Name:\tx\nUid:\t" + std::to_string(uid) + "\t0\t0\t0\n", again));
        FUZZ_CHECK(again == uid);
    }
    const QByteArray bytes(text.data(), static_cast<qsizetype>(text.size()));
    const int tgid = procops::procfs::parseStatusTgid(bytes);
    FUZZ_CHECK(tgid == procops::procfs::parseStatusTgid(bytes));
    if (tgid != 0)
        FUZZ_CHECK(procops::procfs::parseStatusTgid("Name:\tx\nTgid:\t" + QByteArray::number(tgid) + "\n") == tgid);
    return 0;
}
