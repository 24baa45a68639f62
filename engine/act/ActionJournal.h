#pragma once

#include "ActRequest.h"
#include "collect/Machine.h"
#include "store/SqliteFile.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace ptriage {

// Every action, with what undoing it needs: the `actions` table of the session database
// (sessions.sqlite in the user's data directory). The journal keeps its own connection (it lives on
// the action thread); WAL lets it share the file with the session store. A file that is not ours is
// never written to: opening fails with a clear error, and nothing is acted on without a journal.
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
        // Where it was done. On a host (act --host): the action's id in its journal, and whether it can
        // be undone there (its journal keeps how); 0 and false for this machine's actions.
        Machine machine;
        long long remoteId = 0;
        bool remoteUndo = false;
    };

    ActionJournal() = default;
    ActionJournal(const ActionJournal &) = delete;
    ActionJournal &operator=(const ActionJournal &) = delete;

    static QString defaultPath(); // SessionStore::defaultPath()
    // The journal of earlier versions, imported on open: actions.sqlite beside `path`.
    static QString legacyPath(const QString &path);

    // Opens (creating or migrating) the session database at `path`, then imports the old journal
    // beside it once. An old journal that cannot be imported does not fail the open: see warning().
    bool open(const QString &path, QString *error);
    bool isOpen() const { return m_file.isOpen(); }
    QString path() const { return m_file.path(); }
    // Why the old journal was not imported, naming where it is; empty when all is well.
    QString warning() const { return m_warning; }
    // Entries copied from the old journal by this open.
    int imported() const { return m_imported; }

    // Returns the new entry's id, or 0 with `error` set.
    long long record(const Entry &entry, QString *error);
    bool markUndone(long long id, long long undoneBy, QString *error);
    std::optional<Entry> entry(long long id) const;
    // Newest first.
    std::vector<Entry> recent(int limit = 200) const;
    // Done actions on this machine that can still be undone and were not (pause, freeze, throttle,
    // renice, quarantine).
    std::vector<Entry> undoable() const;
    // The same for actions done on other machines (act --host, the window on a host): undone there.
    std::vector<Entry> undoableOnHosts() const;
    // Taken on this machine in [fromMs, toMs), oldest first: the actions of a session are those up to
    // the next one (a session is this machine's; another host's actions are not among them).
    // At most `limit` (-1: all); countBetween says how many there are.
    std::vector<Entry> actionsBetween(long long fromMs, long long toMs, long long limit = -1) const;
    long long countBetween(long long fromMs, long long toMs) const;

private:
    std::vector<Entry> query(const char *where, long long a, long long b = 0, long long c = 0) const;

    SqliteFile m_file;
    QString m_warning;
    int m_imported = 0;
};

} // namespace ptriage
