#include "WholeFile.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {
namespace {

QString systemError(const QString &path, const char *what)
{
    return QStringLiteral("%1: %2 (%3)").arg(path, QLatin1String(what), QString::fromLocal8Bit(std::strerror(errno)));
}

// Closes a descriptor at scope exit.
struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// Why the entry `name` of directory `dir` may not be replaced: a link, not a file, another's.
QString whyNotReplaceable(int dir, const char *name, const QString &path, struct stat *st, bool *exists)
{
    *exists = false;
    if (::fstatat(dir, name, st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? QString() : systemError(path, "cannot examine it");
    *exists = true;
    if (S_ISLNK(st->st_mode))
        return QStringLiteral("%1: a symbolic link; ptriage writes only the file itself").arg(path);
    if (!S_ISREG(st->st_mode))
        return QStringLiteral("%1: not a regular file").arg(path);
    if (st->st_uid != ::geteuid())
        return QStringLiteral("%1: owned by uid %2, not by you (uid %3)").arg(path).arg(st->st_uid).arg(::geteuid());
    return {};
}

bool writeAll(int fd, const QByteArray &data)
{
    for (qsizetype done = 0; done < data.size();) {
        const ssize_t n = ::write(fd, data.constData() + done, static_cast<std::size_t>(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

} // namespace

bool writeWholeFile(const QString &path, const QByteArray &data, mode_t mode, QString *error)
{
    const QFileInfo info(path);
    const QByteArray dirName = QFile::encodeName(info.absolutePath());
    const QByteArray name = QFile::encodeName(info.fileName());
    if (name.isEmpty() || name == "." || name == "..")
        return *error = QStringLiteral("%1: not a file name").arg(path), false;
    Fd dir{::open(dirName.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
    if (dir.fd < 0)
        return *error = systemError(path, "cannot open its directory"), false;
    struct stat st { };
    bool exists = false;
    if (const QString why = whyNotReplaceable(dir.fd, name.constData(), path, &st, &exists); !why.isEmpty())
        return *error = why, false;
    // A name of our own in that directory, made with O_EXCL: nothing there is opened or followed.
    std::random_device random;
    QByteArray temp;
    Fd out;
    for (int attempt = 0; attempt < 16 && out.fd < 0; ++attempt) {
        temp = '.' + name + '.' + QByteArray::number(random(), 36) + ".tmp";
        out.fd = ::openat(dir.fd, temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
            exists ? (st.st_mode & 07777) : mode);
        if (out.fd < 0 && errno != EEXIST)
            break;
    }
    if (out.fd < 0)
        return *error = systemError(path, "cannot create a temporary file beside it"), false;
    if (exists)
        (void)::fchmod(out.fd, st.st_mode & 07777); // its mode, whatever the umask
    const bool written = writeAll(out.fd, data) && ::fsync(out.fd) == 0;
    const int saved = errno;
    ::close(out.fd);
    out.fd = -1;
    if (!written || ::renameat(dir.fd, temp.constData(), dir.fd, name.constData()) != 0) {
        errno = written ? errno : saved;
        *error = systemError(path, written ? "cannot replace it" : "cannot write it");
        ::unlinkat(dir.fd, temp.constData(), 0);
        return false;
    }
    (void)::fsync(dir.fd); // the rename itself on disk
    return true;
}

bool readOwnFile(const QString &path, QByteArray *data, bool *exists, QString *error)
{
    data->clear();
    *exists = false;
    // O_NONBLOCK: a FIFO planted at the path must not hang the open; it is refused below.
    Fd in{::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)};
    if (in.fd < 0 && errno == ENOENT)
        return true;
    if (in.fd < 0 && errno == ELOOP)
        return *error = QStringLiteral("%1: a symbolic link; ptriage reads only the file itself").arg(path), false;
    if (in.fd < 0)
        return *error = systemError(path, "cannot read it"), false;
    struct stat st { };
    if (::fstat(in.fd, &st) != 0 || !S_ISREG(st.st_mode))
        return *error = QStringLiteral("%1: not a regular file").arg(path), false;
    *exists = true;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(in.fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return *error = systemError(path, "cannot read it"), false;
        if (n == 0)
            return true;
        data->append(buf, n);
    }
}

} // namespace ptriage
