#include "procops/request/UndoLedger.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage::procops {
namespace {

QByteArray cpuListText(const QList<int> &cpus)
{
    QByteArray out;
    for (int c : cpus) {
        if (!out.isEmpty())
            out += ',';
        out += QByteArray::number(c);
    }
    return out;
}

} // namespace

UndoLedger::UndoLedger(QString dir) : m_dir(std::move(dir))
{
    if (!m_dir.isEmpty())
        ::mkdir(m_dir.toLocal8Bit().constData(), 0700);
}

bool UndoLedger::ready() const
{
    struct stat st;
    return enabled() && ::lstat(m_dir.toLocal8Bit().constData(), &st) == 0 && S_ISDIR(st.st_mode)
        && st.st_uid == ::geteuid() && (st.st_mode & 077) == 0;
}

QString UndoLedger::fileFor(const QString &key, const char *kind) const
{
    // Identities and cgroup paths as file names: hashed, so no path can be made of them.
    const QByteArray hash = QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    return m_dir + QLatin1Char('/') + QLatin1String(kind) + QLatin1Char('-') + QString::fromLatin1(hash);
}

std::optional<QByteArray> UndoLedger::read(const QString &file) const
{
    if (!ready())
        return std::nullopt;
    const int fd = ::open(file.toLocal8Bit().constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return std::nullopt;
    char buf[8192];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    ::close(fd);
    if (n <= 0)
        return std::nullopt;
    return QByteArray(buf, n);
}

void UndoLedger::write(const QString &file, const QByteArray &value) const
{
    if (!ready())
        return;
    const QByteArray tmp = (file + QStringLiteral(".new")).toLocal8Bit();
    const int fd = ::open(tmp.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return;
    const bool ok = ::write(fd, value.constData(), static_cast<size_t>(value.size())) == value.size();
    ::close(fd);
    if (!ok || ::rename(tmp.constData(), file.toLocal8Bit().constData()) != 0)
        ::unlink(tmp.constData());
}

void UndoLedger::recordNice(const ProcessIdentity &id, int previous) const
{
    const QString f = fileFor(id.toQString(), "nice");
    if (!read(f))
        write(f, id.toQString().toLatin1() + ' ' + QByteArray::number(previous));
}

void UndoLedger::recordAffinity(const ProcessIdentity &id, const QList<int> &previous) const
{
    const QString f = fileFor(id.toQString(), "affinity");
    if (!read(f))
        write(f, id.toQString().toLatin1() + ' ' + cpuListText(previous));
}

bool UndoLedger::restoresNice(const ProcessIdentity &id, int nice) const
{
    const auto v = read(fileFor(id.toQString(), "nice"));
    return v && *v == id.toQString().toLatin1() + ' ' + QByteArray::number(nice);
}

bool UndoLedger::restoresAffinity(const ProcessIdentity &id, const QList<int> &cpus) const
{
    const auto v = read(fileFor(id.toQString(), "affinity"));
    return v && *v == id.toQString().toLatin1() + ' ' + cpuListText(cpus);
}

void UndoLedger::forgetNice(const ProcessIdentity &id) const
{
    if (ready())
        ::unlink(fileFor(id.toQString(), "nice").toLocal8Bit().constData());
}

void UndoLedger::forgetAffinity(const ProcessIdentity &id) const
{
    if (ready())
        ::unlink(fileFor(id.toQString(), "affinity").toLocal8Bit().constData());
}

namespace {

const char *kindName(UndoLedger::Hold kind)
{
    switch (kind) {
    case UndoLedger::Hold::Stop:
        return "stop";
    case UndoLedger::Hold::Freeze:
        return "freeze";
    case UndoLedger::Hold::Throttle:
        return "throttle";
    }
    return "?";
}

} // namespace

void UndoLedger::hold(Hold kind, const ProcessIdentity &id, const QString &value) const
{
    write(fileFor(id.toQString(), kindName(kind)), id.toQString().toLatin1() + ' ' + value.toUtf8());
}

std::optional<QString> UndoLedger::held(Hold kind, const ProcessIdentity &id) const
{
    const auto v = read(fileFor(id.toQString(), kindName(kind)));
    const QByteArray prefix = id.toQString().toLatin1() + ' ';
    if (!v || !v->startsWith(prefix))
        return std::nullopt;
    return QString::fromUtf8(v->mid(prefix.size()));
}

void UndoLedger::release(Hold kind, const ProcessIdentity &id) const
{
    if (ready())
        ::unlink(fileFor(id.toQString(), kindName(kind)).toLocal8Bit().constData());
}

int UndoLedger::prune(const std::function<bool(const ProcessIdentity &)> &alive) const
{
    if (!ready())
        return 0;
    int removed = 0;
    const QStringList files = QDir(m_dir).entryList(QDir::Files | QDir::System | QDir::Hidden);
    for (const QString &name : files) {
        const QString file = m_dir + QLatin1Char('/') + name;
        const auto text = read(file);
        bool keep = false;
        if (text && name.startsWith(QLatin1String("cpu-"))) {
            struct stat st;
            keep = ::lstat(text->constData(), &st) == 0 && S_ISDIR(st.st_mode);
        } else if (text && !name.endsWith(QLatin1String(".new"))) {
            const auto id = ProcessIdentity::parse(text->left(text->indexOf(' ')).toStdString());
            keep = id && alive(*id);
        }
        if (!keep && ::unlink(file.toLocal8Bit().constData()) == 0)
            ++removed;
    }
    return removed;
}

void UndoLedger::recordCpuEnabled(const QString &groupDir) const
{
    write(fileFor(groupDir, "cpu"), groupDir.toUtf8());
}

bool UndoLedger::cpuEnabledByUs(const QString &groupDir) const
{
    const auto v = read(fileFor(groupDir, "cpu"));
    return v && *v == groupDir.toUtf8();
}

void UndoLedger::forgetCpuEnabled(const QString &groupDir) const
{
    if (ready())
        ::unlink(fileFor(groupDir, "cpu").toLocal8Bit().constData());
}

} // namespace ptriage::procops
