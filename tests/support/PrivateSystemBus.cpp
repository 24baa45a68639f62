#include "PrivateSystemBus.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

namespace ptriage::test {
namespace {

constexpr int kStartTimeoutMs = 30000; // ASan builds start slowly on a busy 2-core machine

// The stock system bus policy (/usr/share/dbus-1/system.conf) without <user>, <fork/>, the pid file,
// syslog and activation: everything here is started by the test.
QString busConfig(const QString &socket, const QStringList &includes)
{
    QString extra;
    for (const QString &f : includes)
        extra += QStringLiteral("  <include>%1</include>\n").arg(f);
    return QStringLiteral(R"(<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <auth>EXTERNAL</auth>
  <listen>unix:path=%1</listen>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
    <deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"
          send_member="UpdateActivationEnvironment"/>
  </policy>
  <includedir>/usr/share/dbus-1/system.d</includedir>
  <includedir>/etc/dbus-1/system.d</includedir>
%2</busconfig>
)")
        .arg(socket, extra);
}

QString readLog(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(f.readAll()) : QString();
}

} // namespace

PrivateSystemBus::PrivateSystemBus() : m_dir(QDir::tempPath() + QStringLiteral("/ptriage-e2e-bus-XXXXXX"))
{
    m_watchName = QStringLiteral("ptriage-e2e-watch-%1").arg(reinterpret_cast<quintptr>(this));
    if (m_dir.isValid())
        QFile::setPermissions(m_dir.path(),
            QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                | QFile::ReadOther | QFile::ExeOther);
}

PrivateSystemBus::~PrivateSystemBus()
{
    QDBusConnection::disconnectFromBus(m_watchName);
    stop(m_helper);
    stop(m_polkit);
    stop(m_bus); // dbus-daemon leaves its socket behind: QTemporaryDir removes it with the rest
}

QString PrivateSystemBus::socketPath() const
{
    return m_dir.filePath(QStringLiteral("bus"));
}

std::unique_ptr<QProcess> PrivateSystemBus::launch(const QString &program, const QStringList &args)
{
    auto p = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), address());
    p->setProcessEnvironment(env);
    p->setProcessChannelMode(QProcess::MergedChannels);
    p->setStandardOutputFile(m_dir.filePath(QFileInfo(program).fileName() + QStringLiteral(".log")), QIODevice::Append);
    p->setStandardInputFile(QProcess::nullDevice());
    // Should the test itself die, its daemons go with it (polkitd loses this when it drops to its user).
    p->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    p->start(program, args);
    if (!p->waitForStarted(kStartTimeoutMs))
        return nullptr;
    return p;
}

void PrivateSystemBus::stop(std::unique_ptr<QProcess> &process)
{
    if (!process)
        return;
    if (process->state() != QProcess::NotRunning) {
        process->terminate(); // SIGTERM to its PID
        if (!process->waitForFinished(10000)) {
            process->kill();
            process->waitForFinished(5000);
        }
    }
    process.reset();
}

bool PrivateSystemBus::waitForName(const QString &name, const QProcess &owner, QString *error)
{
    const QDeadlineTimer deadline(kStartTimeoutMs);
    while (!deadline.hasExpired()) {
        QCoreApplication::processEvents(); // lets QProcess notice an exit
        if (owner.state() != QProcess::Running) {
            *error = QStringLiteral("%1 exited before owning %2:\n%3").arg(owner.program(), name, logs());
            return false;
        }
        QDBusConnection c(m_watchName);
        if (!c.isConnected()) {
            QDBusConnection::disconnectFromBus(m_watchName);
            c = QDBusConnection::connectToBus(address(), m_watchName);
        }
        // Owned by this very process: a polkitd just stopped may hold the name until the bus notices.
        if (c.isConnected() && c.interface()->servicePid(name).value() == static_cast<uint>(owner.processId()))
            return true;
        QThread::msleep(50);
    }
    *error = QStringLiteral("%1 did not own %2 in time:\n%3").arg(owner.program(), name, logs());
    return false;
}

bool PrivateSystemBus::start(const QStringList &includes, QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("cannot create a temporary directory: %1").arg(m_dir.errorString());
        return false;
    }
    const QString config = m_dir.filePath(QStringLiteral("system-bus.conf"));
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly) || f.write(busConfig(socketPath(), includes).toUtf8()) < 0) {
        *error = QStringLiteral("cannot write %1").arg(config);
        return false;
    }
    f.close();
    m_bus = launch(QStringLiteral("dbus-daemon"),
        {QStringLiteral("--config-file=") + config, QStringLiteral("--nofork"), QStringLiteral("--nopidfile")});
    if (!m_bus) {
        *error = QStringLiteral("cannot start dbus-daemon");
        return false;
    }
    if (!waitForName(QStringLiteral("org.freedesktop.DBus"), *m_bus, error))
        return false;
    return restartPolkit(error);
}

bool PrivateSystemBus::restartPolkit(QString *error)
{
    stop(m_polkit);
    m_polkit = launch(QStringLiteral("/usr/lib/polkit-1/polkitd"), {});
    if (!m_polkit) {
        *error = QStringLiteral("cannot start /usr/lib/polkit-1/polkitd");
        return false;
    }
    return waitForName(QStringLiteral("org.freedesktop.PolicyKit1"), *m_polkit, error);
}

bool PrivateSystemBus::startHelper(const QString &helper, const QStringList &args, const QString &name, QString *error)
{
    stop(m_helper);
    m_helper = launch(helper, args);
    if (!m_helper) {
        *error = QStringLiteral("cannot start %1").arg(helper);
        return false;
    }
    return waitForName(name, *m_helper, error);
}

bool PrivateSystemBus::helperRunning() const
{
    QCoreApplication::processEvents();
    return m_helper && m_helper->state() == QProcess::Running;
}

qint64 PrivateSystemBus::helperPid() const
{
    return m_helper ? m_helper->processId() : 0;
}

QString PrivateSystemBus::logs() const
{
    QString out;
    for (const char *name : {"dbus-daemon", "polkitd", "ptriage-helper"}) {
        const QString log = readLog(m_dir.filePath(QLatin1String(name) + QStringLiteral(".log")));
        if (!log.isEmpty())
            out += QStringLiteral("--- %1 ---\n%2").arg(QLatin1String(name), log);
    }
    return out;
}

} // namespace ptriage::test
