#pragma once

#include "HostText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ptriage {

// What another machine sends is bounded: no string or list of a machine is longer.
inline constexpr std::size_t kMaxJsonString = 1 << 20;
inline constexpr qsizetype kMaxJsonItems = 1 << 22; // pid_max's ceiling

// How much JSON another machine may make this one hold. QJsonDocument keeps every value, a key
// included, in 16 bytes or more beside its text, and every object or array in an allocation of its
// own (about 8 values' worth): a flood of tiny strings or arrays within a byte bound would cost
// gigabytes, so values are counted on the bytes before anything is parsed, a container as
// kContainerValues.
struct JsonLimits {
    static constexpr std::size_t kContainerValues = 8;
    std::size_t maxValues = std::size_t{1} << 20;
    int maxDepth = 16;
};

// One pass over the bytes, no allocation: false with why when `json` holds more values (counted as
// above) or deeper nesting than `limits` allow (syntax is left to the parser).
inline bool jsonWithin(std::string_view json, const JsonLimits &limits, std::string *error)
{
    std::size_t values = 0;
    int depth = 0;
    bool inString = false, escaped = false, inScalar = false;
    for (const char c : json) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        const bool opens = c == '{' || c == '[';
        if (opens)
            values += JsonLimits::kContainerValues;
        else if (c == '"' || (!inScalar && (std::isalnum(static_cast<unsigned char>(c)) || c == '-')))
            ++values;
        inString = c == '"';
        inScalar = !inString && !opens && c != '}' && c != ']' && c != ',' && c != ':' && c != ' ' && c != '\n'
            && c != '\t' && c != '\r';
        if (opens && ++depth > limits.maxDepth)
            return *error = "nested deeper than " + std::to_string(limits.maxDepth) + " levels: refused", false;
        if (c == '}' || c == ']')
            --depth;
        if (values > limits.maxValues)
            return *error = "more than " + std::to_string(limits.maxValues) + " values: refused unread", false;
    }
    return true;
}

// The one object `json` holds; false with why (where the syntax broke, or past `limits`) when it
// holds none.
inline bool jsonObjectOf(std::string_view json, QJsonObject &out, std::string *error, const JsonLimits &limits = {})
{
    if (!jsonWithin(json, limits, error))
        return false;
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(json.data(), static_cast<qsizetype>(json.size())), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = parseError.error != QJsonParseError::NoError
            ? "not JSON: " + parseError.errorString().toStdString() + " at byte " + std::to_string(parseError.offset)
            : "not a JSON object";
        return false;
    }
    out = doc.object();
    return true;
}

// Reads one JSON object strictly: each getter checks the type and range of its field and keeps
// the first problem, with where it was ("processes[3].details.cmdline[2]").
class JsonFields {
public:
    JsonFields(const QJsonObject &o, std::string where, std::string *error)
        : m_o(o), m_where(std::move(where)), m_error(error)
    { }

    bool ok() const { return m_error->empty(); }
    // Its "schema" is `expected`: a reader refuses any other version.
    void schema(std::string_view expected) const
    {
        const std::string s = string("schema", 64);
        if (ok() && s != expected)
            fail("schema", "'" + oneLine(s, 64) + "', this ptriage reads " + std::string(expected));
    }
    bool has(const char *name) const { return m_o.contains(QLatin1String(name)); }
    std::string at(const char *name) const { return m_where.empty() ? name : m_where + '.' + name; }

    bool fail(const std::string &where, const std::string &what) const
    {
        if (m_error->empty())
            *m_error = where + ": " + what;
        return false;
    }

    std::string string(const char *name, std::size_t max = kMaxJsonString) const
    {
        return stringAt(
            m_o.value(QLatin1String(name)), [&] { return at(name); }, max);
    }
    std::string stringOf(const QJsonValue &v, const std::string &where, std::size_t max = kMaxJsonString) const
    {
        return stringAt(
            v, [&] { return where; }, max);
    }
    bool boolean(const char *name) const
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (!v.isBool())
            return fail(at(name), "expected true or false");
        return v.toBool();
    }
    long long integer(const char *name, long long min, long long max) const
    {
        return integerAt(
            m_o.value(QLatin1String(name)), [&] { return at(name); }, min, max);
    }
    long long integerOf(const QJsonValue &v, const std::string &where, long long min, long long max) const
    {
        return integerAt(
            v, [&] { return where; }, min, max);
    }
    std::optional<std::uint64_t> count(const char *name) const
    {
        if (!has(name))
            return std::nullopt;
        return static_cast<std::uint64_t>(integer(name, 0, std::numeric_limits<qint64>::max()));
    }
    double number(const char *name, double min, double max) const
    {
        return numberAt(
            m_o.value(QLatin1String(name)), [&] { return at(name); }, min, max);
    }
    double numberOf(const QJsonValue &v, const std::string &where, double min, double max) const
    {
        return numberAt(
            v, [&] { return where; }, min, max);
    }
    std::optional<double> optionalNumber(const char *name, double min, double max) const
    {
        if (!has(name))
            return std::nullopt;
        return number(name, min, max);
    }
    QJsonArray array(const char *name, qsizetype maxItems = kMaxJsonItems) const
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (!v.isArray())
            return fail(at(name), "expected an array"), QJsonArray();
        if (v.toArray().size() > maxItems)
            return fail(at(name), "more than " + std::to_string(maxItems) + " items"), QJsonArray();
        return v.toArray();
    }
    QJsonObject object(const char *name) const
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (!v.isObject())
            return fail(at(name), "expected an object"), QJsonObject();
        return v.toObject();
    }
    std::vector<std::string> strings(const char *name, qsizetype maxItems) const
    {
        std::vector<std::string> out;
        const QJsonArray a = array(name, maxItems);
        for (qsizetype i = 0; i < a.size() && ok(); ++i)
            out.push_back(stringOf(a[i], at(name) + '[' + std::to_string(i) + ']'));
        return out;
    }
    std::vector<std::pair<std::string, std::string>> stringPairs(const char *name, qsizetype maxItems) const
    {
        std::vector<std::pair<std::string, std::string>> out;
        const QJsonArray a = array(name, maxItems);
        for (qsizetype i = 0; i < a.size() && ok(); ++i) {
            const std::string where = at(name) + '[' + std::to_string(i) + ']';
            const QJsonArray kv = a[i].toArray();
            if (!a[i].isArray() || kv.size() != 2) {
                fail(where, "expected [name, value]");
                break;
            }
            std::string k = stringOf(kv[0], where);
            out.emplace_back(std::move(k), stringOf(kv[1], where));
        }
        return out;
    }
    template<std::size_t N> std::size_t oneOf(const char *name, const std::string_view (&names)[N]) const
    {
        const std::string s = string(name, 16);
        for (std::size_t i = 0; i < N; ++i)
            if (s == names[i])
                return i;
        fail(at(name), "unknown value '" + oneLine(s, 16) + "'");
        return 0;
    }

private:
    // `where()` is made only for a problem: a good field costs no string of its path.
    template<class Where> std::string stringAt(const QJsonValue &v, Where where, std::size_t max) const
    {
        if (!v.isString())
            return fail(where(), "expected a string"), std::string();
        std::string s = v.toString().toStdString();
        if (s.size() > max)
            return fail(where(), "longer than " + std::to_string(max) + " bytes"), std::string();
        return s;
    }
    template<class Where> long long integerAt(const QJsonValue &v, Where where, long long min, long long max) const
    {
        if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()))
            return fail(where(), "expected a whole number"), 0;
        const qint64 n = v.toInteger();
        if (n < min || n > max)
            return fail(where(), "out of range (" + std::to_string(min) + " to " + std::to_string(max) + ")"), 0;
        return n;
    }
    template<class Where> double numberAt(const QJsonValue &v, Where where, double min, double max) const
    {
        if (!v.isDouble())
            return fail(where(), "expected a number"), 0.0;
        const double d = v.toDouble();
        if (!std::isfinite(d) || d < min || d > max)
            return fail(where(), "out of range"), 0.0;
        return d;
    }

    QJsonObject m_o;
    std::string m_where;
    std::string *m_error;
};

} // namespace ptriage
