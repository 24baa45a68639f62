#include "LegacyJournal.h"

#include "store/SqliteFile.h"

#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <array>
#include <memory>
#include <vector>

namespace ptriage {
namespace {

constexpr int kLegacyColumns = 11;
constexpr const char *kSelect = "SELECT id, at_ms, user, verb, target, command, status, message, via_helper, undo, "
                                "undone_by FROM ptriage_actions ORDER BY id";

struct ValueFree {
    void operator()(sqlite3_value *v) const { sqlite3_value_free(v); }
};
using Value = std::unique_ptr<sqlite3_value, ValueFree>;
using Row = std::array<Value, kLegacyColumns>;

struct Closer {
    void operator()(sqlite3 *db) const { sqlite3_close_v2(db); }
};

QString leftAsItIs(const QString &legacy, const QString &why, const QString &dbPath)
{
    return QStringLiteral("the old action journal %1 was not imported: %2; it was left as it is, and new actions "
                          "are journaled in %3")
        .arg(legacy, why, dbPath);
}

// The old journal, read through a read-only connection: it is never written to.
bool readLegacy(const QString &legacy, std::vector<Row> &rows, long long &sequence, QString *why)
{
    // Its rows become journal entries: someone else's file is not taken in.
    if (const QString untrusted = SqliteFile::untrusted(legacy); !untrusted.isEmpty()) {
        *why = untrusted;
        return false;
    }
    for (const char *side : {"-journal", "-wal"}) {
        const QFileInfo f(legacy + QLatin1String(side));
        if (f.exists() && f.size() > 0) {
            *why = QStringLiteral("it has an unfinished transaction (%1)").arg(f.filePath());
            return false;
        }
    }
    {
        QFile f(legacy);
        if (!f.open(QIODevice::ReadOnly)) {
            *why = QStringLiteral("cannot read it (%1)").arg(f.errorString());
            return false;
        }
        const QByteArray header = f.read(20);
        if (!header.startsWith(QByteArray("SQLite format 3", 16))) {
            *why = QStringLiteral("not an SQLite database");
            return false;
        }
        // Earlier versions never used WAL; reading a WAL file would create its -shm beside it.
        if (header.size() < 20 || header[18] != 1 || header[19] != 1) {
            *why = QStringLiteral("not an action journal of an earlier ptriage (not in rollback-journal mode)");
            return false;
        }
    }
    sqlite3 *raw = nullptr;
    const int rc = sqlite3_open_v2(legacy.toUtf8().constData(), &raw, SQLITE_OPEN_READONLY, nullptr);
    std::unique_ptr<sqlite3, Closer> db(raw);
    if (rc != SQLITE_OK) {
        *why = QString::fromUtf8(sqlite3_errmsg(raw));
        return false;
    }
    {
        Statement v(raw, "PRAGMA user_version");
        const int version = v.ok() && v.step() == SQLITE_ROW ? static_cast<int>(v.columnInt(0)) : -1;
        if (version < 0) {
            *why = QStringLiteral("damaged or not a database (%1)").arg(QString::fromUtf8(sqlite3_errmsg(raw)));
            return false;
        }
        if (version != 1) {
            *why = QStringLiteral("not an action journal this ptriage knows (schema version %1)").arg(version);
            return false;
        }
    }
    Statement s(raw, kSelect);
    if (!s.ok()) {
        *why = QStringLiteral("not a ptriage action journal (%1)").arg(QString::fromUtf8(sqlite3_errmsg(raw)));
        return false;
    }
    int step = SQLITE_ROW;
    while ((step = s.step()) == SQLITE_ROW) {
        Row row;
        for (int c = 0; c < kLegacyColumns; ++c) {
            row[static_cast<std::size_t>(c)].reset(sqlite3_value_dup(sqlite3_column_value(s.get(), c)));
            if (!row[static_cast<std::size_t>(c)]) {
                *why = QStringLiteral("out of memory");
                return false;
            }
        }
        rows.push_back(std::move(row));
    }
    if (step != SQLITE_DONE) {
        *why = QStringLiteral("damaged (%1)").arg(QString::fromUtf8(sqlite3_errmsg(raw)));
        return false;
    }
    // Ids are never reused: the new table continues after the old one's highest ever.
    Statement q(raw, "SELECT seq FROM sqlite_sequence WHERE name = 'ptriage_actions'");
    sequence = q.ok() && q.step() == SQLITE_ROW ? q.columnInt(0) : 0;
    return true;
}

// In the caller's transaction. Returns rows copied, or -1 with `why`.
int copyRows(sqlite3 *db, const std::vector<Row> &rows, long long sequence, QString *why)
{
    // Same content except undone_by (the new journal may have undone it since): already imported.
    Statement same(db,
        "SELECT at_ms IS ?2 AND user IS ?3 AND verb IS ?4 AND target IS ?5 AND command IS ?6 AND status IS ?7 "
        "AND message IS ?8 AND via_helper IS ?9 AND undo IS ?10 FROM actions WHERE id = ?1");
    Statement insert(db,
        "INSERT INTO actions (id, at_ms, user, verb, target, command, status, message, via_helper, undo, undone_by)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
    if (!same.ok() || !insert.ok()) {
        *why = QString::fromUtf8(sqlite3_errmsg(db));
        return -1;
    }
    int copied = 0;
    for (const Row &row : rows) {
        for (int c = 0; c < kLegacyColumns - 1; ++c)
            same.value(c + 1, row[static_cast<std::size_t>(c)].get());
        const int rc = same.step();
        const bool exists = rc == SQLITE_ROW;
        const bool identical = exists && same.columnInt(0) == 1;
        same.reset();
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
            *why = QString::fromUtf8(sqlite3_errmsg(db));
            return -1;
        }
        if (exists && !identical) {
            *why = QStringLiteral("its entry %1 has the id of a different entry already in the session database")
                       .arg(sqlite3_value_int64(row[0].get()));
            return -1;
        }
        if (exists)
            continue;
        for (int c = 0; c < kLegacyColumns; ++c)
            insert.value(c + 1, row[static_cast<std::size_t>(c)].get());
        const int done = insert.step();
        insert.reset();
        if (done != SQLITE_DONE) {
            *why = QString::fromUtf8(sqlite3_errmsg(db));
            return -1;
        }
        ++copied;
    }
    if (sequence > 0) {
        Statement add(db,
            "INSERT INTO sqlite_sequence (name, seq) SELECT 'actions', ?1 "
            "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'actions')");
        Statement raise(db, "UPDATE sqlite_sequence SET seq = max(seq, ?1) WHERE name = 'actions'");
        add.integer(1, sequence);
        raise.integer(1, sequence);
        if (add.step() != SQLITE_DONE || raise.step() != SQLITE_DONE) {
            *why = QString::fromUtf8(sqlite3_errmsg(db));
            return -1;
        }
    }
    return copied;
}

// actions.sqlite.migrated, or .migrated.2 … when an earlier one is there: never replaces a file.
bool renameAway(const QString &legacy, QString *why)
{
    for (int n = 1; n < 100; ++n) {
        const QString to = legacy + QStringLiteral(".migrated") + (n > 1 ? QStringLiteral(".%1").arg(n) : QString());
        if (QFileInfo::exists(to))
            continue;
        QFile f(legacy);
        if (f.rename(to))
            return true;
        *why = f.errorString();
        return !QFileInfo::exists(legacy); // another process moved it away meanwhile
    }
    *why = QStringLiteral("too many earlier .migrated files");
    return false;
}

} // namespace

bool isLegacyJournal(const QString &path)
{
    std::vector<Row> rows;
    long long sequence = 0;
    QString why;
    return QFileInfo::exists(path) && readLegacy(path, rows, sequence, &why);
}

LegacyImport importLegacyJournal(sqlite3 *db, const QString &dbPath, const QString &legacy)
{
    LegacyImport out;
    if (!QFileInfo::exists(legacy)) {
        out.imported = 0;
        return out;
    }
    std::vector<Row> rows;
    long long sequence = 0;
    QString why;
    if (!readLegacy(legacy, rows, sequence, &why)) {
        out.error = leftAsItIs(legacy, why, dbPath);
        return out;
    }
    Transaction tx(db);
    if (!tx.ok()) {
        out.error = leftAsItIs(legacy, QStringLiteral("%1: %2").arg(dbPath, tx.error()), dbPath);
        return out;
    }
    const int copied = copyRows(db, rows, sequence, &why);
    if (copied < 0 || !tx.commit()) {
        tx.rollback();
        out.error = leftAsItIs(legacy, copied < 0 ? why : tx.error(), dbPath);
        return out;
    }
    out.imported = copied;
    if (!renameAway(legacy, &why))
        out.error = QStringLiteral("the old action journal %1 was imported into %2, but could not be renamed to "
                                   "%1.migrated (%3); it will not be imported twice")
                        .arg(legacy, dbPath, why);
    return out;
}

} // namespace ptriage
