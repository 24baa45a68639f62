#include "CopyForOthers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <sys/stat.h>
#include <unistd.h>

namespace ptriage::test {
namespace {

constexpr auto kReadRunAll = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
    | QFile::ReadOther | QFile::ExeOther;

} // namespace

bool reachableByOthers(const QString &path)
{
    struct stat st { };
    if (::stat(qPrintable(path), &st) != 0 || (st.st_mode & (S_IROTH | S_IXOTH)) != (S_IROTH | S_IXOTH))
        return false;
    for (QDir d = QFileInfo(path).absoluteDir();; d.cdUp()) {
        if (::stat(qPrintable(d.absolutePath()), &st) != 0 || !(st.st_mode & S_IXOTH))
            return false;
        if (d.isRoot())
            return true;
    }
}

CopyForOthers::CopyForOthers() = default;
CopyForOthers::~CopyForOthers() = default;

QString CopyForOthers::of(const QString &path, QString *error)
{
    if (reachableByOthers(path))
        return path;
    if (!m_dir) {
        m_dir = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/ptriage-for-others-XXXXXX"));
        if (!m_dir->isValid() || !QFile::setPermissions(m_dir->path(), kReadRunAll)) {
            *error = QStringLiteral("cannot make a directory under /tmp for others: %1").arg(m_dir->errorString());
            m_dir.reset();
            return {};
        }
    }
    const QString copy = m_dir->filePath(QFileInfo(path).fileName());
    QFile::remove(copy);
    if (!QFile::copy(path, copy) || !QFile::setPermissions(copy, kReadRunAll)) {
        *error = QStringLiteral("cannot copy %1 to %2").arg(path, copy);
        return {};
    }
    return copy;
}

bool CopyForOthers::giveTo(uid_t uid, gid_t gid)
{
    if (!m_dir)
        return true;
    if (::chown(qPrintable(m_dir->path()), uid, gid) != 0)
        return false;
    const auto files = QDir(m_dir->path()).entryList(QDir::Files);
    for (const QString &f : files)
        if (::chown(qPrintable(m_dir->filePath(f)), uid, gid) != 0)
            return false;
    return true;
}

} // namespace ptriage::test
