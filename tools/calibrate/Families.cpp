#include "Families.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

std::optional<std::size_t> Families::of(const std::string &scenario) const
{
    const QString name = QString::fromStdString(scenario);
    for (std::size_t i = 0; i < patterns.size(); ++i)
        if (QRegularExpression(QString::fromStdString(patterns[i])).match(name).hasMatch())
            return i;
    return std::nullopt;
}

std::optional<Families> readFamilies(const std::string &file, std::string &error)
{
    QFile f(QString::fromStdString(file));
    if (!f.open(QIODevice::ReadOnly)) {
        error = file + ": cannot read: " + f.errorString().toStdString();
        return std::nullopt;
    }
    const QByteArray text = f.readAll();
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
    if (err.error != QJsonParseError::NoError) {
        error = file + ":" + std::to_string(text.left(err.offset).count('\n') + 1) + ": "
            + err.errorString().toStdString();
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("schema")).toString() != QLatin1String("ptriage.families.v1")
        || !root.value(QLatin1String("families")).isArray()) {
        error = file + ": expected {\"schema\": \"ptriage.families.v1\", \"families\": [ … ]}";
        return std::nullopt;
    }
    Families out;
    for (const QJsonValue &v : root.value(QLatin1String("families")).toArray()) {
        const QString name = v.toObject().value(QLatin1String("family")).toString();
        const QString pattern = v.toObject().value(QLatin1String("scenarios")).toString();
        const QRegularExpression re(pattern);
        if (name.isEmpty() || pattern.isEmpty() || !re.isValid()) {
            error = file + ": family " + std::to_string(out.names.size() + 1)
                + ": needs \"family\" (a name) and \"scenarios\" (a regular expression)"
                + (re.isValid() ? std::string() : ": " + re.errorString().toStdString());
            return std::nullopt;
        }
        out.names.push_back(name.toStdString());
        out.patterns.push_back(pattern.toStdString());
    }
    if (out.names.size() < 2) {
        error = file + ": at least two families are needed to leave one out";
        return std::nullopt;
    }
    return out;
}
