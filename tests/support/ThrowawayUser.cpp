#include "ThrowawayUser.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QThread>

#include <cstdio>
#include <pwd.h>

namespace ptriage::test {
namespace {

// useradd/userdel live in /usr/sbin, which a test runner's PATH may lack.
QString sbin(const char *tool)
{
    return QStringLiteral("/usr/sbin/") + QLatin1String(tool);
}

int run(const QString &program, const QStringList &args, QString *output = nullptr)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return -1;
    }
    if (output)
        *output = QString::fromLocal8Bit(p.readAll()).trimmed();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

} // namespace

bool ThrowawayUser::create(QString *error)
{
    const QString name
        = QLatin1String(kPrefix) + QString::number(QRandomGenerator::global()->bounded(0x100000u, 0xffffffu), 16);
    QString out;
    if (run(sbin("useradd"),
            {QStringLiteral("--system"), QStringLiteral("--no-create-home"), QStringLiteral("--home-dir"),
                QStringLiteral("/nonexistent"), QStringLiteral("--shell"), QStringLiteral("/usr/sbin/nologin"),
                QStringLiteral("--user-group"), name},
            &out)
        != 0) {
        *error = QStringLiteral("useradd %1 failed: %2").arg(name, out);
        return false;
    }
    m_name = name;
    const passwd *pw = ::getpwnam(qPrintable(name));
    if (!pw) {
        *error = QStringLiteral("useradd %1 succeeded but getpwnam does not find it").arg(name);
        return false;
    }
    m_uid = pw->pw_uid;
    m_gid = pw->pw_gid;
    return true;
}

ThrowawayUser::~ThrowawayUser()
{
    if (m_name.isEmpty())
        return;
    // userdel refuses while a process of the user lingers (a client being reaped): retry briefly.
    QString out;
    const QDeadlineTimer deadline(15000);
    while (run(sbin("userdel"), {m_name}, &out) != 0) {
        if (deadline.hasExpired()) {
            std::fprintf(stderr, "ThrowawayUser: userdel %s failed: %s\n", qPrintable(m_name), qPrintable(out));
            return;
        }
        QThread::msleep(200);
    }
}

QStringList ThrowawayUser::runuserArgs(const QStringList &command, const QStringList &env) const
{
    QStringList argv = {QStringLiteral("-u"), m_name, QStringLiteral("--"), QStringLiteral("env"), QStringLiteral("-i"),
        QStringLiteral("PATH=/usr/bin:/bin")};
    return argv + env + command;
}

void ThrowawayUser::sweepStale()
{
    const QString prefix = QLatin1String(kPrefix);
    ::setpwent();
    QStringList stale;
    while (const passwd *pw = ::getpwent()) {
        const QString name = QString::fromLocal8Bit(pw->pw_name);
        if (name.startsWith(prefix))
            stale << name;
    }
    ::endpwent();
    for (const QString &name : stale)
        run(sbin("userdel"), {name});
}

} // namespace ptriage::test
