#pragma once

#include <QString>

#include <optional>
#include <span>
#include <string>

struct sqlite3;
struct sqlite3_stmt;
struct sqlite3_value;

namespace ptriage {

// A prepared statement that is finalized on every path out. Bound texts and blobs are not copied:
// they must outlive the step.
class Statement {
public:
    Statement(sqlite3 *db, const char *sql);
    ~Statement();
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    bool ok() const { return m_ok; }
    sqlite3_stmt *get() const { return m_s; }
    void text(int i, const std::string &v);
    void blob(int i, const std::string &v);
    void integer(int i, long long v);
    void real(int i, std::optional<double> v); // NULL when empty
    void id(int i, long long v); // NULL for 0
    void value(int i, const sqlite3_value *v); // as it is: type and bytes
    int step();
    void reset(); // and clears the bindings
    std::string columnText(int c) const; // text or blob, bytes as stored
    std::optional<double> columnReal(int c) const;
    long long columnInt(int c) const;
    bool columnIsNull(int c) const;

private:
    sqlite3_stmt *m_s = nullptr;
    bool m_ok = false;
};

// BEGIN IMMEDIATE in the constructor; rolled back on every path out unless commit() succeeded, so
// an early return or a failed step never leaves a transaction open.
class Transaction {
public:
    explicit Transaction(sqlite3 *db);
    ~Transaction() { rollback(); }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;
    bool ok() const { return m_open; } // began and neither committed nor rolled back
    // false with error(); the transaction is then rolled back (at the latest by the destructor).
    bool commit();
    void rollback(); // nothing when not open
    // SQLite's message, one line, without the path: the callers know where.
    const QString &error() const { return m_error; }

private:
    sqlite3 *m_db = nullptr;
    bool m_open = false;
    QString m_error;
};

// sqlite3_exec with the message in `error`.
bool sqliteExec(sqlite3 *db, const char *sql, QString *error);

// Forward migrations: the steps of version N take PRAGMA user_version N-1 to N, all in one
// transaction. Several steps may share a version (separate blocks merge without conflicts).
struct SchemaStep {
    int version;
    const char *sql;
};

struct SqliteSchema {
    const char *application; // ptriage_meta 'application': how a file is known to be ours
    const char *what; // "ptriage session store", for errors
    std::span<const SchemaStep> steps; // ascending versions
    int version() const { return steps.back().version; }
};

// One connection to one of our SQLite files: the single place that opens them. A file that is not
// SQLite, is damaged, is someone else's database or was written by a newer ptriage is refused
// before a byte is written to it; so is one (or its -wal, -shm, -journal) that is a link, not a
// regular file, not owned by the effective uid or writable by group or others: what it holds is
// shown, undone and learned from. Ours gets WAL, foreign keys, a busy timeout and its migrations.
class SqliteFile {
public:
    enum class Mode { Create, ExistingOnly };

    SqliteFile() = default;
    ~SqliteFile() { close(); }
    SqliteFile(const SqliteFile &) = delete;
    SqliteFile &operator=(const SqliteFile &) = delete;

    // Errors are one line, starting with the path. ExistingOnly never creates the file.
    bool open(const QString &path, Mode mode, const SqliteSchema &schema, QString *error);
    void close();
    bool isOpen() const { return m_db != nullptr; }
    sqlite3 *handle() const { return m_db; }
    const QString &path() const { return m_path; }

    bool exec(const char *sql, QString *error) const; // error: "path: message"
    QString lastError() const; // "path: the connection's last message"

    // The advice that ends every refusal.
    static QString leftAlone(const QString &path);
    // Why `path` (or a file SQLite keeps beside it) is not to be trusted, in words; empty when it is
    // ours and private, or absent.
    static QString untrusted(const QString &path);

private:
    bool migrate(const SqliteSchema &schema, QString *error);
    int userVersion() const; // -1 when unreadable

    sqlite3 *m_db = nullptr;
    QString m_path;
};

} // namespace ptriage
