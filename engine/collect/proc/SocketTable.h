#pragma once

#include "collect/Sample.h"

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
// Live TCP/UDP sockets through NETLINK_SOCK_DIAG (one round trip per family and protocol,
// unlike /proc/net/tcp, which walks the whole hash on every read). False if netlink is unusable.
bool readInetSocketsNetlink(SocketMap &out, std::string *error, ClosedByPort *closed = nullptr);
// /proc/locks: POSIX and flock locks with their holder pid and inode.
std::vector<FileLock> parseLocks(std::string_view text);

} // namespace ptriage
