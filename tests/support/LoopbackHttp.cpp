#include "support/LoopbackHttp.h"

#include <arpa/inet.h>
#include <cstdint>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace ptriage::test {

namespace {

sockaddr_in loopback(int port)
{
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    return a;
}

// A TCP socket connected to 127.0.0.1:port, its reads bounded at 5 s; -1 when refused.
int connectLoopback(int port)
{
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return -1;
    timeval timeout{5, 0};
    ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    const sockaddr_in a = loopback(port);
    if (::connect(s, reinterpret_cast<const sockaddr *>(&a), sizeof a) != 0) {
        ::close(s);
        return -1;
    }
    return s;
}

} // namespace

int freeTcpPort()
{
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return -1;
    sockaddr_in a = loopback(0);
    socklen_t len = sizeof a;
    int port = -1;
    if (::bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0
        && ::getsockname(s, reinterpret_cast<sockaddr *>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(s);
    return port;
}

bool getPage(int port)
{
    const int s = connectLoopback(port);
    if (s < 0)
        return false;
    static const char request[] = "GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
    bool ok = false;
    if (::send(s, request, sizeof request - 1, MSG_NOSIGNAL) == static_cast<ssize_t>(sizeof request - 1)) {
        char buf[4096];
        ssize_t n = 0, total = 0;
        while ((n = ::recv(s, buf, sizeof buf, 0)) > 0)
            total += n;
        ok = n == 0 && total > 0;
    }
    ::close(s);
    return ok;
}

bool probe(int port)
{
    const int s = connectLoopback(port);
    if (s < 0)
        return false;
    ::shutdown(s, SHUT_WR); // this end first
    char buf[256];
    while (::recv(s, buf, sizeof buf, 0) > 0) { } // until the server closes its end
    ::close(s);
    return true;
}

} // namespace ptriage::test
