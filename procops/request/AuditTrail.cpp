#include "procops/request/AuditTrail.h"

#include "procops/identity/TargetDescription.h"

#include <QStringList>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <syslog.h>
#include <unistd.h>

namespace ptriage::procops::audit {
namespace {

QString callerText(const CallerRecord &c)
{
    QString out = QStringLiteral("uid=%1 pid=%2").arg(static_cast<long long>(c.uid)).arg(c.pid);
    if (!c.busName.isEmpty())
        out += QStringLiteral(" bus=") + printable(c.busName.toUtf8(), 32);
    return out;
}

QString cpuText(const QList<int> &cpus)
{
    QStringList parts;
    for (int c : cpus)
        parts.append(QString::number(c));
    return parts.join(QLatin1Char(','));
}

// The system log's socket, written without waiting long: a stopped or stalled log daemon must not
// stop the helper (syslog(3) blocks once the daemon's queue is full; the queue may be as short as
// net.unix.max_dgram_qlen, 10 datagrams). A full queue is waited on for at most 100 ms, so a burst
// reaches a daemon that reads; one that does not is then no longer waited on: its lines are counted,
// and the count is sent before the next line that goes.
class LogSocket {
public:
    void setIdent(const char *ident) { m_ident = ident; }
    void send(const QString &line)
    {
        if (m_dropped > 0
            && trySend(QStringLiteral("%1 audit line(s) were dropped: the system log was not reading").arg(m_dropped)))
            m_dropped = 0;
        if (!trySend(line))
            ++m_dropped;
    }

private:
    bool trySend(const QString &line)
    {
        QByteArray datagram = header() + line.toUtf8();
        int waits = 0;
        for (int attempt = 0; attempt < 2; ++attempt) {
            if (m_fd < 0 && !connectLog())
                return false;
            if (::send(m_fd, datagram.constData(), size_t(datagram.size()), MSG_DONTWAIT | MSG_NOSIGNAL) >= 0) {
                m_stalled = false;
                return true;
            }
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS) {
                pollfd p{m_fd, POLLOUT, 0};
                if (!m_stalled && waits++ < 3 && ::poll(&p, 1, 100) == 1 && (p.revents & POLLOUT)) {
                    --attempt; // room again: the same line once more
                    continue;
                }
                m_stalled = true;
                return false;
            }
            ::close(m_fd); // the daemon went away or restarted: connect again, once
            m_fd = -1;
        }
        return false;
    }
    bool connectLog()
    {
        m_fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::strcpy(address.sun_path, "/dev/log");
        if (m_fd >= 0 && ::connect(m_fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) == 0)
            return true;
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
        return false;
    }
    // RFC 3164, as syslog(3) writes it: <authpriv.notice>Mmm dd hh:mm:ss ident[pid]:
    QByteArray header() const
    {
        static const char *const months[]
            = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
        const time_t now = ::time(nullptr);
        struct tm t { };
        ::localtime_r(&now, &t);
        char buf[96];
        std::snprintf(buf, sizeof buf, "<%d>%s %2d %02d:%02d:%02d %s[%d]: ", LOG_AUTHPRIV | LOG_NOTICE,
            months[t.tm_mon % 12], t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, m_ident, int(::getpid()));
        return buf;
    }

    const char *m_ident = "ptriage-helper";
    int m_fd = -1;
    long m_dropped = 0;
    bool m_stalled = false; // the last wait for room ran out: not waited on again until a line goes
};

LogSocket &logSocket()
{
    static LogSocket socket;
    return socket;
}

void log(const QString &line)
{
    logSocket().send(line);
}

} // namespace

void open(const char *ident)
{
    logSocket().setIdent(ident);
    logSocket().send(QStringLiteral("started"));
}

QString requestText(const HelperRequest &r)
{
    QString text = verbName(r.verb);
    switch (r.verb) {
    case Verb::Signal:
        text += QLatin1Char(' ') + r.signal + (r.processGroup ? QStringLiteral(" to the process group") : QString());
        break;
    case Verb::Renice:
        text += QLatin1Char(' ') + QString::number(r.nice);
        break;
    case Verb::Quarantine:
    case Verb::Unquarantine:
        text += QStringLiteral(" cpus=") + cpuText(r.cpus);
        break;
    case Verb::Throttle:
        text += QStringLiteral(" %1%").arg(r.quotaPercent);
        break;
    case Verb::Freeze:
    case Verb::Thaw:
    case Verb::Unthrottle:
        break;
    }
    return text;
}

void asked(const CallerRecord &caller, const HelperRequest &request, const QString &actionId)
{
    QStringList ids;
    for (const auto &t : request.targets)
        ids.append(t.toQString());
    log(QStringLiteral("asked: %1 %2 action=%3 targets=%4")
            .arg(callerText(caller), requestText(request), actionId,
                ids.size() <= 8 ? ids.join(QLatin1Char(','))
                                : ids.mid(0, 8).join(QLatin1Char(',')) + QStringLiteral(",… (%1)").arg(ids.size())));
}

void refused(const CallerRecord &caller, const QString &what, const QString &why)
{
    log(QStringLiteral("refused: %1 %2: %3").arg(callerText(caller), what, printable(why.toUtf8(), 300)));
}

void result(const CallerRecord &caller, const HelperRequest &request, const TargetResult &r, const QString &targetText)
{
    log(QStringLiteral("result: %1 %2 target=%3 %4 status=%5: %6")
            .arg(callerText(caller), requestText(request), r.target.toQString(), targetText, statusName(r.status),
                printable(r.message.toUtf8(), 300)));
}

} // namespace ptriage::procops::audit
