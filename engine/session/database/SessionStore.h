#pragma once

#include "session/Session.h"
#include "store/SqliteFile.h"

#include "infer/PastContext.h"

#include <QString>

#include <optional>
#include <vector>

struct sqlite3;

namespace ptriage {

// The session database: saving, loading, retention (opening, refusals and migrations are
// SqliteFile's). A file that is corrupt, not ours, or from a newer ptriage is never written to.
// Not thread-safe: one store per thread.
class SessionStore {
public:
    enum class Mode { Create, ExistingOnly };

    SessionStore() = default;
    ~SessionStore();
    SessionStore(const SessionStore &) = delete;
    SessionStore &operator=(const SessionStore &) = delete;

    static QString defaultPath(); // ~/.local/share/ptriage/sessions.sqlite, which holds the action journal too
    static int schemaVersion(); // what this build writes

    bool open(const QString &path, Mode mode, QString *error);
    bool isOpen() const { return m_db != nullptr; }
    // An error left the connection unusable (an I/O error, the file damaged or replaced under it, as
    // a shared home's file is): the file may be fine, this connection is not. Close and open again.
    bool broken() const { return m_broken; }
    bool answers() const; // a read of the schema works through this connection
    void close();
    QString path() const { return m_path; }

    // One transaction: either the whole session is visible afterwards or none of it. Returns its id,
    // or 0 with `error` set.
    long long save(const Session &session, QString *error);
    // Oldest first: those of one machine (SessionInfo::sshHost; '' this one, the default: a caller
    // that does not ask for another never mixes machines), or of every machine (nullopt).
    static inline const std::optional<std::string> kEveryHost = std::nullopt;
    std::vector<SessionInfo> sessions(
        std::int64_t sinceMs, QString *error, const std::optional<std::string> &sshHost = std::string()) const;
    std::optional<Session> load(long long id, QString *error) const;
    // Deletes sessions older than `maxAgeDays` except `keepIds` (the one just saved, the ones being
    // viewed; at most kMaxKept); returns how many.
    static constexpr int kMaxKept = 4;
    // What one session keeps and gives back, whoever wrote the file: at most this many processes (a
    // fuller scan keeps its highest scores), a command line of at most kMaxCommandBytes, other texts
    // of at most kMaxTextBytes; once a load holds kLoadCommandBudget bytes of command lines, each
    // further one is cut to kMaxCommandBytesLate. A cut text ends in "…".
    static constexpr int kMaxProcesses = 20000;
    static constexpr std::size_t kMaxCommandBytes = 32 * 1024;
    static constexpr std::size_t kMaxTextBytes = 16 * 1024;
    static constexpr std::size_t kLoadCommandBudget = 16 * 1024 * 1024;
    static constexpr std::size_t kMaxCommandBytesLate = 512;
    int prune(double maxAgeDays, const std::vector<long long> &keepIds, QString *error, std::int64_t nowMs = 0);
    // Bytes the database's pages hold (free pages excluded), wherever WAL keeps them for now.
    long long usedBytes() const;
    // Decisions (learning; SessionStoreDecisions.cpp). recordDecision returns the row id, or 0
    // with `error` set. forgetPattern removes every vote whose command has `pattern` at any level
    // (exact, generalized or base) and returns how many, or -1 on error.
    long long recordDecision(const Decision &decision, QString *error);
    std::vector<Decision> decisions(QString *error) const; // oldest first
    int forgetPattern(const std::string &pattern, QString *error);
    bool clearDecisions(QString *error);
    // The last `count` saved sessions of `boot` on machine `sshHost` ('' this one; oldest first), each
    // process's identity and RSS; and the processes that started in [startsAfterMs, startsBeforeMs],
    // with their commands.
    bool recentOfBoot(const BootId &boot, int count, std::int64_t startsAfterMs, std::int64_t startsBeforeMs,
        std::vector<std::vector<PastProcess>> *sessions, std::vector<ProcessStart> *starts, QString *error,
        const std::string &sshHost = {}) const;

    // Test hook: caps the file size, as a full disk would.
    void setMaxPageCount(long long pages);

private:
    long long intern(const char *table, const std::string &text, QString *error);
    QString sqlError() const; // also notes whether the error broke the connection
    void noteError() const;

    SqliteFile m_file;
    sqlite3 *m_db = nullptr; // m_file's connection, for statements
    QString m_path;
    mutable bool m_broken = false;
};

} // namespace ptriage
