// /proc/locks: holders and waiters with their pid, device and inode.
#include "FuzzCheck.h"
#include "collect/proc/SocketTable.h"

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    const auto locks = parseLocks(text);
    std::size_t lines = text.empty() ? 0 : 1;
    for (char c : text)
        lines += c == '\n';
    FUZZ_CHECK(locks.size() <= lines);
    for (const auto &l : locks) {
        FUZZ_CHECK(l.pid > 0);
        FUZZ_CHECK(l.device.find('\n') == std::string::npos && l.device.find(' ') == std::string::npos);
    }
    return 0;
}
