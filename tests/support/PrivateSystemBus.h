#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace ptriage::test {

// A system bus of the test's own, with the real polkitd and ptriage-helper on it (all three as
// root, started with DBUS_SYSTEM_BUS_ADDRESS pointing at it). Nothing touches the machine's bus.
// The destructor stops every daemon it started, by its PID, and removes the directory (the
// socket, the config, the logs).
class PrivateSystemBus {
public:
    PrivateSystemBus();
    ~PrivateSystemBus();
    PrivateSystemBus(const PrivateSystemBus &) = delete;
    PrivateSystemBus &operator=(const PrivateSystemBus &) = delete;

    // Writes the bus config (the stock system bus policy, its own socket, no <user>, no <fork/>,
    // the system.d include dirs so polkitd may own its name, plus `includes`, e.g. the helper's
    // own bus policy file) and starts dbus-daemon, then polkitd. False with `error` on failure.
    bool start(const QStringList &includes, QString *error);
    // Starts `helper` (as root, on this bus) with `args` and waits until it owns `name`.
    bool startHelper(const QString &helper, const QStringList &args, const QString &name, QString *error);
    // polkitd loads rules live, but a restart makes a rules change take effect at a known moment.
    bool restartPolkit(QString *error);

    QString dir() const { return m_dir.path(); } // 0755: other users can reach the socket
    QString socketPath() const;
    QString address() const { return QStringLiteral("unix:path=") + socketPath(); }
    bool helperRunning() const;
    qint64 helperPid() const;
    QString logs() const; // what the three daemons printed, for failure messages

private:
    std::unique_ptr<QProcess> launch(const QString &program, const QStringList &args);
    bool waitForName(const QString &name, const QProcess &owner, QString *error);
    void stop(std::unique_ptr<QProcess> &process);

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_bus;
    std::unique_ptr<QProcess> m_polkit;
    std::unique_ptr<QProcess> m_helper;
    QString m_watchName; // the test's own connection, to see names appear
};

} // namespace ptriage::test
