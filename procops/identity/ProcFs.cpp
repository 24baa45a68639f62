#include "procops/identity/ProcFs.h"

#include <QByteArray>

#include <cerrno>
#include <charconv>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace ptriage::procops::procfs {
namespace {

// Splits the fields after comm; field(3) is the state, as in proc(5).
class StatFields {
public:
    explicit StatFields(std::string_view rest) : m_rest(rest) { }
    // Returns field number `n` (proc(5) numbering, n >= 3), or an empty view.
    std::string_view field(int n) const
    {
        int index = 3;
        std::size_t pos = 0;
        while (pos < m_rest.size()) {
            while (pos < m_rest.size() && m_rest[pos] == ' ')
                ++pos;
            std::size_t end = m_rest.find(' ', pos);
            if (end == std::string_view::npos)
                end = m_rest.size();
            if (index == n)
                return m_rest.substr(pos, end - pos);
            ++index;
            pos = end;
        }
        return {};
    }

private:
    std::string_view m_rest;
};

template<typename T> bool number(std::string_view text, T &out)
{
    if (text.empty())
        return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

std::optional<Stat> parseStat(std::string_view text)
{
    const std::size_t open = text.find('(');
    const std::size_t close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open || close + 2 > text.size()
        || text[close + 1] != ' ')
        return std::nullopt; // the kernel writes ") " before the state
    std::string_view rest = text.substr(close + 2);
    while (!rest.empty() && (rest.back() == '\n' || rest.back() == ' '))
        rest.remove_suffix(1);
    const StatFields f(rest);
    Stat s;
    const std::string_view state = f.field(3);
    if (state.size() != 1)
        return std::nullopt;
    s.state = state[0];
    if (!number(f.field(4), s.ppid) || !number(f.field(5), s.pgrp) || !number(f.field(6), s.session)
        || !number(f.field(9), s.flags) || !number(f.field(14), s.utime) || !number(f.field(15), s.stime)
        || !number(f.field(19), s.nice) || !number(f.field(22), s.startTicks))
        return std::nullopt;
    return s;
}

std::optional<Stat> readStat(int pid, int *error, int tid)
{
    const QString path = tid > 0 ? QStringLiteral("/proc/%1/task/%2/stat").arg(pid).arg(tid)
                                 : QStringLiteral("/proc/%1/stat").arg(pid);
    int err = 0;
    const auto text = readFile(path, &err);
    if (!text) {
        if (error)
            *error = err;
        return std::nullopt;
    }
    auto s = parseStat(std::string_view(text->constData(), static_cast<std::size_t>(text->size())));
    if (!s && error)
        *error = EINVAL;
    return s;
}

std::optional<Stat> readStatAt(int procDir, int *error, int tid)
{
    const QByteArray path = tid > 0 ? "task/" + QByteArray::number(tid) + "/stat" : QByteArray("stat");
    const int fd = ::openat(procDir, path.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        if (error)
            *error = errno;
        return std::nullopt;
    }
    char buf[1024];
    ssize_t n;
    do
        n = ::read(fd, buf, sizeof buf);
    while (n < 0 && errno == EINTR);
    const int err = errno;
    ::close(fd);
    if (n <= 0) {
        if (error)
            *error = n < 0 ? err : ESRCH;
        return std::nullopt;
    }
    auto s = parseStat(std::string_view(buf, static_cast<std::size_t>(n)));
    if (!s && error)
        *error = EINVAL;
    return s;
}

std::optional<BootId> bootId()
{
    const auto text = readFile(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return text ? BootId::parse(text->trimmed().toStdString()) : std::nullopt;
}

int threadGroupOf(int tid)
{
    const auto text = readFile(QStringLiteral("/proc/%1/status").arg(tid));
    return text ? parseStatusTgid(*text) : 0;
}

int parseStatusTgid(const QByteArray &status)
{
    const qsizetype at = status.indexOf("\nTgid:");
    if (at < 0)
        return 0;
    const qsizetype end = status.indexOf('\n', at + 1);
    bool ok = false;
    const int tgid = status.mid(at + 6, end < 0 ? -1 : end - at - 6).trimmed().toInt(&ok);
    return ok ? tgid : 0;
}

QList<int> threadIds(int pid)
{
    QList<int> tids;
    const QByteArray path = QStringLiteral("/proc/%1/task").arg(pid).toLatin1();
    DIR *dir = ::opendir(path.constData());
    if (!dir)
        return tids;
    while (const dirent *e = ::readdir(dir)) {
        int tid = 0;
        const std::string_view name(e->d_name);
        if (number(name, tid) && tid > 0)
            tids.append(tid);
    }
    ::closedir(dir);
    return tids;
}

QList<int> threadIdsAt(int procDir)
{
    QList<int> tids;
    const int fd = ::openat(procDir, "task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *dir = fd >= 0 ? ::fdopendir(fd) : nullptr;
    if (!dir) {
        if (fd >= 0)
            ::close(fd);
        return tids;
    }
    while (const dirent *e = ::readdir(dir)) {
        int tid = 0;
        const std::string_view name(e->d_name);
        if (number(name, tid) && tid > 0)
            tids.append(tid);
    }
    ::closedir(dir);
    return tids;
}

std::optional<QByteArray> readFile(const QString &path, int *error)
{
    const QByteArray p = path.toLocal8Bit();
    const int fd = ::open(p.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        if (error)
            *error = errno;
        return std::nullopt;
    }
    QByteArray out;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            if (error)
                *error = errno;
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0)
            break;
        out.append(buf, n);
        if (out.size() > (1 << 22)) // nothing we read is this big; do not let a file make us
            break;
    }
    ::close(fd);
    return out;
}

int writeFile(const QString &path, const QByteArray &text)
{
    const QByteArray p = path.toLocal8Bit();
    const int fd = ::open(p.constData(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return errno;
    ssize_t n;
    do
        n = ::write(fd, text.constData(), static_cast<std::size_t>(text.size()));
    while (n < 0 && errno == EINTR);
    const int err = n < 0 ? errno : (n == text.size() ? 0 : EIO);
    ::close(fd);
    return err;
}

} // namespace ptriage::procops::procfs
