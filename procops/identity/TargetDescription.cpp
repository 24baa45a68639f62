#include "procops/identity/TargetDescription.h"

#include "procops/identity/ProcFs.h"

#include <pwd.h>
#include <sys/stat.h>

namespace ptriage::procops {

QString printable(QByteArrayView raw, int max)
{
    const QString text = QString::fromUtf8(raw);
    QString out;
    out.reserve(std::min<qsizetype>(text.size(), max) + 1);
    for (const QChar c : text) {
        if (out.size() >= max) {
            out += QChar(0x2026);
            break;
        }
        const bool control = c.unicode() < 0x20 || c.unicode() == 0x7f || c.category() == QChar::Other_Control
            || c.category() == QChar::Other_Format;
        out += (control || c == QLatin1Char('\'') || c == QLatin1Char('"')) ? QLatin1Char('?') : c;
    }
    return out;
}

TargetDescription describeTarget(const ProcessIdentity &id)
{
    TargetDescription d;
    d.id = id;
    const auto st = procfs::readStat(id.pid);
    if (!st || st->startTicks != id.startTicks)
        return d;
    struct stat info;
    if (::stat(QStringLiteral("/proc/%1").arg(id.pid).toLatin1().constData(), &info) != 0)
        return d;
    auto cmdline = procfs::readFile(QStringLiteral("/proc/%1/cmdline").arg(id.pid));
    auto comm = procfs::readFile(QStringLiteral("/proc/%1/comm").arg(id.pid));
    // The start time again: the reads above are of this process only if it is still the same one.
    const auto again = procfs::readStat(id.pid);
    if (!again || again->startTicks != id.startTicks)
        return d;
    d.running = true;
    d.uid = info.st_uid;
    const passwd *pw = ::getpwuid(info.st_uid);
    d.user = pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(info.st_uid);
    QByteArray args = cmdline ? cmdline->left(4096) : QByteArray();
    while (args.endsWith('\0'))
        args.chop(1);
    args.replace('\0', ' ');
    if (args.isEmpty() && comm)
        args = '[' + comm->trimmed() + ']';
    d.command = printable(args);
    return d;
}

QString TargetDescription::text() const
{
    if (!running)
        return QStringLiteral("PID %1 (no longer running)").arg(id.pid);
    return QStringLiteral("'%1' (PID %2, user %3)").arg(command).arg(id.pid).arg(user);
}

} // namespace ptriage::procops
