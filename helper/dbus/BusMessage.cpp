#include "BusMessage.h"

#include "procops/request/HelperRequest.h"

#include <QStringList>

#include <cstring>

namespace ptriage::helper {
using namespace procops;
namespace {

constexpr int kMaxKeys = 16;
constexpr int kMaxItems = kMaxTargets + 1;
constexpr std::size_t kMaxString = 4096;

struct Reader {
    sd_bus_message *m;
    QString key;
    QString error;

    bool fail(const QString &why)
    {
        if (error.isEmpty())
            error = key.isEmpty() ? why : QStringLiteral("field '%1': %2").arg(key, why);
        return false;
    }
    bool check(int r)
    {
        return r >= 0 || fail(QStringLiteral("malformed message (%1)").arg(QString::fromLocal8Bit(std::strerror(-r))));
    }

    bool readString(const char *s, QString *out)
    {
        if (std::strlen(s) > kMaxString)
            return fail(QStringLiteral("a string longer than %1 bytes").arg(kMaxString));
        *out = QString::fromUtf8(s);
        return true;
    }

    bool readBasic(char type, QVariant *out)
    {
        union {
            uint8_t y;
            int b;
            int16_t n;
            uint16_t q;
            int32_t i;
            uint32_t u;
            int64_t x;
            uint64_t t;
            double d;
            const char *s;
        } v{};
        if (!check(sd_bus_message_read_basic(m, type, &v)))
            return false;
        switch (type) {
        case 'y':
            *out = QVariant::fromValue(static_cast<uchar>(v.y));
            return true;
        case 'b':
            *out = QVariant(v.b != 0);
            return true;
        case 'n':
            *out = QVariant::fromValue(static_cast<short>(v.n));
            return true;
        case 'q':
            *out = QVariant::fromValue(static_cast<ushort>(v.q));
            return true;
        case 'i':
            *out = QVariant(static_cast<int>(v.i));
            return true;
        case 'u':
            *out = QVariant(static_cast<uint>(v.u));
            return true;
        case 'x':
            *out = QVariant(static_cast<qlonglong>(v.x));
            return true;
        case 't':
            *out = QVariant(static_cast<qulonglong>(v.t));
            return true;
        case 'd':
            *out = QVariant(v.d);
            return true;
        case 's': {
            QString s;
            if (!readString(v.s, &s))
                return false;
            *out = s;
            return true;
        }
        default:
            return fail(QStringLiteral("D-Bus type '%1' is not accepted").arg(QLatin1Char(type)));
        }
    }

    static bool isBasic(const char *sig) { return sig[0] && !sig[1] && std::strchr("ybnqiuxtds", sig[0]); }

    // A value of signature `sig`: a basic value, or (outside a list) a list of basic values or of
    // variants holding basic values.
    bool readValue(const char *sig, bool inList, QVariant *out)
    {
        if (isBasic(sig))
            return readBasic(sig[0], out);
        if (sig[0] != 'a' || inList)
            return fail(QStringLiteral("D-Bus type '%1' is not accepted").arg(QString::fromLatin1(sig).left(16)));
        const char *element = sig + 1;
        const bool variants = std::strcmp(element, "v") == 0;
        if (!variants && !isBasic(element))
            return fail(QStringLiteral("D-Bus type '%1' is not accepted").arg(QString::fromLatin1(sig).left(16)));
        if (!check(sd_bus_message_enter_container(m, 'a', element)))
            return false;
        QVariantList list;
        QStringList strings;
        for (int items = 0;; ++items) {
            const int more = sd_bus_message_at_end(m, false);
            if (!check(more))
                return false;
            if (more > 0)
                break;
            if (items >= kMaxItems)
                return fail(QStringLiteral("a list of more than %1 items").arg(kMaxItems));
            QVariant item;
            if (variants) {
                char type = 0;
                const char *contents = nullptr;
                if (!check(sd_bus_message_peek_type(m, &type, &contents))
                    || !check(sd_bus_message_enter_container(m, 'v', contents)) || !readValue(contents, true, &item)
                    || !check(sd_bus_message_exit_container(m)))
                    return false;
            } else if (!readBasic(element[0], &item)) {
                return false;
            }
            if (element[0] == 's')
                strings.append(item.toString());
            else
                list.append(item);
        }
        if (!check(sd_bus_message_exit_container(m)))
            return false;
        *out = element[0] == 's' ? QVariant(strings) : QVariant(list);
        return true;
    }
};

} // namespace

std::optional<QVariantMap> readRequest(sd_bus_message *m, QString *error)
{
    Reader r{m, {}, {}};
    QVariantMap map;
    auto failed = [&]() -> std::optional<QVariantMap> {
        *error = r.error;
        return std::nullopt;
    };
    if (!r.check(sd_bus_message_enter_container(m, 'a', "{sv}")))
        return failed();
    for (int keys = 0;; ++keys) {
        const int entered = sd_bus_message_enter_container(m, 'e', "sv");
        if (!r.check(entered))
            return failed();
        if (entered == 0)
            break;
        if (keys >= kMaxKeys) {
            r.fail(QStringLiteral("the request has more than %1 fields").arg(kMaxKeys));
            return failed();
        }
        const char *key = nullptr;
        if (!r.check(sd_bus_message_read_basic(m, 's', &key)))
            return failed();
        if (std::strlen(key) > 64) {
            r.fail(QStringLiteral("a field name longer than 64 bytes"));
            return failed();
        }
        r.key = QString::fromUtf8(key);
        char type = 0;
        const char *contents = nullptr;
        QVariant value;
        if (!r.check(sd_bus_message_peek_type(m, &type, &contents))
            || !r.check(sd_bus_message_enter_container(m, 'v', contents)) || !r.readValue(contents, false, &value)
            || !r.check(sd_bus_message_exit_container(m)) || !r.check(sd_bus_message_exit_container(m)))
            return failed();
        if (map.contains(r.key)) {
            r.fail(QStringLiteral("given twice"));
            return failed();
        }
        map.insert(r.key, value);
        r.key.clear();
    }
    if (!r.check(sd_bus_message_exit_container(m)))
        return failed();
    return map;
}

int appendValue(sd_bus_message *m, const QVariant &value, bool variant)
{
    const int id = value.metaType().id();
    auto wrapped = [&](const char *sig, auto &&append) {
        int r = variant ? sd_bus_message_open_container(m, 'v', sig) : 0;
        if (r >= 0)
            r = append();
        if (r >= 0 && variant)
            r = sd_bus_message_close_container(m);
        return r;
    };
    switch (id) {
    case QMetaType::QString: {
        const QByteArray s = value.toString().toUtf8();
        return wrapped("s", [&] { return sd_bus_message_append_basic(m, 's', s.constData()); });
    }
    case QMetaType::Bool: {
        const int b = value.toBool();
        return wrapped("b", [&] { return sd_bus_message_append_basic(m, 'b', &b); });
    }
    case QMetaType::Int: {
        const int32_t i = value.toInt();
        return wrapped("i", [&] { return sd_bus_message_append_basic(m, 'i', &i); });
    }
    case QMetaType::UInt: {
        const uint32_t u = value.toUInt();
        return wrapped("u", [&] { return sd_bus_message_append_basic(m, 'u', &u); });
    }
    case QMetaType::LongLong: {
        const int64_t x = value.toLongLong();
        return wrapped("x", [&] { return sd_bus_message_append_basic(m, 'x', &x); });
    }
    case QMetaType::ULongLong: {
        const uint64_t t = value.toULongLong();
        return wrapped("t", [&] { return sd_bus_message_append_basic(m, 't', &t); });
    }
    case QMetaType::Double: {
        const double d = value.toDouble();
        return wrapped("d", [&] { return sd_bus_message_append_basic(m, 'd', &d); });
    }
    case QMetaType::QStringList:
        return wrapped("as", [&] {
            int r = sd_bus_message_open_container(m, 'a', "s");
            for (const QString &s : value.toStringList())
                if (r >= 0)
                    r = sd_bus_message_append_basic(m, 's', s.toUtf8().constData());
            return r < 0 ? r : sd_bus_message_close_container(m);
        });
    case QMetaType::QVariantList:
        return wrapped("av", [&] {
            int r = sd_bus_message_open_container(m, 'a', "v");
            for (const QVariant &v : value.toList())
                if (r >= 0)
                    r = appendValue(m, v, true);
            return r < 0 ? r : sd_bus_message_close_container(m);
        });
    case QMetaType::QVariantMap:
        return wrapped("a{sv}", [&] {
            int r = sd_bus_message_open_container(m, 'a', "{sv}");
            const QVariantMap map = value.toMap();
            for (auto it = map.cbegin(); r >= 0 && it != map.cend(); ++it) {
                r = sd_bus_message_open_container(m, 'e', "sv");
                if (r >= 0)
                    r = sd_bus_message_append_basic(m, 's', it.key().toUtf8().constData());
                if (r >= 0)
                    r = appendValue(m, it.value(), true);
                if (r >= 0)
                    r = sd_bus_message_close_container(m);
            }
            return r < 0 ? r : sd_bus_message_close_container(m);
        });
    default:
        break;
    }
    if (value.metaType() == QMetaType::fromType<QList<int>>())
        return wrapped("ai", [&] {
            int r = sd_bus_message_open_container(m, 'a', "i");
            for (const int c : value.value<QList<int>>())
                if (r >= 0)
                    r = sd_bus_message_append_basic(m, 'i', &c);
            return r < 0 ? r : sd_bus_message_close_container(m);
        });
    return -EINVAL;
}

} // namespace ptriage::helper
