#include "collect/proc/SocketTable.h"

#include <arpa/inet.h>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ptriage {
namespace {

constexpr int kTcpEstablished = 1;
constexpr int kTcpTimeWait = 6;
constexpr int kTcpClose = 7;
constexpr int kTcpListen = 10;

template<typename T> bool hexNumber(std::string_view s, T &out)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 16);
    return ec == std::errc() && p == s.data() + s.size();
}

std::string formatAddress(int family, const void *addr, int port)
{
    char buf[INET6_ADDRSTRLEN] = {};
    if (!::inet_ntop(family, addr, buf, sizeof buf))
        return {};
    return family == AF_INET6 ? '[' + std::string(buf) + "]:" + std::to_string(port)
                              : std::string(buf) + ':' + std::to_string(port);
}

// "0100007F:0CEA" (host-order words) → formatted address and port.
bool decodeProcAddress(std::string_view s, bool v6, std::string &text, int &port)
{
    const auto colon = s.find(':');
    if (colon == std::string_view::npos || !hexNumber(s.substr(colon + 1), port) || port < 0 || port > 0xffff)
        return false;
    const auto hex = s.substr(0, colon);
    if (!v6) {
        std::uint32_t word = 0;
        if (hex.size() != 8 || !hexNumber(hex, word))
            return false;
        in_addr a{};
        a.s_addr = word; // already in the kernel's byte order
        text = formatAddress(AF_INET, &a, port);
        return true;
    }
    if (hex.size() != 32)
        return false;
    in6_addr a{};
    for (int i = 0; i < 4; ++i) {
        std::uint32_t word = 0;
        if (!hexNumber(hex.substr(static_cast<std::size_t>(i) * 8, 8), word))
            return false;
        std::memcpy(&a.s6_addr[i * 4], &word, 4);
    }
    text = formatAddress(AF_INET6, &a, port);
    return true;
}

template<std::size_t N> std::size_t fields(std::string_view line, std::array<std::string_view, N> &t)
{
    std::size_t n = 0, i = 0;
    while (i < line.size() && n < N) {
        while (i < line.size() && line[i] == ' ')
            ++i;
        const auto start = i;
        while (i < line.size() && line[i] != ' ')
            ++i;
        if (i > start)
            t[n++] = line.substr(start, i - start);
    }
    return n;
}

template<typename F> void forEachLine(std::string_view text, F f)
{
    std::size_t pos = text.find('\n'); // skip the header
    while (pos != std::string_view::npos && pos < text.size()) {
        auto end = text.find('\n', pos + 1);
        if (end == std::string_view::npos)
            end = text.size();
        f(text.substr(pos + 1, end - pos - 1));
        pos = end;
    }
}

bool isV6(SocketInfo::Proto p)
{
    return p == SocketInfo::Proto::Tcp6 || p == SocketInfo::Proto::Udp6;
}
bool isUdp(SocketInfo::Proto p)
{
    return p == SocketInfo::Proto::Udp || p == SocketInfo::Proto::Udp6;
}

void classify(SocketInfo &s, int state, bool udp)
{
    if (udp) {
        s.listening = state == kTcpClose && s.remotePort == 0 && s.localPort != 0;
        s.established = state == kTcpEstablished;
    } else {
        s.listening = state == kTcpListen;
        s.established = state == kTcpEstablished;
    }
}

// A connection in TIME_WAIT on this end, counted under its local port (not kept in the map: a busy
// server has thousands). On a listening port it is the server's end: the server closed it, as one does
// after answering (a client's end, closed first, is on its own port: a connect-only readiness probe
// leaves nothing on the server's).
void countClosed(int localPort, ClosedByPort *closed)
{
    if (closed && localPort > 0)
        ++(*closed)[localPort];
}

// Its key in the map: its inode, or for an established TCP connection without one (queued for
// accept()) a key past every inode; 0 for a socket not kept.
std::uint64_t keyOf(std::uint64_t inode, const SocketInfo &s, bool udp, const SocketMap &out)
{
    if (inode != 0)
        return inode;
    return !udp && s.established ? kQueuedConnectionKey + out.size() : 0;
}

} // namespace

void parseProcNetInet(std::string_view text, SocketInfo::Proto proto, SocketMap &out, ClosedByPort *closed)
{
    forEachLine(text, [&](std::string_view line) {
        std::array<std::string_view, 10> t{};
        if (fields(line, t) < 10)
            return;
        SocketInfo s;
        s.proto = proto;
        int state = 0;
        std::uint64_t inode = 0;
        auto [p, ec] = std::from_chars(t[9].data(), t[9].data() + t[9].size(), inode);
        if (std::uint32_t uid = 0; std::from_chars(t[7].data(), t[7].data() + t[7].size(), uid).ec == std::errc())
            s.uid = uid;
        if (ec != std::errc() || !hexNumber(t[3], state) || !decodeProcAddress(t[1], isV6(proto), s.local, s.localPort))
            return;
        if (!isUdp(proto) && state == kTcpTimeWait) {
            countClosed(s.localPort, closed); // only its port counts: the peer's address is not decoded
            return;
        }
        if (!decodeProcAddress(t[2], isV6(proto), s.remote, s.remotePort))
            return;
        classify(s, state, isUdp(proto));
        if (const std::uint64_t key = keyOf(inode, s, isUdp(proto), out))
            out.emplace(key, std::move(s));
    });
}

void parseProcNetUnix(std::string_view text, SocketMap &out)
{
    forEachLine(text, [&](std::string_view line) {
        std::array<std::string_view, 8> t{};
        const auto n = fields(line, t);
        if (n < 7)
            return;
        std::uint32_t flags = 0;
        int st = 0;
        std::uint64_t inode = 0;
        auto [p, ec] = std::from_chars(t[6].data(), t[6].data() + t[6].size(), inode);
        if (ec != std::errc() || inode == 0 || !hexNumber(t[3], flags) || !hexNumber(t[5], st))
            return;
        SocketInfo s;
        s.proto = SocketInfo::Proto::Unix;
        s.listening = (flags & 0x10000u) != 0; // __SO_ACCEPTCON
        s.established = st == 3; // SS_CONNECTED
        if (n >= 8) {
            // The path is the rest of the line (it may contain spaces).
            const auto at = static_cast<std::size_t>(t[7].data() - line.data());
            s.local = std::string(line.substr(at));
        }
        out.emplace(inode, std::move(s));
    });
}

SocketCounts parseSockstat(std::string_view sockstat, std::string_view sockstat6)
{
    // "TCP: inuse 3 orphan 0 tw 8 alloc 5 mem 1": the number after a word, on the line of a protocol.
    const auto number = [](std::string_view text, std::string_view protocol, std::string_view word) {
        std::optional<long> n;
        for (std::size_t at = 0; at < text.size();) { // no header: every line
            const std::size_t end = std::min(text.find('\n', at), text.size());
            const std::string_view line = text.substr(at, end - at);
            at = end + 1;
            if (line.substr(0, protocol.size()) != protocol)
                continue;
            std::array<std::string_view, 16> t{};
            const auto count = fields(line, t);
            for (std::size_t k = 1; k + 1 < count; ++k) {
                long v = 0;
                const auto f = t[k + 1];
                auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
                if (t[k] == word && ec == std::errc() && p == f.data() + f.size() && v >= 0)
                    n = v;
            }
        }
        return n;
    };
    SocketCounts c;
    c.tcp = number(sockstat, "TCP: ", "inuse");
    c.timeWait = number(sockstat, "TCP: ", "tw");
    c.udp = number(sockstat, "UDP: ", "inuse");
    c.tcp6 = number(sockstat6, "TCP6: ", "inuse");
    c.udp6 = number(sockstat6, "UDP6: ", "inuse");
    return c;
}

bool readInetSocketsNetlink(SocketMap &out, std::string *error, ClosedByPort *closed, const SocketCounts *counts)
{
    const int fd = ::socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0) {
        if (error)
            *error = std::string("netlink sock_diag: ") + std::strerror(errno);
        return false;
    }
    struct Query {
        int family;
        int protocol;
        SocketInfo::Proto proto;
    };
    const Query queries[]
        = {{AF_INET, IPPROTO_TCP, SocketInfo::Proto::Tcp}, {AF_INET6, IPPROTO_TCP, SocketInfo::Proto::Tcp6},
            {AF_INET, IPPROTO_UDP, SocketInfo::Proto::Udp}, {AF_INET6, IPPROTO_UDP, SocketInfo::Proto::Udp6}};
    const auto none = [counts](const std::optional<long> SocketCounts::*field) {
        return counts && (counts->*field) && *(counts->*field) == 0;
    };
    long v4TimeWaits = 0; // TIME_WAIT of both families is one count: what the v4 dump did not find is v6
    const auto timeWaitsLeft = [&](bool v4) {
        if (!closed)
            return false; // not asked for
        if (!counts || !counts->timeWait)
            return true;
        return v4 ? *counts->timeWait > 0 : v4TimeWaits < *counts->timeWait;
    };
    const auto needed = [&](const Query &q) {
        const bool v4 = q.family == AF_INET;
        if (q.protocol == IPPROTO_UDP)
            return !none(v4 ? &SocketCounts::udp : &SocketCounts::udp6);
        return !none(v4 ? &SocketCounts::tcp : &SocketCounts::tcp6) || timeWaitsLeft(v4);
    };
    bool ok = true;
    alignas(nlmsghdr) char buf[32768];
    // One dump of a family and protocol in the given states; the number of sockets it kept.
    const auto dump = [&](const Query &q, std::uint32_t states) {
        long kept = 0;
        struct {
            nlmsghdr nlh;
            inet_diag_req_v2 req;
        } msg{};
        msg.nlh.nlmsg_len = sizeof msg;
        msg.nlh.nlmsg_type = SOCK_DIAG_BY_FAMILY;
        msg.nlh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
        msg.req.sdiag_family = static_cast<__u8>(q.family);
        msg.req.sdiag_protocol = static_cast<__u8>(q.protocol);
        msg.req.idiag_states = states;
        sockaddr_nl kernel{};
        kernel.nl_family = AF_NETLINK;
        if (::sendto(fd, &msg, sizeof msg, 0, reinterpret_cast<sockaddr *>(&kernel), sizeof kernel) < 0) {
            ok = false;
            if (error)
                *error = std::string("netlink send: ") + std::strerror(errno);
            return kept;
        }
        bool done = false;
        while (!done) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                ok = false;
                if (error)
                    *error = std::string("netlink recv: ") + std::strerror(errno);
                break;
            }
            int left = static_cast<int>(n);
            // The NLMSG_* macros are C: old-style casts inside.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wcast-align"
#pragma GCC diagnostic ignored "-Wsign-compare" // clang: NLMSG_OK compares the u32 length with an int
            for (auto *h = reinterpret_cast<nlmsghdr *>(buf); NLMSG_OK(h, left); h = NLMSG_NEXT(h, left)) {
                if (h->nlmsg_type == NLMSG_DONE) {
                    done = true;
                    break;
                }
                if (h->nlmsg_type == NLMSG_ERROR) {
                    done = true; // e.g. no UDP diag module: skip this family
                    break;
                }
                const auto *m = static_cast<const inet_diag_msg *>(NLMSG_DATA(h));
                if (q.protocol == IPPROTO_TCP && m->idiag_state == kTcpTimeWait) {
                    v4TimeWaits += q.family == AF_INET ? 1 : 0;
                    countClosed(ntohs(m->id.idiag_sport), closed); // by port alone: nothing formatted
                    continue;
                }
                SocketInfo s;
                s.proto = q.proto;
                s.localPort = ntohs(m->id.idiag_sport);
                s.remotePort = ntohs(m->id.idiag_dport);
                s.local = formatAddress(q.family, m->id.idiag_src, s.localPort);
                s.remote = formatAddress(q.family, m->id.idiag_dst, s.remotePort);
                s.uid = m->idiag_uid;
                classify(s, m->idiag_state, q.protocol == IPPROTO_UDP);
                if (const std::uint64_t key = keyOf(m->idiag_inode, s, q.protocol == IPPROTO_UDP, out)) {
                    out.emplace(key, std::move(s));
                    ++kept;
                }
            }
#pragma GCC diagnostic pop
            if (n == 0)
                break;
        }
        return kept;
    };
    for (const auto &q : queries) {
        if (!needed(q))
            continue;
        if (q.protocol == IPPROTO_UDP) {
            dump(q, (1u << kTcpClose) | (1u << kTcpEstablished));
        } else {
            // The listeners are a small table of their own; the rest of TCP (connections, TIME_WAIT)
            // is the table sized by memory, walked only when more sockets are in use than listeners.
            const bool v4 = q.family == AF_INET;
            const auto inUse = counts ? counts->*(v4 ? &SocketCounts::tcp : &SocketCounts::tcp6) : std::nullopt;
            const long listeners = inUse == 0 ? 0 : dump(q, 1u << kTcpListen);
            if (ok && (!inUse || *inUse > listeners || timeWaitsLeft(v4)))
                dump(q, (1u << kTcpEstablished) | (closed ? 1u << kTcpTimeWait : 0u));
        }
        if (!ok)
            break;
    }
    ::close(fd);
    return ok;
}

std::vector<FileLock> parseLocks(std::string_view text)
{
    // "1: POSIX  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; "1: -> FLOCK …" lines are waiters.
    std::vector<FileLock> locks;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const auto line = text.substr(pos, end - pos);
        pos = end + 1;
        std::array<std::string_view, 7> t{};
        const std::size_t n = fields(line, t);
        FileLock l;
        l.waiting = n >= 2 && t[1] == "->";
        const std::size_t at = l.waiting ? 1 : 0; // a waiter's fields are shifted by the arrow
        if (n < 6 + at)
            continue;
        l.write = t[3 + at] == "WRITE";
        auto [p, ec] = std::from_chars(t[4 + at].data(), t[4 + at].data() + t[4 + at].size(), l.pid);
        const auto dev = t[5 + at];
        const auto last = dev.rfind(':');
        if (ec != std::errc() || last == std::string_view::npos)
            continue;
        l.device = std::string(dev.substr(0, last));
        const auto ino = dev.substr(last + 1);
        auto [p2, ec2] = std::from_chars(ino.data(), ino.data() + ino.size(), l.inode);
        if (ec2 != std::errc() || l.pid <= 0)
            continue;
        locks.push_back(std::move(l));
    }
    return locks;
}

} // namespace ptriage
