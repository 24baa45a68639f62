#include "FileTrust.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {

QString whyNotOwnFile(const QString &path, bool *exists, dev_t *device, ino_t *inode)
{
    if (exists)
        *exists = false;
    struct stat st { };
    // lstat: a link is judged as the link, never as what it points at now.
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return errno == ENOENT
            ? QString()
            : QStringLiteral("cannot examine it (%1)").arg(QString::fromLocal8Bit(std::strerror(errno)));
    if (exists)
        *exists = true;
    if (device)
        *device = st.st_dev;
    if (inode)
        *inode = st.st_ino;
    if (S_ISLNK(st.st_mode))
        return QStringLiteral("a symbolic link (ptriage opens its databases only as the file itself)");
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("not a regular file");
    if (st.st_uid != ::geteuid())
        return QStringLiteral("owned by uid %1, not by you (uid %2)").arg(st.st_uid).arg(::geteuid());
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return QStringLiteral("others may write to it (mode %1)").arg(st.st_mode & 07777, 4, 8, QLatin1Char('0'));
    return {};
}

} // namespace ptriage
