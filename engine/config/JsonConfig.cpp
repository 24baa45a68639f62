#include "JsonConfig.h"

#include "util/NearMiss.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace ptriage {
namespace {

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QCoreApplication::translate("ConfigError", "null");
    case QJsonValue::Bool:
        return QCoreApplication::translate("ConfigError", "a boolean");
    case QJsonValue::Double:
        return QCoreApplication::translate("ConfigError", "a number");
    case QJsonValue::String:
        return QCoreApplication::translate("ConfigError", "a string");
    case QJsonValue::Array:
        return QCoreApplication::translate("ConfigError", "an array");
    case QJsonValue::Object:
        return QCoreApplication::translate("ConfigError", "an object");
    case QJsonValue::Undefined:
        break;
    }
    return QCoreApplication::translate("ConfigError", "nothing");
}

bool sameShape(const QJsonValue &a, const QJsonValue &b)
{
    // null in the defaults means "optional number" (e.g. no expected lifetime).
    if (a.isNull() || b.isNull())
        return a.isNull() ? (b.isNull() || b.isDouble()) : a.isDouble();
    return a.type() == b.type();
}

bool mergeObject(const QJsonObject &defaults, const QJsonObject &user, const QString &path, const QStringList &openMaps,
    const JsonConfig &userFile, QJsonObject &out, ConfigError *error)
{
    out = defaults;
    const bool open = openMaps.contains(path);
    for (auto it = user.begin(); it != user.end(); ++it) {
        const QString field = path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key();
        QJsonValue reference = defaults.value(it.key());
        if (reference.isUndefined() && open && !defaults.isEmpty())
            reference = defaults.begin().value(); // a new entry must look like the existing ones
        if (reference.isUndefined()) {
            const QString hint = nearMiss(it.key(), defaults.keys());
            *error = userFile.error(field,
                hint.isEmpty()
                    ? QCoreApplication::translate("ConfigError", "unknown field (known here: %1)")
                          .arg(defaults.keys().join(QStringLiteral(", ")))
                    : QCoreApplication::translate("ConfigError", "unknown field; did you mean '%1'?").arg(hint));
            return false;
        }
        if (!sameShape(reference, it.value())) {
            *error = userFile.error(field,
                QCoreApplication::translate("ConfigError", "expected %1, got %2")
                    .arg(typeName(reference), typeName(it.value())));
            return false;
        }
        if (it.value().isObject()) {
            QJsonObject merged;
            const QJsonObject base = defaults.contains(it.key()) ? reference.toObject() : QJsonObject();
            if (!mergeObject(open && !defaults.contains(it.key()) ? reference.toObject() : base, it.value().toObject(),
                    field, openMaps, userFile, merged, error))
                return false;
            out.insert(it.key(), merged);
        } else {
            out.insert(it.key(), it.value());
        }
    }
    return true;
}

} // namespace

QString ConfigError::toString() const
{
    QString where = file;
    if (line > 0)
        where += QLatin1Char(':') + QString::number(line);
    if (field.isEmpty())
        return where + QStringLiteral(": ") + message;
    // The file, line and field names stay as they are: only the sentence is translated.
    return QCoreApplication::translate("ConfigError", "%1: field '%2': %3").arg(where, field, message);
}

std::optional<JsonConfig> JsonConfig::load(const QString &path, ConfigError *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = {path, 0, {}, f.errorString()};
        return std::nullopt;
    }
    JsonConfig c;
    c.file = path;
    c.text = f.readAll();
    QJsonParseError pe;
    const auto doc = QJsonDocument::fromJson(c.text, &pe);
    if (pe.error != QJsonParseError::NoError) {
        const int line = static_cast<int>(c.text.left(pe.offset).count('\n')) + 1;
        *error
            = {path, line, {}, QCoreApplication::translate("ConfigError", "not valid JSON: %1").arg(pe.errorString())};
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = {path, 1, {}, QCoreApplication::translate("ConfigError", "expected a JSON object at the top")};
        return std::nullopt;
    }
    c.root = doc.object();
    return c;
}

int JsonConfig::lineOf(const QString &dottedPath) const
{
    qsizetype pos = 0;
    for (const auto &part : dottedPath.split(QLatin1Char('.'))) {
        bool isIndex = false;
        part.toInt(&isIndex);
        if (isIndex)
            continue;
        const QByteArray needle = '"' + part.toUtf8() + "\"";
        const auto at = text.indexOf(needle, pos);
        if (at < 0)
            break;
        pos = at;
    }
    return pos == 0 ? 0 : static_cast<int>(text.left(pos).count('\n')) + 1;
}

ConfigError JsonConfig::error(const QString &dottedPath, const QString &message) const
{
    return {file, lineOf(dottedPath), dottedPath, message};
}

bool mergeConfig(const JsonConfig &defaults, const JsonConfig &user, const QStringList &openMaps, QJsonObject &merged,
    ConfigError *error)
{
    return mergeObject(defaults.root, user.root, QString(), openMaps, user, merged, error);
}

} // namespace ptriage
