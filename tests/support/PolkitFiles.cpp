#include "PolkitFiles.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QThread>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace ptriage::test {
namespace {

const QByteArray kMarker = QByteArrayLiteral("<!-- ptriage test copy: removed when the test ends -->");

QString actionsPath(const QString &name)
{
    return QLatin1String(PolkitFiles::kActionsDir) + QLatin1Char('/') + name;
}

QString rulesPath(const QString &name)
{
    return QLatin1String(PolkitFiles::kRulesDir) + QLatin1Char('/') + name;
}

bool isTestCopy(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.readAll().contains(kMarker);
}

// Written to a temporary name and renamed: polkitd watches the directory and must never read half a file.
// 0644 whatever the umask: polkitd reads as its own user.
bool writeFile(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    f.setDirectWriteFallback(false);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()
        || !QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther)) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace

PolkitFiles::~PolkitFiles()
{
    for (const QString &path : m_created)
        QFile::remove(path);
}

bool PolkitFiles::installPolicy(const QString &source, QString *error)
{
    const QString target = actionsPath(QFileInfo(source).fileName());
    if (QFile::exists(target) && !isTestCopy(target))
        return true;
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(source);
        return false;
    }
    QByteArray data = in.readAll();
    const qsizetype afterDecl = data.startsWith("<?xml") ? data.indexOf('\n') + 1 : 0;
    data.insert(afterDecl, kMarker + '\n');
    if (!writeFile(target, data, error))
        return false;
    if (!m_created.contains(target))
        m_created << target;
    return true;
}

bool PolkitFiles::setRules(const QString &name, const QString &js, QString *error)
{
    const QString path = rulesPath(name);
    if (js.isEmpty()) {
        if (QFile::exists(path) && !QFile::remove(path)) {
            *error = QStringLiteral("cannot remove %1").arg(path);
            return false;
        }
        m_created.removeAll(path);
        return true;
    }
    if (!writeFile(path, js.toUtf8(), error))
        return false;
    if (!m_created.contains(path))
        m_created << path;
    return true;
}

void PolkitFiles::sweepStale(const QString &policyName, const QString &rulesPrefix)
{
    const QString policy = actionsPath(policyName);
    if (isTestCopy(policy))
        QFile::remove(policy);
    const QDir rules{QLatin1String(kRulesDir)};
    for (const QString &name : rules.entryList({rulesPrefix + QStringLiteral("*.rules")}, QDir::Files))
        QFile::remove(rules.filePath(name));
}

DirectoryLock::DirectoryLock(const char *dir, int timeoutMs)
{
    const int fd = ::open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    const QDeadlineTimer deadline(timeoutMs);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (deadline.hasExpired()) {
            ::close(fd);
            return;
        }
        QThread::msleep(200);
    }
    m_fd = fd;
}

DirectoryLock::~DirectoryLock()
{
    if (m_fd >= 0)
        ::close(m_fd); // releases the lock
}

} // namespace ptriage::test
