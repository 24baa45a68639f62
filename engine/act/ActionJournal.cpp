#include "ActionJournal.h"
#include "LegacyJournal.h"

#include "session/database/SessionSchema.h"
#include "session/database/SessionStore.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <pwd.h>
#include <sqlite3.h>
#include <unistd.h>

namespace ptriage {
namespace {

// Texts up to a bound: the file may have been written by anything.
constexpr const char *kColumns
    = "SELECT id, at_ms, substr(user, 1, 256), substr(verb, 1, 64), substr(target, 1, 128), substr(command, 1, 4096), "
      "substr(status, 1, 64), substr(message, 1, 4096), via_helper, substr(undo, 1, 4096), undone_by, "
      "substr(host, 1, 256), remote_id, remote_undo FROM actions";

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

} // namespace

QString ActionJournal::defaultPath()
{
    return SessionStore::defaultPath();
}

QString ActionJournal::legacyPath(const QString &path)
{
    return QFileInfo(path).absoluteDir().filePath(QStringLiteral("actions.sqlite"));
}

bool ActionJournal::open(const QString &path, QString *error)
{
    m_warning.clear();
    m_imported = 0;
    if (!m_file.open(path, SqliteFile::Mode::Create, session_schema::schema(), error)) {
        if (isLegacyJournal(path))
            *error = QStringLiteral("%1: an action journal of an older ptriage; actions are now journaled in the "
                                    "session database (default %2), which imports it from beside itself; it was "
                                    "left as it is")
                         .arg(path, SessionStore::defaultPath());
        return false;
    }
    const QString legacy = legacyPath(path);
    if (QFileInfo(legacy).absoluteFilePath() == QFileInfo(path).absoluteFilePath())
        return true;
    const LegacyImport import = importLegacyJournal(m_file.handle(), path, legacy);
    m_imported = std::max(0, import.imported);
    m_warning = import.error;
    return true;
}

long long ActionJournal::record(const Entry &e, QString *error)
{
    Statement s(m_file.handle(),
        "INSERT INTO actions (at_ms, user, verb, target, command, status, message, via_helper, undo, host, remote_id,"
        " remote_undo) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!s.ok()) {
        *error = isOpen() ? m_file.lastError() : QStringLiteral("the journal is not open");
        return 0;
    }
    const std::string user = e.user.empty() ? [] {
        const passwd *pw = ::getpwuid(::getuid());
        return pw ? std::string(pw->pw_name) : std::to_string(::getuid());
    }()
                                            : e.user;
    const std::string undo = e.undo.isEmpty()
        ? std::string()
        : QJsonDocument(QJsonObject::fromVariantMap(e.undo)).toJson(QJsonDocument::Compact).toStdString();
    const std::string verb = (e.undoing ? "undo " : "") + std::string(actVerbName(e.verb));
    const std::string target = e.target.toString();
    const std::string status = actStatusName(e.status);
    s.integer(1, e.atMs ? e.atMs : QDateTime::currentMSecsSinceEpoch());
    s.text(2, user);
    s.text(3, verb);
    s.text(4, target);
    s.text(5, e.command);
    s.text(6, status);
    s.text(7, e.message);
    s.integer(8, e.viaHelper ? 1 : 0);
    s.text(9, undo);
    s.text(10, e.machine.hostName());
    s.integer(11, e.remoteId);
    s.integer(12, e.remoteUndo ? 1 : 0);
    if (s.step() != SQLITE_DONE) {
        *error = m_file.lastError();
        return 0;
    }
    return sqlite3_last_insert_rowid(m_file.handle());
}

bool ActionJournal::markUndone(long long id, long long undoneBy, QString *error)
{
    Statement s(m_file.handle(), "UPDATE actions SET undone_by = ? WHERE id = ?");
    if (!s.ok()) {
        *error = isOpen() ? m_file.lastError() : QStringLiteral("the journal is not open");
        return false;
    }
    s.integer(1, undoneBy);
    s.integer(2, id);
    if (s.step() != SQLITE_DONE) {
        *error = m_file.lastError();
        return false;
    }
    return true;
}

std::vector<ActionJournal::Entry> ActionJournal::query(const char *where, long long a, long long b, long long c) const
{
    std::vector<Entry> out;
    const std::string sql = std::string(kColumns) + where;
    Statement s(m_file.handle(), sql.c_str());
    if (!s.ok())
        return out;
    s.integer(1, a);
    if (sqlite3_bind_parameter_count(s.get()) > 1)
        s.integer(2, b);
    if (sqlite3_bind_parameter_count(s.get()) > 2)
        s.integer(3, c);
    while (s.step() == SQLITE_ROW) {
        Entry e;
        e.id = s.columnInt(0);
        e.atMs = s.columnInt(1);
        e.user = s.columnText(2);
        std::string verb = s.columnText(3);
        e.undoing = verb.starts_with("undo ");
        if (e.undoing)
            verb.erase(0, 5);
        const auto knownVerb = actVerbFromName(verb);
        const auto target = ProcessIdentity::parse(s.columnText(4));
        const auto status = actStatusFromName(s.columnText(6));
        if (!knownVerb || !target || !status)
            continue; // not written by this program: never acted on, never undone
        e.verb = *knownVerb;
        e.target = *target;
        e.status = *status;
        e.command = s.columnText(5);
        e.message = s.columnText(7);
        e.viaHelper = s.columnInt(8) != 0;
        const std::string undo = s.columnText(9);
        if (!undo.empty())
            e.undo = QJsonDocument::fromJson(QByteArray::fromStdString(undo)).object().toVariantMap();
        for (auto it = e.undo.begin(); it != e.undo.end(); ++it)
            it.value() = integral(it.value());
        e.undoneBy = s.columnInt(10);
        e.machine = Machine::host(s.columnText(11));
        e.remoteId = s.columnInt(12);
        e.remoteUndo = s.columnInt(13) != 0;
        out.push_back(std::move(e));
    }
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
    return query(" WHERE status = 'done' AND undo != '' AND undone_by = 0 AND host = '' AND ? ORDER BY id", 1);
}

std::vector<ActionJournal::Entry> ActionJournal::undoableOnHosts() const
{
    return query(" WHERE status = 'done' AND remote_undo != 0 AND remote_id > 0 AND undone_by = 0 AND host != '' AND ? "
                 "ORDER BY id",
        1);
}

std::vector<ActionJournal::Entry> ActionJournal::actionsBetween(long long fromMs, long long toMs, long long limit) const
{
    return query(" WHERE at_ms >= ? AND at_ms < ? AND host = '' ORDER BY at_ms, id LIMIT ?", fromMs, toMs, limit);
}

long long ActionJournal::countBetween(long long fromMs, long long toMs) const
{
    Statement s(m_file.handle(), "SELECT count(*) FROM actions WHERE at_ms >= ? AND at_ms < ? AND host = ''");
    if (!s.ok())
        return 0;
    s.integer(1, fromMs);
    s.integer(2, toMs);
    return s.step() == SQLITE_ROW ? s.columnInt(0) : 0;
}

} // namespace ptriage
