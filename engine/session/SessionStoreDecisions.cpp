// The decisions table of the session database (schema step 2) and the reads the past terms need.
#include "SessionStore.h"

#include <sqlite3.h>

namespace ptriage {
namespace {

// Finalizes on every path out.
class Query {
public:
    Query(sqlite3 *db, const char *sql) { m_ok = db && sqlite3_prepare_v2(db, sql, -1, &m_s, nullptr) == SQLITE_OK; }
    ~Query() { sqlite3_finalize(m_s); }
    Query(const Query &) = delete;
    Query &operator=(const Query &) = delete;
    bool ok() const { return m_ok; }
    void bind(int i, long long v) { sqlite3_bind_int64(m_s, i, v); }
    void bind(int i, const std::string &v, bool blob = false)
    {
        if (blob)
            sqlite3_bind_blob(m_s, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
        else
            sqlite3_bind_text(m_s, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
    }
    int step() { return sqlite3_step(m_s); }
    void reset() { sqlite3_reset(m_s); }
    long long integer(int c) const { return sqlite3_column_int64(m_s, c); }
    bool isNull(int c) const { return sqlite3_column_type(m_s, c) == SQLITE_NULL; }
    std::string text(int c) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_s, c));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(m_s, c))) : std::string();
    }

private:
    sqlite3_stmt *m_s = nullptr;
    bool m_ok = false;
};

} // namespace

long long SessionStore::recordDecision(const Decision &d, QString *error)
{
    if (!m_db) {
        *error = QStringLiteral("the session store is not open");
        return 0;
    }
    Query q(m_db, "INSERT INTO decisions (at_ms, vote, target, command) VALUES (?, ?, ?, ?)");
    if (!q.ok()) {
        *error = sqlError();
        return 0;
    }
    const std::string target = d.target.toString();
    q.bind(1, static_cast<long long>(d.atMs));
    q.bind(2, d.vote == Decision::Vote::Spare ? 1 : 0);
    q.bind(3, target);
    q.bind(4, d.command, true);
    if (q.step() != SQLITE_DONE) {
        *error = sqlError();
        return 0;
    }
    return sqlite3_last_insert_rowid(m_db);
}

std::vector<Decision> SessionStore::decisions(QString *error) const
{
    std::vector<Decision> out;
    Query q(m_db, "SELECT id, at_ms, vote, target, command FROM decisions ORDER BY at_ms, id");
    if (!q.ok()) {
        *error = m_db ? sqlError() : QStringLiteral("the session store is not open");
        return out;
    }
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) {
        Decision d;
        d.id = q.integer(0);
        d.atMs = q.integer(1);
        d.vote = q.integer(2) == 1 ? Decision::Vote::Spare : Decision::Vote::Kill;
        d.target = ProcessIdentity::parse(q.text(3)).value_or(ProcessIdentity{});
        d.command = q.text(4);
        out.push_back(std::move(d));
    }
    if (rc != SQLITE_DONE)
        *error = sqlError();
    return out;
}

int SessionStore::forgetPattern(const std::string &pattern, QString *error)
{
    // Patterns are computed, not stored: find the votes here, delete them by id in one transaction.
    QString why;
    const auto all = decisions(&why);
    if (!why.isEmpty()) {
        *error = why;
        return -1;
    }
    std::vector<long long> ids;
    for (const auto &d : all) {
        const auto p = commandPatterns(d.command);
        if (p && (p->exact == pattern || p->generalized == pattern || p->base == pattern))
            ids.push_back(d.id);
    }
    if (ids.empty())
        return 0;
    if (sqlite3_exec(m_db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
        *error = sqlError();
        return -1;
    }
    Query q(m_db, "DELETE FROM decisions WHERE id = ?");
    bool ok = q.ok();
    for (std::size_t k = 0; ok && k < ids.size(); ++k) {
        q.bind(1, ids[k]);
        ok = q.step() == SQLITE_DONE;
        q.reset();
    }
    if (!ok || sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        *error = sqlError();
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        return -1;
    }
    return static_cast<int>(ids.size());
}

bool SessionStore::clearDecisions(QString *error)
{
    if (!m_db || sqlite3_exec(m_db, "DELETE FROM decisions", nullptr, nullptr, nullptr) != SQLITE_OK) {
        *error = m_db ? sqlError() : QStringLiteral("the session store is not open");
        return false;
    }
    return true;
}

bool SessionStore::recentOfBoot(const BootId &boot, int count, std::int64_t startsAfterMs, std::int64_t startsBeforeMs,
    std::vector<std::vector<PastProcess>> *sessions, std::vector<ProcessStart> *starts, QString *error) const
{
    // The command is read only for processes that started late enough to be a respawn.
    Query q(m_db,
        "SELECT p.session_id, p.pid, p.start_ticks, p.rss, s.at_ms - CAST(p.age * 1000 AS INTEGER), "
        "CASE WHEN s.at_ms - p.age * 1000 BETWEEN ?4 AND ?5 THEN (SELECT text FROM commands WHERE id = p.command_id) "
        "END "
        "FROM (SELECT id, at_ms FROM sessions WHERE boot_id = ?2 ORDER BY at_ms DESC, id DESC LIMIT ?3) s "
        "JOIN processes p ON p.session_id = s.id ORDER BY s.at_ms, s.id");
    if (!q.ok()) {
        *error = m_db ? sqlError() : QStringLiteral("the session store is not open");
        return false;
    }
    const std::string bootText = boot.toString();
    q.bind(4, static_cast<long long>(startsAfterMs));
    q.bind(5, static_cast<long long>(startsBeforeMs));
    q.bind(2, bootText);
    q.bind(3, count);
    long long current = 0;
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) {
        if (q.integer(0) != current) {
            current = q.integer(0);
            sessions->emplace_back();
        }
        const ProcessIdentity id{boot, static_cast<std::uint64_t>(q.integer(2)), static_cast<int>(q.integer(1))};
        sessions->back().push_back({id, static_cast<std::uint64_t>(q.integer(3))});
        if (!q.isNull(5))
            starts->push_back({q.text(5), id, q.integer(4)});
    }
    if (rc != SQLITE_DONE) {
        *error = sqlError();
        return false;
    }
    return true;
}

} // namespace ptriage
