// The decisions table of the session database (schema step 2) and the reads the past terms need.
#include "session/database/SessionStore.h"
#include "session/database/StoreEncoding.h"
#include "store/SqliteFile.h"

#include <sqlite3.h>

namespace ptriage {
long long SessionStore::recordDecision(const Decision &d, QString *error)
{
    if (!m_db) {
        *error = QStringLiteral("the session store is not open");
        return 0;
    }
    Statement q(m_db, "INSERT INTO decisions (at_ms, vote, target, command) VALUES (?, ?, ?, ?)");
    if (!q.ok()) {
        *error = sqlError();
        return 0;
    }
    const std::string target = d.target.toString();
    const std::string command = store_encoding::joinArgv(d.argv);
    q.integer(1, static_cast<long long>(d.atMs));
    q.integer(2, d.vote == Decision::Vote::Spare ? 1 : 0);
    q.text(3, target);
    q.blob(4, command);
    if (q.step() != SQLITE_DONE) {
        *error = sqlError();
        return 0;
    }
    return sqlite3_last_insert_rowid(m_db);
}

std::vector<Decision> SessionStore::decisions(QString *error) const
{
    std::vector<Decision> out;
    Statement q(m_db, "SELECT id, at_ms, vote, target, command FROM decisions ORDER BY at_ms, id");
    if (!q.ok()) {
        *error = m_db ? sqlError() : QStringLiteral("the session store is not open");
        return out;
    }
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) {
        Decision d;
        d.id = q.columnInt(0);
        d.atMs = q.columnInt(1);
        d.vote = q.columnInt(2) == 1 ? Decision::Vote::Spare : Decision::Vote::Kill;
        d.target = ProcessIdentity::parse(q.columnText(3)).value_or(ProcessIdentity{});
        d.argv = store_encoding::splitArgv(q.columnText(4));
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
        const auto p = commandPatterns(d.argv);
        if (p && (p->exact == pattern || p->generalized == pattern || p->base == pattern))
            ids.push_back(d.id);
    }
    if (ids.empty())
        return 0;
    Transaction tx(m_db);
    if (!tx.ok()) {
        noteError();
        *error = sqlError();
        return -1;
    }
    Statement q(m_db, "DELETE FROM decisions WHERE id = ?");
    bool ok = q.ok();
    for (std::size_t k = 0; ok && k < ids.size(); ++k) {
        q.integer(1, ids[k]);
        ok = q.step() == SQLITE_DONE;
        q.reset();
    }
    if (!ok || !tx.commit()) {
        *error = sqlError();
        return -1;
    }
    return static_cast<int>(ids.size());
}

bool SessionStore::clearDecisions(QString *error)
{
    QString ignored;
    if (!m_db || !sqliteExec(m_db, "DELETE FROM decisions", &ignored)) {
        *error = m_db ? sqlError() : QStringLiteral("the session store is not open");
        return false;
    }
    return true;
}

bool SessionStore::recentOfBoot(const BootId &boot, int count, std::int64_t startsAfterMs, std::int64_t startsBeforeMs,
    std::vector<std::vector<PastProcess>> *sessions, std::vector<ProcessStart> *starts, QString *error,
    const std::string &sshHost) const
{
    // The command is read only for processes that started late enough to be a respawn.
    Statement q(m_db,
        "SELECT p.session_id, p.pid, p.start_ticks, p.rss, s.at_ms - CAST(p.age * 1000 AS INTEGER), "
        "CASE WHEN s.at_ms - p.age * 1000 BETWEEN ?4 AND ?5 THEN (SELECT text FROM commands WHERE id = p.command_id) "
        "END "
        "FROM (SELECT id, at_ms FROM sessions WHERE boot_id = ?2 AND ssh_host = ?6 ORDER BY at_ms DESC, id DESC LIMIT "
        "?3) s "
        "JOIN processes p ON p.session_id = s.id ORDER BY s.at_ms, s.id");
    if (!q.ok()) {
        *error = m_db ? sqlError() : QStringLiteral("the session store is not open");
        return false;
    }
    const std::string bootText = boot.toString();
    q.integer(4, static_cast<long long>(startsAfterMs));
    q.integer(5, static_cast<long long>(startsBeforeMs));
    q.text(2, bootText);
    q.integer(3, count);
    q.text(6, sshHost); // a host reached over loopback shares this machine's boot id
    long long current = 0;
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) {
        if (q.columnInt(0) != current) {
            current = q.columnInt(0);
            sessions->emplace_back();
        }
        const ProcessIdentity id{boot, static_cast<std::uint64_t>(q.columnInt(2)), static_cast<int>(q.columnInt(1))};
        sessions->back().push_back({id, static_cast<std::uint64_t>(q.columnInt(3))});
        if (!q.columnIsNull(5))
            starts->push_back({store_encoding::splitArgv(q.columnText(5)), id, q.columnInt(4)});
    }
    if (rc != SQLITE_DONE) {
        *error = sqlError();
        return false;
    }
    return true;
}

} // namespace ptriage
