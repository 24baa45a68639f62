#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace ptriage {

// A problem in a config file, located for a person: "FILE:LINE: field 'a.b': what is wrong".
struct ConfigError {
    QString file;
    int line = 0;
    QString field;
    QString message;
    QString toString() const;
};

// A JSON config file with the text it came from, so that errors can name a line.
struct JsonConfig {
    QString file;
    QByteArray text;
    QJsonObject root;

    static std::optional<JsonConfig> load(const QString &path, ConfigError *error);
    // The line on which the field at a dotted path ("likelihoods.cpu.idle") appears, or 0.
    int lineOf(const QString &dottedPath) const;
    ConfigError error(const QString &dottedPath, const QString &message) const;
};

// Merges `user` over `defaults`. Every user key must exist in the defaults with the same JSON
// type, except under the keys listed in `openMaps` (maps whose keys the user may add to, whose
// values must still look like the existing entries). Arrays replace. Returns false on the first
// unknown field (with a "did you mean" hint) or type mismatch.
bool mergeConfig(const JsonConfig &defaults, const JsonConfig &user, const QStringList &openMaps, QJsonObject &merged,
    ConfigError *error);

} // namespace ptriage
