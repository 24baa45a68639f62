#include "ActionJournal.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <pwd.h>
#include <sqlite3.h>
#include <unistd.h>

namespace ptriage {
namespace {

constexpr const char *kSchema = "CREATE TABLE IF NOT EXISTS ptriage_actions ("
                                " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                                " at_ms INTEGER NOT NULL, user TEXT NOT NULL, verb TEXT NOT NULL,"
                                " target TEXT NOT NULL, command TEXT NOT NULL, status TEXT NOT NULL,"
                                " message TEXT NOT NULL, via_helper INTEGER NOT NULL,"
                                " undo TEXT NOT NULL, undone_by INTEGER NOT NULL DEFAULT 0);"
                                "PRAGMA user_version = 1;";
constexpr const char *kColumns = "SELECT id, at_ms, user, verb, target, command, status, message, via_helper, undo, "
                                 "undone_by FROM ptriage_actions";

// JSON has only doubles; the helper's decoder takes integers as integers.
QVariant integral(const QVariant &v)
{
    if (v.typeId() == QMetaType::Double) {
        const double d = v.toDouble();
        if (d == static_cast<double>(static_cast<int>(d)))
            return static_cast<int>(d);
    }
    if (v.typeId() == QMetaType::QVariantList) {
        QVariantList l = v.toList();
        for (auto &x : l)
            x = integral(x);
        return l;
    }
    return v;
}

std::string text(sqlite3_stmt *s, int column)
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(s, column));
    return p ? std::string(p) : std::string();
}

} // namespace

ActionJournal::~ActionJournal()
{
    if (m_db)
        sqlite3_close(m_db);
}

QString ActionJournal::defaultPath()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + QStringLiteral("/.local/share");
    return dir + QStringLiteral("/ptriage/actions.sqlite");
}

bool ActionJournal::open(const QString &path, QString *error)
{
    m_path = path;
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *error = QStringLiteral("%1: cannot create its directory").arg(path);
        return false;
    }
    const bool existed = QFileInfo::exists(path);
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK) {
        *error = QStringLiteral("%1: %2").arg(path, QString::fromUtf8(sqlite3_errmsg(db)));
        sqlite3_close(db);
        return false;
    }
    sqlite3_busy_timeout(db, 2000);
    // An existing file must already be a journal: never add tables to someone else's database.
    if (existed) {
        sqlite3_stmt *s = nullptr;
        int version = -1;
        const int rc = sqlite3_prepare_v2(
            db, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='ptriage_actions'", -1, &s, nullptr);
        if (rc == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            version = sqlite3_column_int(s, 0);
        const QString why = QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_finalize(s);
        if (version != 1) {
            *error = version < 0 ? QStringLiteral("%1: not a readable ptriage action journal (%2); it was left as it "
                                                  "is — move it away to start a new journal")
                                       .arg(path, why)
                                 : QStringLiteral("%1: an SQLite file without ptriage's action table; it was left as "
                                                  "it is — move it away to start a new journal")
                                       .arg(path);
            sqlite3_close(db);
            return false;
        }
    }
    char *message = nullptr;
    if (sqlite3_exec(db, kSchema, nullptr, nullptr, &message) != SQLITE_OK) {
        *error = QStringLiteral("%1: %2").arg(path, QString::fromUtf8(message ? message : "cannot write"));
        sqlite3_free(message);
        sqlite3_close(db);
        return false;
    }
    m_db = db;
    return true;
}

long long ActionJournal::record(const Entry &e, QString *error)
{
    sqlite3_stmt *s = nullptr;
    if (!m_db
        || sqlite3_prepare_v2(m_db,
               "INSERT INTO ptriage_actions (at_ms, user, verb, target, command, status, message, via_helper, undo)"
               " VALUES (?,?,?,?,?,?,?,?,?)",
               -1, &s, nullptr)
            != SQLITE_OK) {
        *error = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("the journal is not open");
        sqlite3_finalize(s);
        return 0;
    }
    const std::string user = e.user.empty() ? [] {
        const passwd *pw = ::getpwuid(::getuid());
        return pw ? std::string(pw->pw_name) : std::to_string(::getuid());
    }()
                                            : e.user;
    const QByteArray undo = e.undo.isEmpty()
        ? QByteArray()
        : QJsonDocument(QJsonObject::fromVariantMap(e.undo)).toJson(QJsonDocument::Compact);
    sqlite3_bind_int64(s, 1, e.atMs ? e.atMs : QDateTime::currentMSecsSinceEpoch());
    sqlite3_bind_text(s, 2, user.c_str(), -1, SQLITE_TRANSIENT);
    const std::string verb = (e.undoing ? "undo " : "") + std::string(actVerbName(e.verb));
    const std::string target = e.target.toString();
    sqlite3_bind_text(s, 3, verb.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 4, target.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 5, e.command.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 6, actStatusName(e.status), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 7, e.message.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(s, 8, e.viaHelper ? 1 : 0);
    sqlite3_bind_text(s, 9, undo.constData(), static_cast<int>(undo.size()), SQLITE_TRANSIENT);
    const bool ok = sqlite3_step(s) == SQLITE_DONE;
    sqlite3_finalize(s);
    if (!ok) {
        *error = QStringLiteral("%1: %2").arg(m_path, QString::fromUtf8(sqlite3_errmsg(m_db)));
        return 0;
    }
    return sqlite3_last_insert_rowid(m_db);
}

bool ActionJournal::markUndone(long long id, long long undoneBy, QString *error)
{
    sqlite3_stmt *s = nullptr;
    if (!m_db
        || sqlite3_prepare_v2(m_db, "UPDATE ptriage_actions SET undone_by = ? WHERE id = ?", -1, &s, nullptr)
            != SQLITE_OK) {
        *error = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("the journal is not open");
        sqlite3_finalize(s);
        return false;
    }
    sqlite3_bind_int64(s, 1, undoneBy);
    sqlite3_bind_int64(s, 2, id);
    const bool ok = sqlite3_step(s) == SQLITE_DONE;
    sqlite3_finalize(s);
    if (!ok)
        *error = QString::fromUtf8(sqlite3_errmsg(m_db));
    return ok;
}

std::vector<ActionJournal::Entry> ActionJournal::query(const char *where, long long arg) const
{
    std::vector<Entry> out;
    if (!m_db)
        return out;
    const std::string sql = std::string(kColumns) + where;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
        return out;
    sqlite3_bind_int64(s, 1, arg);
    while (sqlite3_step(s) == SQLITE_ROW) {
        Entry e;
        e.id = sqlite3_column_int64(s, 0);
        e.atMs = sqlite3_column_int64(s, 1);
        e.user = text(s, 2);
        std::string verb = text(s, 3);
        e.undoing = verb.starts_with("undo ");
        if (e.undoing)
            verb.erase(0, 5);
        const auto knownVerb = actVerbFromName(verb);
        const auto target = ProcessIdentity::parse(text(s, 4));
        const auto status = actStatusFromName(text(s, 6));
        if (!knownVerb || !target || !status)
            continue; // not written by this program: never acted on, never undone
        e.verb = *knownVerb;
        e.target = *target;
        e.status = *status;
        e.command = text(s, 5);
        e.message = text(s, 7);
        e.viaHelper = sqlite3_column_int(s, 8) != 0;
        const std::string undo = text(s, 9);
        if (!undo.empty())
            e.undo = QJsonDocument::fromJson(QByteArray::fromStdString(undo)).object().toVariantMap();
        for (auto it = e.undo.begin(); it != e.undo.end(); ++it)
            it.value() = integral(it.value());
        e.undoneBy = sqlite3_column_int64(s, 10);
        out.push_back(std::move(e));
    }
    sqlite3_finalize(s);
    return out;
}

std::optional<ActionJournal::Entry> ActionJournal::entry(long long id) const
{
    auto rows = query(" WHERE id = ?", id);
    if (rows.empty())
        return std::nullopt;
    return rows.front();
}

std::vector<ActionJournal::Entry> ActionJournal::recent(int limit) const
{
    return query(" ORDER BY id DESC LIMIT ?", limit);
}

std::vector<ActionJournal::Entry> ActionJournal::undoable() const
{
    return query(" WHERE status = 'done' AND undo != '' AND undone_by = 0 AND ? ORDER BY id", 1);
}

} // namespace ptriage
