#pragma once

#include "MemoryReading.h"
#include "collect/proc/ProcFiles.h"

#include <QString>

namespace ptriage {

// Takes readings from a proc root (the live /proc or a written tree in its layout): meminfo and
// pressure/memory, read relative to one directory fd into reused buffers.
class MemoryReader {
public:
    bool open(const QString &procRoot, QString *error);
    int rootFd() const { return m_root.get(); }
    // False with "ROOT/meminfo: no MemAvailable line"-style errors; `out` is then unchanged.
    bool read(MemoryReading &out, QString *error);

private:
    QString m_procRoot;
    DirFd m_root;
    FileBuffer m_meminfo, m_pressure;
};

} // namespace ptriage
