#include "StaleSqliteFiles.h"

#include <sqlite3.h>

#include <atomic>
#include <cstring>

namespace ptriage::test {
namespace {

std::atomic<int> g_generation{1}; // of files opened now
std::atomic<int> g_staleBelow{0}; // files of an older generation fail
sqlite3_vfs *g_real = nullptr;
sqlite3_vfs g_vfs{};

// Ours first, the real VFS's file right after it.
struct File {
    sqlite3_file base;
    int generation;
};

File *self(sqlite3_file *f)
{
    return reinterpret_cast<File *>(f);
}
sqlite3_file *real(sqlite3_file *f)
{
    return reinterpret_cast<sqlite3_file *>(self(f) + 1);
}
bool stale(sqlite3_file *f)
{
    return self(f)->generation < g_staleBelow.load();
}

int fileClose(sqlite3_file *f)
{
    return real(f)->pMethods ? real(f)->pMethods->xClose(real(f)) : SQLITE_OK;
}
int fileRead(sqlite3_file *f, void *buf, int n, sqlite3_int64 at)
{
    return stale(f) ? SQLITE_IOERR_READ : real(f)->pMethods->xRead(real(f), buf, n, at);
}
int fileWrite(sqlite3_file *f, const void *buf, int n, sqlite3_int64 at)
{
    return stale(f) ? SQLITE_IOERR_WRITE : real(f)->pMethods->xWrite(real(f), buf, n, at);
}
int fileTruncate(sqlite3_file *f, sqlite3_int64 size)
{
    return stale(f) ? SQLITE_IOERR_TRUNCATE : real(f)->pMethods->xTruncate(real(f), size);
}
int fileSync(sqlite3_file *f, int flags)
{
    return stale(f) ? SQLITE_IOERR_FSYNC : real(f)->pMethods->xSync(real(f), flags);
}
int fileSize(sqlite3_file *f, sqlite3_int64 *size)
{
    return stale(f) ? SQLITE_IOERR_FSTAT : real(f)->pMethods->xFileSize(real(f), size);
}
int fileLock(sqlite3_file *f, int level)
{
    return stale(f) ? SQLITE_IOERR_LOCK : real(f)->pMethods->xLock(real(f), level);
}
int fileUnlock(sqlite3_file *f, int level)
{
    return real(f)->pMethods->xUnlock(real(f), level); // always: what was taken is given back
}
int fileCheckReservedLock(sqlite3_file *f, int *out)
{
    return real(f)->pMethods->xCheckReservedLock(real(f), out);
}
int fileControl(sqlite3_file *f, int op, void *arg)
{
    return real(f)->pMethods->xFileControl(real(f), op, arg);
}
int fileSectorSize(sqlite3_file *f)
{
    return real(f)->pMethods->xSectorSize(real(f));
}
int fileDeviceCharacteristics(sqlite3_file *f)
{
    return real(f)->pMethods->xDeviceCharacteristics(real(f));
}
int fileShmMap(sqlite3_file *f, int page, int pageSize, int extend, void volatile **out)
{
    return stale(f) ? SQLITE_IOERR_SHMMAP : real(f)->pMethods->xShmMap(real(f), page, pageSize, extend, out);
}
int fileShmLock(sqlite3_file *f, int offset, int n, int flags)
{
    return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}
void fileShmBarrier(sqlite3_file *f)
{
    real(f)->pMethods->xShmBarrier(real(f));
}
int fileShmUnmap(sqlite3_file *f, int deleteFlag)
{
    return real(f)->pMethods->xShmUnmap(real(f), deleteFlag);
}
int fileFetch(sqlite3_file *f, sqlite3_int64 at, int n, void **out)
{
    if (stale(f)) {
        *out = nullptr; // no mapping: SQLite reads instead, and that fails
        return SQLITE_OK;
    }
    return real(f)->pMethods->xFetch(real(f), at, n, out);
}
int fileUnfetch(sqlite3_file *f, sqlite3_int64 at, void *p)
{
    return real(f)->pMethods->xUnfetch(real(f), at, p);
}

const sqlite3_io_methods kMethods = {3, fileClose, fileRead, fileWrite, fileTruncate, fileSync, fileSize, fileLock,
    fileUnlock, fileCheckReservedLock, fileControl, fileSectorSize, fileDeviceCharacteristics, fileShmMap, fileShmLock,
    fileShmBarrier, fileShmUnmap, fileFetch, fileUnfetch};

int vfsOpen(sqlite3_vfs *, const char *name, sqlite3_file *f, int flags, int *outFlags)
{
    self(f)->generation = g_generation.load();
    std::memset(real(f), 0, static_cast<std::size_t>(g_real->szOsFile));
    const int rc = g_real->xOpen(g_real, name, real(f), flags, outFlags);
    f->pMethods = real(f)->pMethods ? &kMethods : nullptr; // closed through us whenever it was opened
    return rc;
}

} // namespace

void installStaleableFiles()
{
    if (g_real)
        return;
    g_real = sqlite3_vfs_find(nullptr);
    g_vfs = *g_real;
    g_vfs.pNext = nullptr;
    g_vfs.zName = "ptriage-staleable";
    g_vfs.szOsFile = static_cast<int>(sizeof(File)) + g_real->szOsFile;
    g_vfs.xOpen = vfsOpen;
    sqlite3_vfs_register(&g_vfs, 1);
}

void makeOpenFilesStale()
{
    g_staleBelow = g_generation.fetch_add(1) + 1;
}

} // namespace ptriage::test
