#pragma once

#include <QString>

struct sqlite3;

namespace ptriage {

// The action journal of earlier versions (its own actions.sqlite, table ptriage_actions) copied
// into the session database: every row as it is (ids, undone_by links, undo payloads, byte for
// byte) in one transaction, then the old file renamed to actions.sqlite.migrated (never deleted).
// The old file is only ever read; if anything is unclear it is left as it is.
struct LegacyImport {
    int imported = -1; // rows copied; -1 when it failed (see error)
    QString error; // one line, naming the old file
};

// `db` is an open session database (schema 2 or later) at `dbPath`. Nothing to do when `legacy`
// does not exist. Rows already present with the same content (an import whose rename failed)
// are not copied twice.
LegacyImport importLegacyJournal(sqlite3 *db, const QString &dbPath, const QString &legacy);

// True when `path` is an old journal (for a clearer refusal when it is opened as the database).
bool isLegacyJournal(const QString &path);

} // namespace ptriage
