// Feeds random a{sv}-like maps to the request decoder: it must never crash, never accept a request
// that breaks an invariant, and answer every rejection with a short one-line message.
// Usage: procops_request_fuzz SEED ITERATIONS
#include "procops/request/HelperRequest.h"

#include <QList>
#include <QStringList>
#include <QVariant>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>

using namespace ptriage;
using namespace ptriage::procops;

namespace {

class Gen {
public:
    explicit Gen(std::uint64_t seed) : m_rng(seed) { }

    std::uint64_t next() { return m_rng(); }
    int below(int n) { return static_cast<int>(m_rng() % static_cast<std::uint64_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }

    qint64 anyInteger()
    {
        switch (below(8)) {
        case 0:
            return std::numeric_limits<qint64>::min();
        case 1:
            return std::numeric_limits<qint64>::max();
        case 2:
            return static_cast<qint64>(next());
        case 3:
            return -static_cast<qint64>(below(100));
        case 4:
            return std::numeric_limits<int>::max() + qint64(below(3));
        case 5:
            return (qint64(1) << 32) + below(30) - 10;
        default:
            return below(60) - 25; // around every range that matters
        }
    }

    QString asciiString(int maxLen)
    {
        const int n = below(maxLen + 1);
        QString s;
        for (int i = 0; i < n; ++i)
            s += QChar(char16_t(0x20 + below(0x5f)));
        return s;
    }

    QString anyString()
    {
        switch (below(10)) {
        case 0: {
            QString s; // arbitrary UTF-16, lone surrogates and NULs included
            for (int i = below(40); i > 0; --i)
                s += QChar(char16_t(next() & 0xffff));
            return s;
        }
        case 1:
            return chance(2) ? QString(100000, QLatin1Char('7')) : asciiString(200);
        case 2:
            return verbName(Verb(below(8)));
        case 3:
            return signalNames()[below(int(signalNames().size()))];
        case 4:
            return QStringList{QStringLiteral("SEGV"), QStringLiteral("SIGTERM"), QStringLiteral("term"),
                QStringLiteral("9"), QStringLiteral("")}[below(5)];
        case 5:
        case 6:
            return identityLike();
        default:
            return asciiString(12);
        }
    }

    QString bootIdLike()
    {
        static const char hex[] = "0123456789abcdef";
        QString s;
        for (int i = 0; i < 36; ++i)
            s += (i == 8 || i == 13 || i == 18 || i == 23) ? QLatin1Char('-') : QLatin1Char(hex[below(16)]);
        switch (below(10)) {
        case 0:
            s[below(36)] = QLatin1Char("G-:Az0 "[below(7)]);
            break;
        case 1:
            s.chop(below(3) + 1);
            break;
        case 2:
            s += QLatin1Char('a');
            break;
        default:
            break;
        }
        return s;
    }

    QString numberLike(bool pid)
    {
        switch (below(12)) {
        case 0:
            return QString();
        case 1:
            return QStringLiteral("+") + QString::number(below(1000));
        case 2:
            return QStringLiteral("-") + QString::number(below(1000));
        case 3:
            return QStringLiteral("0") + QString::number(below(1000));
        case 4:
            return QStringLiteral("18446744073709551616");
        case 5:
            return QStringLiteral("18446744073709551615");
        case 6:
            return QString::number(below(5)); // 0, 1 and friends
        case 7:
            return QStringLiteral("4194304");
        case 8:
            return QStringLiteral("4194305");
        case 9:
            return QStringLiteral(" 12");
        default:
            return QString::number(pid ? 2 + below(40000) : next() % 100000000);
        }
    }

    QString validIdentity()
    {
        static const QString boot = QStringLiteral("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
        return boot + QLatin1Char(':') + QString::number(next() % 1000000) + QLatin1Char(':')
            + QString::number(2 + below(kMaxPid - 1));
    }

    QString identityLike()
    {
        QString s = bootIdLike() + QLatin1Char(':') + numberLike(false) + QLatin1Char(':') + numberLike(true);
        if (chance(5))
            s += QLatin1Char(':') + numberLike(true);
        if (chance(3))
            s = s.replace(QLatin1Char(':'), QLatin1Char(';'));
        return s;
    }

    QString anyKey()
    {
        static const QStringList keys{field::verb, field::targets, field::signal, field::processGroup, field::nice,
            field::cpus, field::affinity, field::quotaPercent};
        if (chance(85))
            return keys[below(int(keys.size()))];
        return chance(50) ? keys[below(int(keys.size()))].toUpper() : asciiString(10);
    }

    QVariant anyValue(int depth = 0)
    {
        switch (below(depth >= 3 ? 12 : 17)) {
        case 0:
            return QVariant();
        case 1:
            return chance(50);
        case 2:
            return int(anyInteger());
        case 3:
            return uint(anyInteger());
        case 4:
            return qlonglong(anyInteger());
        case 5:
            return qulonglong(next());
        case 6: {
            const double d[] = {0.0, -1.5, 5.0, 1e300, std::nan(""), std::numeric_limits<double>::infinity()};
            return d[below(6)];
        }
        case 7:
            return QVariant::fromValue(short(anyInteger()));
        case 8:
            return QVariant::fromValue(uchar(anyInteger()));
        case 9:
            return QByteArray("12");
        case 10:
        case 11:
            return anyString();
        case 12:
            return stringList(depth == 0);
        case 13:
            return intList(depth == 0);
        case 14: {
            QVariantList l; // only the outer list may be huge: nesting multiplies sizes
            for (int i = listSize(depth == 0); i > 0; --i)
                l.append(anyValue(depth + 1));
            return l;
        }
        case 15: {
            QVariantMap m;
            for (int i = below(4); i > 0; --i)
                m.insert(anyKey(), anyValue(depth + 1));
            return m;
        }
        default: {
            QVariantList l; // a list of small integers, the shape cpus take
            for (int i = below(6); i > 0; --i)
                l.append(chance(90) ? QVariant(below(6) - 1) : anyValue(depth + 1));
            return l;
        }
        }
    }

    int listSize(bool mayBeHuge = true)
    {
        if (mayBeHuge && below(1000) < 3)
            return 10000;
        if (chance(3))
            return 250 + below(10);
        return below(5);
    }

    QStringList stringList(bool mayBeHuge = true)
    {
        QStringList l;
        for (int i = listSize(mayBeHuge); i > 0; --i)
            l.append(chance(80) ? identityLike() : anyString());
        return l;
    }

    QVariant intList(bool mayBeHuge)
    {
        QList<int> l;
        for (int i = mayBeHuge && below(1000) < 3 ? 100000 : below(6); i > 0; --i)
            l.append(below(8) - 2);
        return QVariant::fromValue(l);
    }

    QVariantMap validMap()
    {
        const Verb verb = Verb(below(8));
        QVariantMap m{{field::verb, verbName(verb)}};
        QStringList targets;
        for (int i = 1 + (chance(10) ? below(300) : below(3)); i > 0; --i)
            targets.append(chance(95) ? validIdentity() : identityLike());
        m.insert(field::targets, targets);
        QVariantList cpus;
        for (int c : {0, 1, 3})
            if (chance(50))
                cpus.append(c);
        switch (verb) {
        case Verb::Signal:
            m.insert(field::signal, signalNames()[below(int(signalNames().size()))]);
            if (chance(50))
                m.insert(field::processGroup, chance(50));
            break;
        case Verb::Renice:
            m.insert(field::nice, below(44) - 22);
            break;
        case Verb::Quarantine:
            m.insert(field::cpus, cpus);
            break;
        case Verb::Unquarantine:
            m.insert(field::affinity, cpus);
            break;
        case Verb::Throttle:
            m.insert(field::quotaPercent, below(410) - 2);
            break;
        default:
            break;
        }
        return m;
    }

    QVariantMap mutated(QVariantMap m)
    {
        for (int n = below(4); n > 0; --n) {
            const QStringList keys = m.keys();
            switch (below(4)) {
            case 0:
                if (!keys.isEmpty())
                    m.remove(keys[below(int(keys.size()))]);
                break;
            case 1:
                m.insert(anyKey(), anyValue());
                break;
            case 2:
                if (!keys.isEmpty())
                    m.insert(keys[below(int(keys.size()))], anyValue());
                break;
            default:
                m.insert(field::targets, chance(50) ? QVariant(stringList()) : anyValue());
                break;
            }
        }
        return m;
    }

    QVariantMap anyMap()
    {
        switch (below(4)) {
        case 0: {
            QVariantMap m;
            for (int i = below(10); i > 0; --i)
                m.insert(anyKey(), anyValue());
            return m;
        }
        case 1:
            return validMap();
        default:
            return mutated(validMap());
        }
    }

private:
    std::mt19937_64 m_rng;
};

[[noreturn]] void fail(std::uint64_t iteration, const char *what, const QString &detail)
{
    std::fprintf(stderr, "procops_request_fuzz: iteration %llu: %s: %s\n", static_cast<unsigned long long>(iteration),
        what, detail.toLocal8Bit().constData());
    std::abort();
}

// Every invariant of an accepted request, checked independently of the decoder's own code paths.
QString checkInvariants(const HelperRequest &r, const MachineLimits &limits)
{
    if (QString e = validateRequest(r, limits); !e.isEmpty())
        return QStringLiteral("validateRequest: ") + e;
    if (r.targets.isEmpty() || r.targets.size() > kMaxTargets)
        return QStringLiteral("target count");
    for (const ProcessIdentity &t : r.targets) {
        if (t.pid < 2 || t.pid > kMaxPid || t.boot.isNull())
            return QStringLiteral("identity ") + t.toQString();
        const auto again = ProcessIdentity::parse(QStringView(t.toQString()));
        if (!again || !(*again == t))
            return QStringLiteral("identity does not round-trip: ") + t.toQString();
    }
    if (!actionIdFor(r.verb).startsWith(QStringLiteral("org.ptriage.helper.")))
        return QStringLiteral("action id");
    if (r.verb == Verb::Signal ? !signalNumber(r.signal) : (!r.signal.isEmpty() || r.processGroup))
        return QStringLiteral("signal");
    if (r.nice < kNiceMin || r.nice > kNiceMax || (r.verb != Verb::Renice && r.nice != 0))
        return QStringLiteral("nice");
    const bool takesCpus = r.verb == Verb::Quarantine || r.verb == Verb::Unquarantine;
    if (takesCpus == r.cpus.isEmpty())
        return QStringLiteral("cpus");
    for (qsizetype i = 0; i < r.cpus.size(); ++i)
        if (!limits.allowedCpus.contains(r.cpus[i]) || r.cpus.indexOf(r.cpus[i]) != i)
            return QStringLiteral("cpu %1").arg(r.cpus[i]);
    if (r.verb == Verb::Throttle ? (r.quotaPercent < 1 || r.quotaPercent > 100 * limits.configuredCpus)
                                 : r.quotaPercent != 0)
        return QStringLiteral("quota");
    const DecodeResult again = decodeRequest(r.toVariantMap(), limits);
    if (!again.ok() || !(*again.request == r))
        return QStringLiteral("does not re-decode: ") + again.error;
    return {};
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s SEED ITERATIONS\n", argv[0]);
        return 2;
    }
    const std::uint64_t seed = std::strtoull(argv[1], nullptr, 10);
    const std::uint64_t iterations = std::strtoull(argv[2], nullptr, 10);
    Gen gen(seed);
    MachineLimits limits;
    limits.configuredCpus = 4;
    limits.allowedCpus = {0, 1, 3};
    std::uint64_t accepted = 0;
    for (std::uint64_t i = 0; i < iterations; ++i) {
        const QVariantMap map = gen.anyMap();
        const DecodeResult d = decodeRequest(map, limits);
        if (d.ok() != d.error.isEmpty())
            fail(i, "result and error disagree", d.error);
        if (d.ok()) {
            ++accepted;
            if (const QString e = checkInvariants(*d.request, limits); !e.isEmpty())
                fail(i, "accepted request breaks an invariant", e);
        } else if (d.error.size() > 600 || d.error.contains(QLatin1Char('\n'))) {
            fail(i, "error message too long or multi-line", d.error.left(200));
        }
        // Deterministic: the same map decodes the same way.
        const DecodeResult twice = decodeRequest(map, limits);
        if (twice.error != d.error || twice.ok() != d.ok() || (d.ok() && !(*twice.request == *d.request)))
            fail(i, "not deterministic", d.error);
    }
    std::printf("procops_request_fuzz: seed %llu, %llu maps, %llu accepted, %llu rejected\n",
        static_cast<unsigned long long>(seed), static_cast<unsigned long long>(iterations),
        static_cast<unsigned long long>(accepted), static_cast<unsigned long long>(iterations - accepted));
    // A driver that never gets past the decoder's first checks would prove little.
    if (iterations >= 1000 && (accepted < iterations / 100 || accepted == iterations)) {
        std::fprintf(stderr, "procops_request_fuzz: too few or too many accepted maps; the generator needs work\n");
        return 1;
    }
    return 0;
}
