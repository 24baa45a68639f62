// /proc/net/{tcp,tcp6,udp,udp6} (captured trees): sockets by inode, ports in range.
#include "FuzzCheck.h"
#include "collect/proc/SocketTable.h"

#include <string>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    for (auto proto :
        {SocketInfo::Proto::Tcp, SocketInfo::Proto::Tcp6, SocketInfo::Proto::Udp, SocketInfo::Proto::Udp6}) {
        SocketMap map;
        parseProcNetInet(text, proto, map);
        for (const auto &[inode, s] : map) {
            FUZZ_CHECK(inode != 0 && s.proto == proto);
            FUZZ_CHECK(s.localPort >= 0 && s.localPort <= 65535 && s.remotePort >= 0 && s.remotePort <= 65535);
            FUZZ_CHECK(s.local.ends_with(':' + std::to_string(s.localPort)));
            FUZZ_CHECK(s.remote.ends_with(':' + std::to_string(s.remotePort)));
            FUZZ_CHECK(!(s.listening && s.established));
        }
    }
    return 0;
}
