#pragma once

#include "collect/Sample.h"

#include <optional>
#include <string_view>
#include <unordered_map>

namespace ptriage {

using SocketMap = std::unordered_map<std::uint64_t, SocketInfo>;
// A connection still in a listener's accept queue has no inode: it is kept under a key from here up,
// so a client the server has not accepted yet still counts as connected.
inline constexpr std::uint64_t kQueuedConnectionKey = std::uint64_t{1} << 63;

// TCP connections this end closed within the last minute (TIME_WAIT), by local port. On a listening
// port: requests a server answered and closed (a dev server polled by a page, a health check), with no
// connection open between them.
using ClosedByPort = std::unordered_map<int, int>;

// /proc/net/{tcp,tcp6,udp,udp6,unix} text, as in a captured tree.
void parseProcNetInet(std::string_view text, SocketInfo::Proto proto, SocketMap &out, ClosedByPort *closed = nullptr);
void parseProcNetUnix(std::string_view text, SocketMap &out);
// How many sockets the network namespace has of each kind (/proc/net/sockstat, sockstat6): in use per
// protocol and family, and TIME_WAIT of both families. Absent where a file or line could not be read.
struct SocketCounts {
    std::optional<long> tcp, tcp6, udp, udp6, timeWait;
};
SocketCounts parseSockstat(std::string_view sockstat, std::string_view sockstat6);
// Live TCP/UDP sockets through NETLINK_SOCK_DIAG (one round trip per family and protocol,
// unlike /proc/net/tcp, which walks the whole hash on every read). False if netlink is unusable.
// `counts`: a dump that can find nothing is not asked for (each walks a table sized by the machine's
// memory, not by its sockets: ~0.8 ms for TCP with 24 GiB). TCP's listeners are asked for first; its
// connections only when more sockets are in use than listeners were found, or TIME_WAIT ones are
// wanted and there are some (v6's unless the v4 dump found them all).
bool readInetSocketsNetlink(
    SocketMap &out, std::string *error, ClosedByPort *closed = nullptr, const SocketCounts *counts = nullptr);
// /proc/locks: POSIX and flock locks with their holder pid and inode.
std::vector<FileLock> parseLocks(std::string_view text);

} // namespace ptriage
