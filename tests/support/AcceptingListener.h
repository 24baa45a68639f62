#pragma once

#include "support/LoopbackHttp.h"
#include "support/Spawner.h"

#include <QFile>
#include <QThread>

#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace ptriage::test {

// Is something listening on 127.0.0.1:port (/proc/net/tcp, state 0A)? Looked up, not connected to:
// a probe would be one more client.
inline bool tcpListening(int port)
{
    QFile f(QStringLiteral("/proc/net/tcp"));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray local = QByteArray("0100007F:") + QByteArray::number(port, 16).toUpper().rightJustified(4, '0');
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() > 3 && fields[1] == local && fields[3] == "0A")
            return true;
    }
    return false;
}

// A real server that accepts every connection and holds it (the test actor listens without
// accepting, so its clients wait in the queue and are nobody's): python3 in its own session, a child
// of the test, killed by the Spawner. Its pid and port; pid -1 when it did not come up within 10 s.
struct AcceptingListener {
    int pid = -1;
    int port = -1;
};

inline AcceptingListener startAcceptingListener(Spawner &sp)
{
    AcceptingListener l;
    l.port = freeTcpPort();
    const char *script = "import socket, sys\n"
                         "s = socket.socket()\n"
                         "s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
                         "s.bind(('127.0.0.1', int(sys.argv[1])))\n"
                         "s.listen(16)\n"
                         "held = []\n"
                         "while True:\n"
                         "    held.append(s.accept()[0])\n";
    l.pid = sp.spawnProgram({"/usr/bin/python3", "-c", script, std::to_string(l.port)});
    for (int i = 0; i < 200 && l.pid > 0 && !tcpListening(l.port); ++i)
        QThread::msleep(50);
    if (!tcpListening(l.port))
        l.pid = -1;
    return l;
}

} // namespace ptriage::test
