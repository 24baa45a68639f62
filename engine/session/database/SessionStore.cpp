#include "session/database/SessionStore.h"
#include "session/database/SessionSchema.h"
#include "session/database/StoreEncoding.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <sqlite3.h>

#include <unordered_map>

namespace ptriage {
namespace {

// What a SessionInfo is read from, in the order infoFromRow reads it.
constexpr const char *kInfoColumns
    = "SELECT id, at_ms, host, boot_id, kernel, clock_ticks, mem_total, mem_available, psi_some, psi_full, "
      "process_count, candidate_count, rss_total, ssh_host FROM sessions";

SessionInfo infoFromRow(const Statement &s)
{
    SessionInfo i;
    i.id = s.columnInt(0);
    i.atMs = s.columnInt(1);
    i.host = s.columnText(2);
    i.bootId = BootId::parse(s.columnText(3)).value_or(BootId{});
    i.kernel = s.columnText(4);
    i.clockTicks = static_cast<long>(s.columnInt(5));
    i.memTotalBytes = static_cast<std::uint64_t>(s.columnInt(6));
    i.memAvailableBytes = static_cast<std::uint64_t>(s.columnInt(7));
    i.memPressureSome = s.columnReal(8);
    i.memPressureFull = s.columnReal(9);
    i.processCount = static_cast<int>(s.columnInt(10));
    i.candidateCount = static_cast<int>(s.columnInt(11));
    i.rssBytes = static_cast<std::uint64_t>(s.columnInt(12));
    i.sshHost = s.columnText(13);
    return i;
}

bool exec(sqlite3 *db, const char *sql, QString *error)
{
    return sqliteExec(db, sql, error);
}

template<typename E> E enumIn(long long v, int count, E fallback)
{
    return v >= 0 && v < count ? static_cast<E>(v) : fallback;
}

} // namespace

SessionStore::~SessionStore() = default;

QString SessionStore::defaultPath()
{
    // AppDataLocation of the CLI; spelled out because the window also sets an organization name,
    // which would move AppDataLocation one directory down. The action journal lives in this file too.
    QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + QStringLiteral("/.local/share");
    return dir + QStringLiteral("/ptriage/sessions.sqlite");
}

int SessionStore::schemaVersion()
{
    return session_schema::steps().back().version;
}

QString SessionStore::sqlError() const
{
    noteError();
    return QStringLiteral("%1: %2").arg(m_path, QString::fromUtf8(sqlite3_errmsg(m_db)));
}

void SessionStore::noteError() const
{
    if (!m_db)
        return;
    switch (sqlite3_extended_errcode(m_db) & 0xff) {
    case SQLITE_IOERR:
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY: // among them the file moved or replaced under the connection
        m_broken = true;
        break;
    default:
        break;
    }
}

bool SessionStore::answers() const
{
    if (!m_db)
        return false;
    Statement q(m_db, "SELECT count(*) FROM sqlite_schema");
    return q.ok() && q.step() == SQLITE_ROW;
}

void SessionStore::close()
{
    m_file.close();
    m_db = nullptr;
    m_broken = false;
}

bool SessionStore::open(const QString &path, Mode mode, QString *error)
{
    m_path = path;
    m_db = nullptr;
    m_broken = false;
    if (!QFileInfo::exists(path) && mode == Mode::ExistingOnly) {
        *error = QStringLiteral("%1: no sessions saved yet (the file does not exist); save one with "
                                "'ptriage scan --save'")
                     .arg(path);
        return false;
    }
    const auto how = mode == Mode::Create ? SqliteFile::Mode::Create : SqliteFile::Mode::ExistingOnly;
    if (!m_file.open(path, how, session_schema::schema(), error))
        return false;
    m_db = m_file.handle();
    return true;
}

long long SessionStore::usedBytes() const
{
    Statement s(m_db,
        "SELECT (p.page_count - f.freelist_count) * z.page_size FROM pragma_page_count() p, "
        "pragma_freelist_count() f, pragma_page_size() z");
    return s.ok() && s.step() == SQLITE_ROW ? s.columnInt(0) : -1;
}

void SessionStore::setMaxPageCount(long long pages)
{
    QString ignored;
    exec(m_db, ("PRAGMA max_page_count = " + std::to_string(pages)).c_str(), &ignored);
}

long long SessionStore::save(const Session &session, QString *error)
{
    if (!m_db) {
        *error = QStringLiteral("the session store is not open");
        return 0;
    }
    Transaction tx(m_db);
    if (!tx.ok()) {
        noteError();
        *error = QStringLiteral("%1: %2").arg(m_path, tx.error());
        return 0;
    }
    const auto fail = [&](const QString &message) -> long long {
        const int code = sqlite3_extended_errcode(m_db);
        noteError();
        tx.rollback();
        *error = (code & 0xff) == SQLITE_FULL
            ? QStringLiteral("%1: the disk is full (or the file reached its size limit); the session was not saved")
                  .arg(m_path)
            : QStringLiteral("%1: cannot save the session: %2").arg(m_path, message);
        return 0;
    };
    const SessionInfo &i = session.info;
    // A fuller scan than the store keeps: its highest scores (candidates first).
    std::vector<const SessionProcess *> kept;
    kept.reserve(session.processes.size());
    for (const SessionProcess &p : session.processes)
        kept.push_back(&p);
    if (kept.size() > static_cast<std::size_t>(kMaxProcesses)) {
        std::stable_sort(kept.begin(), kept.end(), [](const SessionProcess *a, const SessionProcess *b) {
            return a->candidate != b->candidate ? a->candidate : a->score > b->score;
        });
        kept.resize(kMaxProcesses);
        std::stable_sort(
            kept.begin(), kept.end(), [](const SessionProcess *a, const SessionProcess *b) { return a->pid < b->pid; });
    }
    long long id = 0;
    {
        Statement s(m_db,
            "INSERT INTO sessions (at_ms, host, boot_id, kernel, clock_ticks, mem_total, mem_available, psi_some, "
            "psi_full, process_count, candidate_count, rss_total, ssh_host) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
        if (!s.ok())
            return fail(QString::fromUtf8(sqlite3_errmsg(m_db)));
        const std::string boot = i.bootId.toString();
        s.integer(1, i.atMs ? i.atMs : QDateTime::currentMSecsSinceEpoch());
        s.text(2, i.host);
        s.text(3, boot);
        s.text(4, i.kernel);
        s.integer(5, i.clockTicks);
        s.integer(6, static_cast<long long>(i.memTotalBytes));
        s.integer(7, static_cast<long long>(i.memAvailableBytes));
        s.real(8, i.memPressureSome);
        s.real(9, i.memPressureFull);
        s.integer(10, static_cast<long long>(kept.size()));
        s.integer(11, i.candidateCount);
        s.integer(12, static_cast<long long>(i.rssBytes));
        s.text(13, i.sshHost);
        if (s.step() != SQLITE_DONE)
            return fail(QString::fromUtf8(sqlite3_errmsg(m_db)));
        id = sqlite3_last_insert_rowid(m_db);
    }
    // Interning: each distinct text of this session is looked up once.
    struct Interner {
        Statement find;
        Statement add;
        std::unordered_map<std::string, long long> seen;
        Interner(sqlite3 *db, const std::string &table)
            : find(db, ("SELECT id FROM " + table + " WHERE text = ?").c_str()),
              add(db, ("INSERT INTO " + table + " (text) VALUES (?)").c_str())
        { }
        // 0 for the empty text (stored as NULL); -1 on an error.
        long long operator()(sqlite3 *db, const std::string &text)
        {
            if (text.empty())
                return 0;
            if (auto it = seen.find(text); it != seen.end())
                return it->second;
            long long found = 0;
            find.blob(1, text);
            if (find.step() == SQLITE_ROW)
                found = find.columnInt(0);
            find.reset();
            if (!found) {
                add.blob(1, text);
                const bool ok = add.step() == SQLITE_DONE;
                add.reset();
                if (!ok)
                    return -1;
                found = sqlite3_last_insert_rowid(db);
            }
            seen.emplace(text, found);
            return found;
        }
    };
    Interner commands(m_db, "commands"), cwds(m_db, "cwds"), cgroups(m_db, "cgroups"), texts(m_db, "texts");
    Statement row(m_db,
        "INSERT INTO processes (session_id, pid, start_ticks, ppid, parent_start, comm_id, command_id, cwd_id, "
        "cgroup_id, terminal_id, user_id, state, orphaned, cpu_share, io_rate, rss, cpu_ticks, age, class, "
        "p_useful, p_useful_bad, p_abandoned, p_zombie, action, review, candidate, score, blocked_by_id, risk, "
        "ledger_id, origin_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!row.ok() || !commands.find.ok() || !commands.add.ok() || !cwds.find.ok() || !cwds.add.ok()
        || !cgroups.find.ok() || !cgroups.add.ok() || !texts.find.ok() || !texts.add.ok())
        return fail(QString::fromUtf8(sqlite3_errmsg(m_db)));
    using store_encoding::bounded;
    for (const SessionProcess *kp : kept) {
        const SessionProcess &p = *kp;
        const long long ids[] = {texts(m_db, bounded(p.comm, kMaxTextBytes)),
            commands(m_db, bounded(store_encoding::joinArgv(p.argv), kMaxCommandBytes)),
            cwds(m_db, bounded(p.cwd, kMaxTextBytes)), cgroups(m_db, bounded(p.cgroup, kMaxTextBytes)),
            texts(m_db, bounded(p.terminal, kMaxTextBytes)), texts(m_db, bounded(p.user, kMaxTextBytes)),
            texts(m_db, bounded(store_encoding::joinLines(p.gates), kMaxTextBytes)),
            texts(m_db, bounded(store_encoding::encodeLedger(p.ledger), kMaxTextBytes)),
            texts(m_db, bounded(store_encoding::encodeOrigin(p.origin), kMaxTextBytes))};
        for (long long x : ids)
            if (x < 0)
                return fail(QString::fromUtf8(sqlite3_errmsg(m_db)));
        row.integer(1, id);
        row.integer(2, p.pid);
        row.integer(3, static_cast<long long>(p.startTicks));
        row.integer(4, p.ppid);
        row.integer(5, static_cast<long long>(p.parentStartTicks));
        for (int k = 0; k < 6; ++k)
            row.id(6 + k, ids[k]);
        const std::string state(1, p.state);
        row.text(12, state);
        row.integer(13, p.orphaned ? 1 : 0);
        row.real(14, p.cpuShare);
        row.real(15, p.ioRate);
        row.integer(16, static_cast<long long>(p.rssBytes));
        row.integer(17, static_cast<long long>(p.cpuTicks));
        row.real(18, p.ageSeconds);
        row.integer(19, static_cast<int>(p.classification));
        for (int c = 0; c < kClassCount; ++c)
            row.real(20 + c, p.posterior[static_cast<std::size_t>(c)]);
        row.integer(24, static_cast<int>(p.action));
        row.integer(25, p.review ? 1 : 0);
        row.integer(26, p.candidate ? 1 : 0);
        row.integer(27, p.score);
        row.id(28, ids[6]);
        row.integer(29, static_cast<int>(p.risk));
        row.id(30, ids[7]);
        row.id(31, ids[8]);
        const int rc = row.step();
        row.reset();
        if (rc != SQLITE_DONE)
            return fail(QString::fromUtf8(sqlite3_errmsg(m_db)));
    }
    if (!tx.commit())
        return fail(tx.error());
    return id;
}

std::vector<SessionInfo> SessionStore::sessions(
    std::int64_t sinceMs, QString *error, const std::optional<std::string> &sshHost) const
{
    std::vector<SessionInfo> out;
    Statement s(m_db,
        (std::string(kInfoColumns) + (sshHost ? " WHERE at_ms >= ? AND ssh_host = ?" : " WHERE at_ms >= ?")
            + " ORDER BY at_ms, id")
            .c_str());
    if (!s.ok()) {
        *error = sqlError();
        return out;
    }
    s.integer(1, sinceMs);
    if (sshHost)
        s.text(2, *sshHost);
    int rc = SQLITE_ROW;
    while ((rc = s.step()) == SQLITE_ROW) {
        out.push_back(infoFromRow(s));
    }
    if (rc != SQLITE_DONE)
        *error = sqlError();
    return out;
}

std::optional<Session> SessionStore::load(long long id, QString *error) const
{
    if (!m_db) {
        *error = QStringLiteral("the session store is not open");
        return std::nullopt;
    }
    Session out;
    {
        Statement s(m_db, (std::string(kInfoColumns) + " WHERE id = ?").c_str());
        if (!s.ok()) {
            *error = sqlError();
            return std::nullopt;
        }
        s.integer(1, id);
        if (s.step() != SQLITE_ROW) {
            *error = QStringLiteral("%1: no session %2").arg(m_path).arg(id);
            return std::nullopt;
        }
        out.info = infoFromRow(s);
    }
    // The file may come from anyone: a bounded number of rows, each text read only up to its bound.
    long long stored = 0;
    {
        Statement c(m_db, "SELECT count(*) FROM processes WHERE session_id = ?");
        c.integer(1, id);
        if (!c.ok() || c.step() != SQLITE_ROW) {
            *error = sqlError();
            return std::nullopt;
        }
        stored = c.columnInt(0);
    }
    const bool capped = stored > kMaxProcesses;
    std::string sql = "SELECT p.pid, p.start_ticks, p.ppid, p.parent_start, substr(tc.text, 1, ?2), "
                      "substr(c.text, 1, ?3), length(c.text), substr(w.text, 1, ?2), substr(g.text, 1, ?2), "
                      "substr(tt.text, 1, ?2), substr(tu.text, 1, ?2), "
                      "p.state, p.orphaned, p.cpu_share, p.io_rate, p.rss, p.cpu_ticks, p.age, p.class, p.p_useful, "
                      "p.p_useful_bad, p.p_abandoned, p.p_zombie, p.action, p.review, p.candidate, p.score, "
                      "substr(tb.text, 1, ?2), p.risk, substr(tl.text, 1, ?2), substr(tor.text, 1, ?2) "
                      "FROM processes p LEFT JOIN texts tc ON tc.id = p.comm_id "
                      "LEFT JOIN commands c ON c.id = p.command_id "
                      "LEFT JOIN cwds w ON w.id = p.cwd_id LEFT JOIN cgroups g ON g.id = p.cgroup_id "
                      "LEFT JOIN texts tt ON tt.id = p.terminal_id LEFT JOIN texts tu ON tu.id = p.user_id "
                      "LEFT JOIN texts tb ON tb.id = p.blocked_by_id LEFT JOIN texts tl ON tl.id = p.ledger_id "
                      "LEFT JOIN texts tor ON tor.id = p.origin_id "
                      "WHERE p.session_id = ?1";
    if (capped) // the highest scores; only pids are sorted, the rows come in key order
        sql += " AND p.pid IN (SELECT pid FROM processes WHERE session_id = ?1 "
               "ORDER BY candidate DESC, score DESC, pid LIMIT ?4)";
    sql += " ORDER BY p.pid";
    Statement s(m_db, sql.c_str());
    if (!s.ok()) {
        *error = sqlError();
        return std::nullopt;
    }
    s.integer(1, id);
    // One byte past each bound: a text that fills it was longer.
    s.integer(2, static_cast<long long>(kMaxTextBytes) + 1);
    s.integer(3, static_cast<long long>(kMaxCommandBytes) + 1);
    if (capped)
        s.integer(4, kMaxProcesses);
    out.notLoaded = static_cast<int>(std::max(0LL, stored - kMaxProcesses));
    out.processes.reserve(static_cast<std::size_t>(std::min<long long>(stored, kMaxProcesses)));
    int rc = SQLITE_ROW;
    std::unordered_map<std::string, std::vector<SavedTerm>> ledgers;
    std::unordered_map<std::string, SavedOrigin> origins;
    std::size_t commandBytes = 0;
    using store_encoding::bounded;
    while ((rc = s.step()) == SQLITE_ROW) {
        SessionProcess p;
        p.pid = static_cast<int>(s.columnInt(0));
        p.startTicks = static_cast<std::uint64_t>(s.columnInt(1));
        p.ppid = static_cast<int>(s.columnInt(2));
        p.parentStartTicks = static_cast<std::uint64_t>(s.columnInt(3));
        p.comm = bounded(s.columnText(4), kMaxTextBytes);
        {
            const auto whole = static_cast<std::size_t>(std::max(0LL, s.columnInt(6)));
            std::size_t kept = 0;
            const std::string command = bounded(
                s.columnText(5), commandBytes < kLoadCommandBudget ? kMaxCommandBytes : kMaxCommandBytesLate, &kept);
            commandBytes += kept;
            p.commandBytesCut = whole > kept ? whole - kept : 0;
            p.argv = store_encoding::splitArgv(command);
        }
        p.cwd = bounded(s.columnText(7), kMaxTextBytes);
        p.cgroup = bounded(s.columnText(8), kMaxTextBytes);
        p.terminal = bounded(s.columnText(9), kMaxTextBytes);
        p.user = bounded(s.columnText(10), kMaxTextBytes);
        const std::string state = s.columnText(11);
        p.state = state.empty() ? '?' : state[0];
        p.orphaned = s.columnInt(12) != 0;
        p.cpuShare = s.columnReal(13);
        p.ioRate = s.columnReal(14);
        p.rssBytes = static_cast<std::uint64_t>(s.columnInt(15));
        p.cpuTicks = static_cast<std::uint64_t>(s.columnInt(16));
        p.ageSeconds = s.columnReal(17).value_or(0);
        p.classification = enumIn(s.columnInt(18), kClassCount, ProcessClass::Useful);
        for (int c = 0; c < kClassCount; ++c)
            p.posterior[static_cast<std::size_t>(c)] = s.columnReal(19 + c).value_or(0);
        p.action = enumIn(s.columnInt(23), kActionCount, RecommendedAction::Keep);
        p.review = s.columnInt(24) != 0;
        p.candidate = s.columnInt(25) != 0;
        p.score = static_cast<int>(s.columnInt(26));
        p.gates = store_encoding::splitLines(s.columnText(27));
        p.risk = enumIn(s.columnInt(28), 4, Risk::Low);
        // Most processes share a ledger: each text is parsed once per load.
        const std::string ledgerText = s.columnText(29);
        auto ledger = ledgers.find(ledgerText);
        if (ledger == ledgers.end())
            ledger = ledgers.emplace(ledgerText, store_encoding::decodeLedger(ledgerText)).first;
        p.ledger = ledger->second;
        const std::string originText = s.columnText(30);
        auto origin = origins.find(originText);
        if (origin == origins.end())
            origin = origins.emplace(originText, store_encoding::decodeOrigin(originText)).first;
        p.origin = origin->second;
        out.processes.push_back(std::move(p));
    }
    if (rc != SQLITE_DONE) {
        *error = sqlError();
        return std::nullopt;
    }
    return out;
}

int SessionStore::prune(double maxAgeDays, const std::vector<long long> &keepIds, QString *error, std::int64_t nowMs)
{
    if (!m_db) {
        *error = QStringLiteral("the session store is not open");
        return -1;
    }
    if (keepIds.size() > static_cast<std::size_t>(kMaxKept)) {
        *error = QStringLiteral("prune: at most %1 sessions can be kept").arg(kMaxKept);
        return -1;
    }
    const std::int64_t now = nowMs ? nowMs : QDateTime::currentMSecsSinceEpoch();
    const auto cutoff = now - static_cast<std::int64_t>(maxAgeDays * 86400e3);
    Transaction tx(m_db);
    if (!tx.ok()) {
        noteError();
        *error = QStringLiteral("%1: %2").arg(m_path, tx.error());
        return -1;
    }
    int removed = 0;
    {
        Statement s(m_db, "DELETE FROM sessions WHERE at_ms < ? AND id NOT IN (?, ?, ?, ?)");
        s.integer(1, cutoff);
        for (int k = 0; k < kMaxKept; ++k) // ids start at 1: 0 keeps nothing
            s.integer(2 + k, k < static_cast<int>(keepIds.size()) ? keepIds[static_cast<std::size_t>(k)] : 0);
        if (!s.ok() || s.step() != SQLITE_DONE) {
            *error = sqlError();
            return -1; // rolled back by tx
        }
        removed = sqlite3_changes(m_db);
    }
    // Texts no remaining process refers to.
    QString why;
    if (removed > 0
        && !exec(m_db,
            "DELETE FROM commands WHERE id NOT IN (SELECT command_id FROM processes WHERE command_id IS NOT NULL);"
            "DELETE FROM cwds WHERE id NOT IN (SELECT cwd_id FROM processes WHERE cwd_id IS NOT NULL);"
            "DELETE FROM cgroups WHERE id NOT IN (SELECT cgroup_id FROM processes WHERE cgroup_id IS NOT NULL);"
            "DELETE FROM texts WHERE id NOT IN (SELECT comm_id FROM processes WHERE comm_id IS NOT NULL"
            " UNION SELECT terminal_id FROM processes WHERE terminal_id IS NOT NULL"
            " UNION SELECT user_id FROM processes WHERE user_id IS NOT NULL"
            " UNION SELECT blocked_by_id FROM processes WHERE blocked_by_id IS NOT NULL"
            " UNION SELECT ledger_id FROM processes WHERE ledger_id IS NOT NULL"
            " UNION SELECT origin_id FROM processes WHERE origin_id IS NOT NULL);",
            &why)) {
        *error = QStringLiteral("%1: %2").arg(m_path, why);
        return -1;
    }
    if (!tx.commit()) {
        noteError();
        *error = QStringLiteral("%1: %2").arg(m_path, tx.error());
        return -1;
    }
    return removed;
}

} // namespace ptriage
