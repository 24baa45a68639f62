#pragma once

#include <QByteArray>
#include <QList>

#include <cstdint>
#include <sys/types.h>

namespace ptriage::procops {

// The processes holding the system log's socket (journald, rsyslogd, and PID 1 when it activates
// it): stopping one of them would silence the audit trail, so the helper counts them among the
// machinery no grant may signal. Found by the socket bound at `path` (sock_diag matches its inode),
// then by who holds that socket among every process's descriptors. The scan is kept while all the
// holders it found live on with the same start time; otherwise (a restarted daemon) it is redone.
class LogDaemon {
public:
    explicit LogDaemon(QByteArray path) : m_path(std::move(path)) { }
    QList<int> pids();

private:
    struct Holder {
        int pid;
        std::uint64_t startTicks;
    };
    QByteArray m_path;
    ino_t m_socketFile = 0;
    QList<Holder> m_holders;
};

} // namespace ptriage::procops
