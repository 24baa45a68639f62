#include "procops/ops/CgroupParsers.h"

namespace ptriage::procops {
namespace {

QString unescapeMountField(const QByteArray &field)
{
    // mountinfo escapes space, tab, newline and backslash as \ooo.
    QByteArray out;
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field[i] == '\\' && i + 3 < field.size()) {
            // Exactly three octal digits: toInt() would also take a sign, blanks, or stop at a NUL
            // (a backslash, "12" and a NUL were read as a newline).
            int code = 0;
            bool ok = true;
            for (qsizetype k = i + 1; k <= i + 3; ++k) {
                ok = ok && field[k] >= '0' && field[k] <= '7';
                code = code * 8 + (field[k] - '0');
            }
            if (ok && code > 0 && code < 256) {
                out.append(static_cast<char>(code));
                i += 3;
                continue;
            }
        }
        out.append(field[i]);
    }
    return QString::fromLocal8Bit(out);
}

bool isMountOption(const QByteArray &token)
{
    static const QList<QByteArray> options{"rw", "ro", "noprefix", "xattr", "clone_children", "cpuset_v2_mode",
        "nsdelegate", "favordynmods", "memory_localevents", "memory_recursiveprot", "memory_hugetlb_accounting",
        "none"};
    return options.contains(token) || (token.contains('=') && !token.startsWith("name="));
}

} // namespace

// A group path from /proc/PID/cgroup, accepted only in its plain form.
bool isSafeCgroupPath(const QString &rel)
{
    if (!rel.startsWith(QLatin1Char('/')) || rel.size() > 4096)
        return false;
    if (rel == QLatin1String("/"))
        return true;
    const QStringList parts = rel.mid(1).split(QLatin1Char('/'));
    for (const QString &p : parts)
        if (p.isEmpty() || p == QLatin1String(".") || p == QLatin1String("..") || p.contains(QChar(0))
            || p.contains(QLatin1Char('\n')))
            return false;
    return true;
}

CgroupLayout CgroupLayout::parseMountInfo(const QByteArray &text)
{
    CgroupLayout layout;
    for (const QByteArray &line : text.split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        const qsizetype dash = f.indexOf("-");
        if (dash < 6 || dash + 3 >= f.size())
            continue;
        const QByteArray &fstype = f[dash + 1];
        if (fstype != "cgroup" && fstype != "cgroup2")
            continue;
        CgroupHierarchy h;
        h.v2 = fstype == "cgroup2";
        h.mountRoot = unescapeMountField(f[3]);
        h.mountPoint = unescapeMountField(f[4]);
        if (!h.v2)
            for (const QByteArray &opt : f[dash + 3].split(','))
                if (!opt.isEmpty() && !isMountOption(opt))
                    h.controllers.append(QString::fromLatin1(opt));
        if (h.v2) {
            // Several mounts of the one cgroup2 hierarchy: prefer the one showing all of it.
            if (!layout.m_unified
                || (layout.m_unified->mountRoot != QLatin1String("/") && h.mountRoot == QLatin1String("/")))
                layout.m_unified = h;
        } else if (!h.controllers.isEmpty()) {
            layout.m_v1.append(h);
        }
    }
    return layout;
}

std::optional<CgroupHierarchy> CgroupLayout::v1(const QString &controller) const
{
    std::optional<CgroupHierarchy> found;
    for (const CgroupHierarchy &h : m_v1)
        if (h.controllers.contains(controller)
            && (!found || (found->mountRoot != QLatin1String("/") && h.mountRoot == QLatin1String("/"))))
            found = h;
    return found;
}

QString parseCgroupPath(const QByteArray &text, const CgroupHierarchy &h)
{
    for (const QByteArray &line : text.split('\n')) {
        const qsizetype c1 = line.indexOf(':');
        const qsizetype c2 = c1 < 0 ? -1 : line.indexOf(':', c1 + 1);
        if (c2 < 0)
            continue;
        const QByteArray id = line.left(c1);
        const QByteArray controllers = line.mid(c1 + 1, c2 - c1 - 1);
        const QString path = QString::fromLocal8Bit(line.mid(c2 + 1));
        bool match = false;
        if (h.v2) {
            match = id == "0" && controllers.isEmpty();
        } else {
            for (const QByteArray &c : controllers.split(','))
                if (!c.isEmpty() && h.controllers.contains(QString::fromLatin1(c)))
                    match = true;
        }
        if (match)
            return isSafeCgroupPath(path) ? path : QString();
    }
    return {};
}

} // namespace ptriage::procops
