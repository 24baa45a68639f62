#include "MemoryReader.h"

#include "collect/proc/ProcParsers.h"

#include <QDateTime>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>

namespace ptriage {

bool MemoryReader::open(const QString &procRoot, QString *error)
{
    m_procRoot = procRoot;
    m_root = DirFd(::open(QFile::encodeName(procRoot).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!m_root.valid()) {
        *error = QStringLiteral("cannot open %1: %2").arg(procRoot, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    m_meminfo.setSource(procSourceOf(m_root.get()));
    m_pressure.setSource(procSourceOf(m_root.get()));
    return true;
}

bool MemoryReader::read(MemoryReading &out, QString *error)
{
    auto failure = [&](const char *file, const QString &what) {
        *error = QStringLiteral("%1/%2: %3").arg(m_procRoot, QLatin1String(file), what);
        return false;
    };
    if (!m_root.valid())
        return failure("meminfo", QStringLiteral("the monitor is not started"));
    if (!m_meminfo.readRecordAt(m_root.get(), "meminfo"))
        return failure("meminfo", QString::fromLocal8Bit(std::strerror(m_meminfo.error())));
    MeminfoFigures mem;
    const char *reason = nullptr;
    if (!parseMeminfoFigures(m_meminfo.view(), mem, &reason))
        return failure("meminfo", QLatin1String(reason));

    MemoryReading r;
    r.memTotalBytes = mem.memTotal;
    r.memAvailableBytes = mem.memAvailable;
    r.swapTotalBytes = mem.swapTotal;
    r.swapFreeBytes = mem.swapFree;
    // No file (a kernel without PSI) or an empty one (PSI disabled at boot): readings without PSI.
    if (m_pressure.readRecordAt(m_root.get(), "pressure/memory") && !m_pressure.view().empty()) {
        PsiFigures some, full;
        if (!parsePsiLine(m_pressure.view(), "some", some.avg10, some.avg60, some.totalUs, &reason))
            return failure("pressure/memory", QLatin1String(reason ? reason : "no 'some' line"));
        r.some = some;
        if (parsePsiLine(m_pressure.view(), "full", full.avg10, full.avg60, full.totalUs, &reason))
            r.full = full;
        else if (reason)
            return failure("pressure/memory", QLatin1String(reason));
    } else if (m_pressure.error() != 0 && m_pressure.error() != ENOENT) {
        return failure("pressure/memory", QString::fromLocal8Bit(std::strerror(m_pressure.error())));
    }
    r.atMs = QDateTime::currentMSecsSinceEpoch();
    out = r;
    return true;
}

} // namespace ptriage
