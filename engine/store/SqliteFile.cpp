#include "SqliteFile.h"
#include "FileTrust.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {

Statement::Statement(sqlite3 *db, const char *sql)
{
    m_ok = db && sqlite3_prepare_v2(db, sql, -1, &m_s, nullptr) == SQLITE_OK;
}

Statement::~Statement()
{
    sqlite3_finalize(m_s);
}

void Statement::text(int i, const std::string &v)
{
    sqlite3_bind_text(m_s, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
}

void Statement::blob(int i, const std::string &v)
{
    sqlite3_bind_blob(m_s, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
}

void Statement::integer(int i, long long v)
{
    sqlite3_bind_int64(m_s, i, v);
}

void Statement::real(int i, std::optional<double> v)
{
    if (v)
        sqlite3_bind_double(m_s, i, *v);
    else
        sqlite3_bind_null(m_s, i);
}

void Statement::id(int i, long long v)
{
    if (v)
        sqlite3_bind_int64(m_s, i, v);
    else
        sqlite3_bind_null(m_s, i);
}

void Statement::value(int i, const sqlite3_value *v)
{
    sqlite3_bind_value(m_s, i, v);
}

int Statement::step()
{
    return m_ok ? sqlite3_step(m_s) : SQLITE_MISUSE;
}

void Statement::reset()
{
    sqlite3_reset(m_s);
    sqlite3_clear_bindings(m_s);
}

std::string Statement::columnText(int c) const
{
    const auto *p = static_cast<const char *>(sqlite3_column_blob(m_s, c));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(m_s, c))) : std::string();
}

std::optional<double> Statement::columnReal(int c) const
{
    if (sqlite3_column_type(m_s, c) == SQLITE_NULL)
        return std::nullopt;
    return sqlite3_column_double(m_s, c);
}

long long Statement::columnInt(int c) const
{
    return sqlite3_column_int64(m_s, c);
}

bool Statement::columnIsNull(int c) const
{
    return sqlite3_column_type(m_s, c) == SQLITE_NULL;
}

Transaction::Transaction(sqlite3 *db) : m_db(db)
{
    if (!db)
        m_error = QStringLiteral("not open");
    else
        m_open = sqliteExec(db, "BEGIN IMMEDIATE", &m_error);
}

bool Transaction::commit()
{
    if (!m_open) {
        if (m_error.isEmpty())
            m_error = QStringLiteral("no transaction to commit");
        return false;
    }
    if (!sqliteExec(m_db, "COMMIT", &m_error))
        return false; // still open: the destructor rolls it back
    m_open = false;
    return true;
}

void Transaction::rollback()
{
    if (!m_open)
        return;
    m_open = false;
    QString ignored;
    sqliteExec(m_db, "ROLLBACK", &ignored);
}

bool sqliteExec(sqlite3 *db, const char *sql, QString *error)
{
    char *message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK)
        return true;
    *error = QString::fromUtf8(message ? message : sqlite3_errmsg(db));
    sqlite3_free(message);
    return false;
}

QString SqliteFile::untrusted(const QString &path)
{
    if (const QString why = whyNotOwnFile(path); !why.isEmpty())
        return why;
    // What SQLite reads beside the file is part of the database: a planted WAL is replayed into it.
    for (const char *side : {"-wal", "-shm", "-journal"})
        if (const QString why = whyNotOwnFile(path + QLatin1String(side)); !why.isEmpty())
            return QStringLiteral("its %1 is %2").arg(QFileInfo(path + QLatin1String(side)).fileName(), why);
    return {};
}

QString SqliteFile::leftAlone(const QString &path)
{
    return QStringLiteral("; %1 was left as it is — move it away or pass another --db FILE").arg(path);
}

void SqliteFile::close()
{
    // _v2: a refused file's connection is freed even while a statement is still open.
    if (m_db)
        sqlite3_close_v2(m_db);
    m_db = nullptr;
}

bool SqliteFile::exec(const char *sql, QString *error) const
{
    QString why;
    if (sqliteExec(m_db, sql, &why))
        return true;
    *error = QStringLiteral("%1: %2").arg(m_path, why);
    return false;
}

QString SqliteFile::lastError() const
{
    return QStringLiteral("%1: %2").arg(
        m_path, m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("not open"));
}

bool SqliteFile::open(const QString &path, Mode mode, const SqliteSchema &schema, QString *error)
{
    close();
    m_path = path;
    if (const QString why = untrusted(path); !why.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(path, why) + leftAlone(path);
        return false;
    }
    const QFileInfo info(path);
    const bool existed = info.exists() && info.size() > 0;
    if (!info.exists() && mode == Mode::ExistingOnly) {
        *error = QStringLiteral("%1: the file does not exist").arg(path);
        return false;
    }
    if (existed) {
        // Check the header ourselves before SQLite touches the file.
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("%1: cannot read it (%2)").arg(path, f.errorString());
            return false;
        }
        if (f.read(16) != QByteArray("SQLite format 3", 16)) {
            *error = QStringLiteral("%1: not an SQLite database").arg(path) + leftAlone(path);
            return false;
        }
    } else if (!QDir().mkpath(info.absolutePath())) {
        *error = QStringLiteral("%1: cannot create its directory").arg(path);
        return false;
    } else if (!info.exists()) {
        // Made here, private (SQLite would make it 0644 less the umask), never through a link.
        const int fd
            = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST) {
            *error
                = QStringLiteral("%1: cannot create it (%2)").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        if (fd >= 0)
            ::close(fd);
    }
    // What was judged is what SQLite opens: no link now, the same file as a moment ago.
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    if (const QString why = whyNotOwnFile(path, &exists, &device, &inode); !why.isEmpty() || !exists) {
        *error = QStringLiteral("%1: %2").arg(
                     path, why.isEmpty() ? QStringLiteral("it went away while being opened") : why)
            + leftAlone(path);
        return false;
    }
    sqlite3 *db = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW | (mode == Mode::Create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, flags, nullptr) != SQLITE_OK) {
        *error = QStringLiteral("%1: %2").arg(path, QString::fromUtf8(sqlite3_errmsg(db)));
        sqlite3_close_v2(db);
        return false;
    }
    struct stat opened { };
    if (::stat(QFile::encodeName(path).constData(), &opened) != 0 || opened.st_dev != device
        || opened.st_ino != inode) {
        *error = QStringLiteral("%1: it was replaced while being opened").arg(path) + leftAlone(path);
        sqlite3_close_v2(db);
        return false;
    }
    m_db = db;
    sqlite3_busy_timeout(db, 5000);
    sqlite3_extended_result_codes(db, 1);
    const auto refuse = [&](const QString &why) {
        *error = QStringLiteral("%1: %2").arg(path, why) + leftAlone(path);
        close();
        return false;
    };
    if (existed) {
        int tables = -1;
        int ours = 0;
        {
            Statement s(db, "SELECT count(*), sum(name = 'ptriage_meta') FROM sqlite_master WHERE type = 'table'");
            if (s.ok() && s.step() == SQLITE_ROW) {
                tables = static_cast<int>(s.columnInt(0));
                ours = static_cast<int>(s.columnInt(1));
            }
        }
        if (tables < 0)
            return refuse(QStringLiteral("damaged or not a database (%1)").arg(QString::fromUtf8(sqlite3_errmsg(db))));
        if (tables > 0) {
            bool app = false;
            if (ours) {
                Statement s(db, "SELECT value FROM ptriage_meta WHERE key = 'application'");
                app = s.ok() && s.step() == SQLITE_ROW && s.columnText(0) == schema.application;
            }
            int version = -1;
            Statement v(db, "PRAGMA user_version");
            if (v.ok() && v.step() == SQLITE_ROW)
                version = static_cast<int>(v.columnInt(0));
            if (!app)
                return refuse(QStringLiteral("an SQLite database that is not a %1").arg(QLatin1String(schema.what)));
            if (version > schema.version())
                return refuse(QStringLiteral("written by a newer ptriage (schema version %1; this one knows up to %2)")
                                  .arg(version)
                                  .arg(schema.version()));
        }
    }
    QString why;
    if (!sqliteExec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;", &why)
        || !migrate(schema, &why)) {
        *error = QStringLiteral("%1: %2").arg(path, why);
        close();
        return false;
    }
    return true;
}

int SqliteFile::userVersion() const
{
    Statement v(m_db, "PRAGMA user_version");
    return v.ok() && v.step() == SQLITE_ROW ? static_cast<int>(v.columnInt(0)) : -1;
}

bool SqliteFile::migrate(const SqliteSchema &schema, QString *error)
{
    // Up to date (every open but the first): no write lock taken.
    const int current = userVersion();
    if (current < 0) {
        *error = QString::fromUtf8(sqlite3_errmsg(m_db));
        return false;
    }
    const auto &steps = schema.steps;
    for (std::size_t i = 0; i < steps.size();) {
        const int target = steps[i].version;
        std::size_t end = i;
        while (end < steps.size() && steps[end].version == target)
            ++end;
        if (target <= current) {
            i = end;
            continue;
        }
        Transaction tx(m_db);
        if (!tx.ok()) {
            *error = tx.error();
            return false;
        }
        // Read again inside the transaction: another connection may have migrated since.
        const int version = userVersion();
        bool ok = version >= 0;
        if (ok && version < target) {
            for (std::size_t k = i; ok && k < end; ++k)
                ok = sqliteExec(m_db, steps[k].sql, error);
            const std::string bump = "PRAGMA user_version = " + std::to_string(target) + ";";
            ok = ok && sqliteExec(m_db, bump.c_str(), error);
        } else if (!ok) {
            *error = QString::fromUtf8(sqlite3_errmsg(m_db));
        }
        if (!ok) {
            tx.rollback();
            *error = QStringLiteral("migration to schema version %1 failed: %2").arg(target).arg(*error);
            return false;
        }
        if (!tx.commit()) {
            *error = tx.error();
            return false;
        }
        i = end;
    }
    return true;
}

} // namespace ptriage
