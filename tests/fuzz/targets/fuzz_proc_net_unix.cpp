// /proc/net/unix (captured trees): sockets by inode, with their paths.
#include "FuzzCheck.h"
#include "collect/proc/SocketTable.h"

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    SocketMap map;
    parseProcNetUnix(text, map);
    for (const auto &[inode, s] : map) {
        FUZZ_CHECK(inode != 0 && s.proto == SocketInfo::Proto::Unix);
        FUZZ_CHECK(s.local.find('\n') == std::string::npos && s.local.size() <= text.size());
    }
    return 0;
}
