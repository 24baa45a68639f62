#pragma once

#include "ActRequest.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace ptriage {

// Every action, with what undoing it needs: an SQLite file (by default actions.sqlite in the
// user's data directory). A file that is not a journal is never overwritten: opening fails with a
// clear error, and nothing is acted on without a journal.
class ActionJournal {
public:
    struct Entry {
        long long id = 0;
        long long atMs = 0;
        std::string user;
        ActVerb verb = ActVerb::End; // as asked
        bool undoing = false; // this entry undid an earlier `verb` (stored as "undo freeze")
        ProcessIdentity target; // invalid (pid 0) when the row's text is not an identity
        std::string command; // what the person saw
        ActStatus status = ActStatus::Failed;
        std::string message;
        bool viaHelper = false;
        QVariantMap undo; // helper request without targets; empty when nothing to undo
        long long undoneBy = 0; // the entry that undid it
    };

    ActionJournal() = default;
    ~ActionJournal();
    ActionJournal(const ActionJournal &) = delete;
    ActionJournal &operator=(const ActionJournal &) = delete;

    static QString defaultPath();
    bool open(const QString &path, QString *error);
    bool isOpen() const { return m_db != nullptr; }
    QString path() const { return m_path; }

    // Returns the new entry's id, or 0 with `error` set.
    long long record(const Entry &entry, QString *error);
    bool markUndone(long long id, long long undoneBy, QString *error);
    std::optional<Entry> entry(long long id) const;
    // Newest first.
    std::vector<Entry> recent(int limit = 200) const;
    // Done actions that can still be undone and were not (pause, freeze, throttle, renice, quarantine).
    std::vector<Entry> undoable() const;

private:
    std::vector<Entry> query(const char *sql, long long arg) const;

    sqlite3 *m_db = nullptr;
    QString m_path;
};

} // namespace ptriage
