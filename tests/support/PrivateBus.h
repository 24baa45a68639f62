#pragma once

// A private dbus-daemon for a whole test, started in main() before anything in Qt connects to a
// bus: its address goes into `variable` (DBUS_SESSION_BUS_ADDRESS or DBUS_SYSTEM_BUS_ADDRESS).
#include <QProcess>

#include <cstdio>

namespace ptriage::test {

class PrivateBus {
public:
    explicit PrivateBus(const char *variable)
    {
        m_daemon.start(QStringLiteral("dbus-daemon"),
            {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--print-address=1")});
        if (!m_daemon.waitForReadyRead(10000)) {
            std::fprintf(stderr, "cannot start a private dbus-daemon\n");
            return;
        }
        qputenv(variable, m_daemon.readLine().trimmed());
        m_ok = true;
    }
    ~PrivateBus()
    {
        m_daemon.terminate();
        m_daemon.waitForFinished(3000);
    }
    PrivateBus(const PrivateBus &) = delete;
    PrivateBus &operator=(const PrivateBus &) = delete;
    bool ok() const { return m_ok; }

private:
    QProcess m_daemon;
    bool m_ok = false;
};

} // namespace ptriage::test
