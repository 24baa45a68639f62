#include "procops/request/HelperRequest.h"

#include "procops/request/UndoLedger.h"

#include <QFile>
#include <QMetaType>
#include <QSet>

#include <algorithm>
#include <array>
#include <charconv>
#include <csignal>
#include <limits>
#include <sched.h>
#include <unistd.h>

namespace ptriage::procops {
namespace {

struct VerbInfo {
    Verb verb;
    const char *name;
    const char *family;
};

constexpr std::array<VerbInfo, 8> kVerbs{{
    {Verb::Signal, "signal", "signal"},
    {Verb::Freeze, "freeze", "freeze"},
    {Verb::Thaw, "thaw", "freeze"},
    {Verb::Throttle, "throttle", "throttle"},
    {Verb::Unthrottle, "unthrottle", "throttle"},
    {Verb::Renice, "renice", "renice"},
    {Verb::Quarantine, "quarantine", "quarantine"},
    {Verb::Unquarantine, "unquarantine", "quarantine"},
}};

struct SignalInfo {
    const char *name;
    int number;
};

constexpr std::array<SignalInfo, 8> kSignals{{
    {"HUP", SIGHUP},
    {"INT", SIGINT},
    {"TERM", SIGTERM},
    {"KILL", SIGKILL},
    {"USR1", SIGUSR1},
    {"USR2", SIGUSR2},
    {"STOP", SIGSTOP},
    {"CONT", SIGCONT},
}};

const VerbInfo &infoOf(Verb verb)
{
    for (const auto &v : kVerbs)
        if (v.verb == verb)
            return v;
    return kVerbs[0];
}

// Client text quoted back in an error: printable ASCII only and short, so a hostile request cannot
// inject lines or megabytes into a log.
QString quoted(QStringView text)
{
    constexpr qsizetype kMax = 64;
    QString out;
    out.reserve(std::min(text.size(), kMax) + 5);
    out += QLatin1Char('\'');
    for (qsizetype i = 0; i < text.size() && i < kMax; ++i) {
        const QChar c = text[i];
        out += (c.unicode() >= 0x20 && c.unicode() < 0x7f) ? c : QLatin1Char('?');
    }
    if (text.size() > kMax)
        out += QStringLiteral("...");
    out += QLatin1Char('\'');
    return out;
}

QString typeNameOf(const QVariant &v)
{
    if (!v.isValid())
        return QStringLiteral("nothing");
    const char *name = v.metaType().name();
    return name ? QString::fromLatin1(name) : QStringLiteral("an unknown type");
}

// Integers arrive from D-Bus as any of y n q i u x t; all are accepted, range-checked as 64-bit.
// bool, double and strings are not integers here.
std::optional<qint64> integerOf(const QVariant &v)
{
    switch (v.metaType().id()) {
    case QMetaType::Int:
        return v.toInt();
    case QMetaType::UInt:
        return v.toUInt();
    case QMetaType::Short:
        return static_cast<short>(v.value<short>());
    case QMetaType::UShort:
        return v.value<ushort>();
    case QMetaType::UChar:
        return v.value<uchar>();
    case QMetaType::LongLong:
        return v.toLongLong();
    case QMetaType::ULongLong: {
        const qulonglong u = v.toULongLong();
        if (u > static_cast<qulonglong>(std::numeric_limits<qint64>::max()))
            return std::numeric_limits<qint64>::max(); // out of every range below
        return static_cast<qint64>(u);
    }
    default:
        return std::nullopt;
    }
}

QString checkIntRange(const QString &name, qint64 value, qint64 lo, qint64 hi, const QString &valueText = {})
{
    if (value < lo || value > hi)
        return QStringLiteral("field '%1' is %2; it must be between %3 and %4")
            .arg(name, valueText.isEmpty() ? QString::number(value) : valueText)
            .arg(lo)
            .arg(hi);
    return {};
}

QString decodeInt(const QVariantMap &map, const QString &name, qint64 lo, qint64 hi, int *out)
{
    const QVariant v = map.value(name);
    const auto value = integerOf(v);
    if (!value)
        return QStringLiteral("field '%1' must be an integer, not %2").arg(name, typeNameOf(v));
    if (QString e = checkIntRange(name, *value, lo, hi, v.toString()); !e.isEmpty())
        return e;
    *out = static_cast<int>(*value);
    return {};
}

// A CPU list: QVariantList of integers or QList<int>. Size-checked before any element is looked at.
QString decodeCpuList(const QVariantMap &map, const QString &name, const MachineLimits &limits, QList<int> *out)
{
    const QVariant v = map.value(name);
    QList<int> cpus;
    if (v.metaType() == QMetaType::fromType<QList<int>>()) {
        const auto list = v.value<QList<int>>();
        if (list.size() > limits.configuredCpus)
            return QStringLiteral("field '%1' has %2 entries; this machine has %3 CPUs")
                .arg(name)
                .arg(list.size())
                .arg(limits.configuredCpus);
        cpus = list;
    } else if (v.metaType().id() == QMetaType::QVariantList) {
        const QVariantList list = v.toList();
        if (list.size() > limits.configuredCpus)
            return QStringLiteral("field '%1' has %2 entries; this machine has %3 CPUs")
                .arg(name)
                .arg(list.size())
                .arg(limits.configuredCpus);
        for (qsizetype i = 0; i < list.size(); ++i) {
            const auto value = integerOf(list[i]);
            if (!value)
                return QStringLiteral("field '%1'[%2] must be an integer, not %3")
                    .arg(name)
                    .arg(i)
                    .arg(typeNameOf(list[i]));
            if (*value < 0 || *value >= limits.configuredCpus)
                return QStringLiteral("field '%1'[%2] is CPU %3; this machine has CPUs 0 to %4")
                    .arg(name)
                    .arg(i)
                    .arg(list[i].toString())
                    .arg(limits.configuredCpus - 1);
            cpus.append(static_cast<int>(*value));
        }
    } else {
        return QStringLiteral("field '%1' must be a list of integers, not %2").arg(name, typeNameOf(v));
    }
    *out = cpus;
    return {};
}

QString checkCpuList(const QString &name, const QList<int> &cpus, const MachineLimits &limits)
{
    if (cpus.isEmpty())
        return QStringLiteral("field '%1' is empty; give at least one CPU").arg(name);
    if (cpus.size() > limits.configuredCpus)
        return QStringLiteral("field '%1' has %2 entries; this machine has %3 CPUs")
            .arg(name)
            .arg(cpus.size())
            .arg(limits.configuredCpus);
    QSet<int> seen;
    for (qsizetype i = 0; i < cpus.size(); ++i) {
        const int cpu = cpus[i];
        if (cpu < 0 || cpu >= limits.configuredCpus)
            return QStringLiteral("field '%1'[%2] is CPU %3; this machine has CPUs 0 to %4")
                .arg(name)
                .arg(i)
                .arg(cpu)
                .arg(limits.configuredCpus - 1);
        if (!limits.allowedCpus.contains(cpu))
            return QStringLiteral("field '%1'[%2] is CPU %3, which is not online").arg(name).arg(i).arg(cpu);
        if (seen.contains(cpu))
            return QStringLiteral("field '%1'[%2] repeats CPU %3").arg(name).arg(i).arg(cpu);
        seen.insert(cpu);
    }
    return {};
}

// Which argument fields each verb takes, and whether they are required.
struct ArgSpec {
    const QString *name;
    bool required;
};

QList<ArgSpec> argsOf(Verb verb)
{
    switch (verb) {
    case Verb::Signal:
        return {{&field::signal, true}, {&field::processGroup, false}};
    case Verb::Renice:
        return {{&field::nice, true}};
    case Verb::Quarantine:
        return {{&field::cpus, true}};
    case Verb::Unquarantine:
        return {{&field::affinity, true}};
    case Verb::Throttle:
        return {{&field::quotaPercent, true}};
    case Verb::Freeze:
    case Verb::Thaw:
    case Verb::Unthrottle:
        break;
    }
    return {};
}

const QStringList &knownFields()
{
    static const QStringList fields{field::verb, field::targets, field::signal, field::processGroup, field::nice,
        field::cpus, field::affinity, field::quotaPercent};
    return fields;
}

QString decodeTargets(const QVariant &v, QList<ProcessIdentity> *out)
{
    QStringList texts;
    if (v.metaType().id() == QMetaType::QStringList) {
        texts = v.toStringList();
        if (texts.size() > kMaxTargets)
            return QStringLiteral("field 'targets' has %1 entries; at most %2 are allowed")
                .arg(texts.size())
                .arg(kMaxTargets);
    } else if (v.metaType().id() == QMetaType::QVariantList) {
        const QVariantList list = v.toList();
        if (list.size() > kMaxTargets)
            return QStringLiteral("field 'targets' has %1 entries; at most %2 are allowed")
                .arg(list.size())
                .arg(kMaxTargets);
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (list[i].metaType().id() != QMetaType::QString)
                return QStringLiteral("field 'targets'[%1] must be a string, not %2").arg(i).arg(typeNameOf(list[i]));
            texts.append(list[i].toString());
        }
    } else {
        return QStringLiteral("field 'targets' must be a list of strings, not %1").arg(typeNameOf(v));
    }
    if (texts.isEmpty())
        return QStringLiteral("field 'targets' is empty; give at least one identity");
    QList<ProcessIdentity> targets;
    for (qsizetype i = 0; i < texts.size(); ++i) {
        QString why;
        auto id = ProcessIdentity::parse(QStringView(texts[i]), &why);
        if (!id)
            return QStringLiteral("field 'targets'[%1]: %2").arg(i).arg(why);
        if (id->pid < 2)
            return QStringLiteral("field 'targets'[%1]: pid 1 is init, never a target").arg(i);
        for (qsizetype j = 0; j < targets.size(); ++j)
            if (targets[j] == *id)
                return QStringLiteral("field 'targets'[%1] repeats 'targets'[%2]").arg(i).arg(j);
        targets.append(*id);
    }
    *out = targets;
    return {};
}

QList<int> readCpuList(const QString &path)
{
    // Kernel format "0-3,8,10-11".
    QFile f(path);
    QList<int> cpus;
    if (!f.open(QIODevice::ReadOnly))
        return cpus;
    const QByteArray text = f.readAll().trimmed();
    for (const QByteArray &part : text.split(',')) {
        const auto range = part.split('-');
        bool ok1 = false, ok2 = true;
        const int lo = range.value(0).toInt(&ok1);
        const int hi = range.size() > 1 ? range[1].toInt(&ok2) : lo;
        if (!ok1 || !ok2 || lo < 0 || hi < lo || hi > 65535)
            return {};
        for (int c = lo; c <= hi; ++c)
            cpus.append(c);
    }
    return cpus;
}

} // namespace

QString verbName(Verb verb)
{
    return QString::fromLatin1(infoOf(verb).name);
}

std::optional<Verb> verbFromName(QStringView name)
{
    for (const auto &v : kVerbs)
        if (name == QLatin1String(v.name))
            return v.verb;
    return std::nullopt;
}

QString actionIdFor(Verb verb)
{
    return QStringLiteral("org.ptriage.helper.") + QLatin1String(infoOf(verb).family);
}

QString actionIdFor(const QString &verb)
{
    const auto v = verbFromName(verb);
    return v ? actionIdFor(*v) : QString();
}

bool isUndo(const HelperRequest &r, const UndoLedger *ledger)
{
    // With a ledger, an undo puts back only what the helper did; without one, the verb's kind.
    const auto allHeld = [&](UndoLedger::Hold kind) {
        return !ledger
            || (!r.targets.isEmpty()
                && std::all_of(r.targets.cbegin(), r.targets.cend(),
                    [&](const ProcessIdentity &t) { return ledger->held(kind, t).has_value(); }));
    };
    switch (r.verb) {
    case Verb::Signal:
        return r.signal == QLatin1String("CONT") && allHeld(UndoLedger::Hold::Stop);
    case Verb::Thaw:
        return allHeld(UndoLedger::Hold::Freeze);
    case Verb::Unthrottle:
        return allHeld(UndoLedger::Hold::Throttle);
    case Verb::Renice:
        return ledger && !r.targets.isEmpty()
            && std::all_of(r.targets.cbegin(), r.targets.cend(),
                [&](const ProcessIdentity &t) { return ledger->restoresNice(t, r.nice); });
    case Verb::Unquarantine:
        return ledger && !r.targets.isEmpty()
            && std::all_of(r.targets.cbegin(), r.targets.cend(),
                [&](const ProcessIdentity &t) { return ledger->restoresAffinity(t, r.cpus); });
    case Verb::Freeze:
    case Verb::Throttle:
    case Verb::Quarantine:
        break;
    }
    return false;
}

QString actionIdFor(const HelperRequest &r, const UndoLedger *ledger)
{
    return isUndo(r, ledger) ? QLatin1String(kUndoActionId) : actionIdFor(r.verb);
}

const QStringList &signalNames()
{
    static const QStringList names = [] {
        QStringList n;
        for (const auto &s : kSignals)
            n.append(QLatin1String(s.name));
        return n;
    }();
    return names;
}

int signalNumber(QStringView name)
{
    for (const auto &s : kSignals)
        if (name == QLatin1String(s.name))
            return s.number;
    return 0;
}

MachineLimits MachineLimits::current()
{
    MachineLimits m;
    const long conf = ::sysconf(_SC_NPROCESSORS_CONF);
    m.configuredCpus = conf > 0 ? static_cast<int>(std::min<long>(conf, 65536)) : 1;
    m.allowedCpus = readCpuList(QStringLiteral("/sys/devices/system/cpu/online"));
    m.allowedCpus.removeIf([&](int c) { return c >= m.configuredCpus; });
    if (m.allowedCpus.isEmpty())
        m.allowedCpus.append(0);
    return m;
}

QVariantMap HelperRequest::toVariantMap() const
{
    QVariantMap map;
    map.insert(field::verb, verbName(verb));
    QStringList ids;
    for (const auto &t : targets)
        ids.append(t.toQString());
    map.insert(field::targets, ids);
    QVariantList cpuList;
    for (int c : cpus)
        cpuList.append(c);
    switch (verb) {
    case Verb::Signal:
        map.insert(field::signal, signal);
        if (processGroup)
            map.insert(field::processGroup, true);
        break;
    case Verb::Renice:
        map.insert(field::nice, nice);
        break;
    case Verb::Quarantine:
        map.insert(field::cpus, cpuList);
        break;
    case Verb::Unquarantine:
        map.insert(field::affinity, cpuList);
        break;
    case Verb::Throttle:
        map.insert(field::quotaPercent, quotaPercent);
        break;
    case Verb::Freeze:
    case Verb::Thaw:
    case Verb::Unthrottle:
        break;
    }
    return map;
}

DecodeResult decodeRequest(const QVariantMap &map, const MachineLimits &limits)
{
    auto fail = [](const QString &error) { return DecodeResult{std::nullopt, error}; };
    if (map.size() > knownFields().size())
        return fail(
            QStringLiteral("the request has %1 fields; at most %2 exist").arg(map.size()).arg(knownFields().size()));
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        if (!knownFields().contains(it.key()))
            return fail(QStringLiteral("unknown field %1").arg(quoted(it.key())));

    if (!map.contains(field::verb))
        return fail(QStringLiteral("missing field 'verb'"));
    const QVariant verbValue = map.value(field::verb);
    if (verbValue.metaType().id() != QMetaType::QString)
        return fail(QStringLiteral("field 'verb' must be a string, not %1").arg(typeNameOf(verbValue)));
    const auto verb = verbFromName(verbValue.toString());
    if (!verb) {
        QStringList names;
        for (const auto &v : kVerbs)
            names.append(QLatin1String(v.name));
        return fail(QStringLiteral("field 'verb' is %1; it must be one of: %2")
                        .arg(quoted(verbValue.toString()), names.join(QStringLiteral(", "))));
    }
    HelperRequest req;
    req.verb = *verb;

    const QList<ArgSpec> args = argsOf(req.verb);
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        if (it.key() == field::verb || it.key() == field::targets)
            continue;
        const bool applies
            = std::any_of(args.begin(), args.end(), [&](const ArgSpec &a) { return *a.name == it.key(); });
        if (!applies)
            return fail(QStringLiteral("field '%1' does not apply to verb '%2'").arg(it.key(), verbName(req.verb)));
    }
    for (const ArgSpec &a : args)
        if (a.required && !map.contains(*a.name))
            return fail(QStringLiteral("missing field '%1' (required for verb '%2')").arg(*a.name, verbName(req.verb)));

    if (!map.contains(field::targets))
        return fail(QStringLiteral("missing field 'targets'"));
    if (QString e = decodeTargets(map.value(field::targets), &req.targets); !e.isEmpty())
        return fail(e);

    switch (req.verb) {
    case Verb::Signal: {
        const QVariant s = map.value(field::signal);
        if (s.metaType().id() != QMetaType::QString)
            return fail(QStringLiteral("field 'signal' must be a string, not %1").arg(typeNameOf(s)));
        if (!signalNumber(s.toString()))
            return fail(QStringLiteral("field 'signal' is %1; it must be one of: %2")
                            .arg(quoted(s.toString()), signalNames().join(QStringLiteral(", "))));
        req.signal = s.toString();
        if (map.contains(field::processGroup)) {
            const QVariant g = map.value(field::processGroup);
            if (g.metaType().id() != QMetaType::Bool)
                return fail(QStringLiteral("field 'processGroup' must be a boolean, not %1").arg(typeNameOf(g)));
            req.processGroup = g.toBool();
        }
        break;
    }
    case Verb::Renice:
        if (QString e = decodeInt(map, field::nice, kNiceMin, kNiceMax, &req.nice); !e.isEmpty())
            return fail(e);
        break;
    case Verb::Quarantine:
    case Verb::Unquarantine: {
        const QString &name = req.verb == Verb::Quarantine ? field::cpus : field::affinity;
        if (QString e = decodeCpuList(map, name, limits, &req.cpus); !e.isEmpty())
            return fail(e);
        if (QString e = checkCpuList(name, req.cpus, limits); !e.isEmpty())
            return fail(e);
        break;
    }
    case Verb::Throttle:
        if (QString e = decodeInt(map, field::quotaPercent, 1, 100LL * limits.configuredCpus, &req.quotaPercent);
            !e.isEmpty())
            return fail(e);
        break;
    case Verb::Freeze:
    case Verb::Thaw:
    case Verb::Unthrottle:
        break;
    }
    // The decoder and the invariants must agree; a request that decodes is a valid request.
    if (QString e = validateRequest(req, limits); !e.isEmpty())
        return fail(e);
    return DecodeResult{req, {}};
}

QString validateArguments(const HelperRequest &r, const MachineLimits &limits)
{
    if (!verbFromName(verbName(r.verb)) || verbFromName(verbName(r.verb)) != r.verb)
        return QStringLiteral("unknown verb");
    const bool isSignal = r.verb == Verb::Signal;
    if (isSignal && !signalNumber(r.signal))
        return QStringLiteral("field 'signal' is %1; it must be one of: %2")
            .arg(quoted(r.signal), signalNames().join(QStringLiteral(", ")));
    if (!isSignal && (!r.signal.isEmpty() || r.processGroup))
        return QStringLiteral("field 'signal' does not apply to verb '%1'").arg(verbName(r.verb));
    if (r.verb == Verb::Renice) {
        if (QString e = checkIntRange(field::nice, r.nice, kNiceMin, kNiceMax); !e.isEmpty())
            return e;
    } else if (r.nice != 0) {
        return QStringLiteral("field 'nice' does not apply to verb '%1'").arg(verbName(r.verb));
    }
    if (r.verb == Verb::Quarantine || r.verb == Verb::Unquarantine) {
        if (QString e = checkCpuList(r.verb == Verb::Quarantine ? field::cpus : field::affinity, r.cpus, limits);
            !e.isEmpty())
            return e;
    } else if (!r.cpus.isEmpty()) {
        return QStringLiteral("field 'cpus' does not apply to verb '%1'").arg(verbName(r.verb));
    }
    if (r.verb == Verb::Throttle) {
        if (QString e = checkIntRange(field::quotaPercent, r.quotaPercent, 1, 100LL * limits.configuredCpus);
            !e.isEmpty())
            return e;
    } else if (r.quotaPercent != 0) {
        return QStringLiteral("field 'quotaPercent' does not apply to verb '%1'").arg(verbName(r.verb));
    }
    return {};
}

QString validateRequest(const HelperRequest &r, const MachineLimits &limits)
{
    if (r.targets.isEmpty() || r.targets.size() > kMaxTargets)
        return QStringLiteral("field 'targets' has %1 entries; it needs 1 to %2")
            .arg(r.targets.size())
            .arg(kMaxTargets);
    for (qsizetype i = 0; i < r.targets.size(); ++i) {
        QString why;
        const auto again = ProcessIdentity::parse(QStringView(r.targets[i].toQString()), &why);
        if (!again || *again != r.targets[i] || r.targets[i].pid < 2)
            return QStringLiteral("field 'targets'[%1]: %2")
                .arg(i)
                .arg(why.isEmpty() ? QStringLiteral("pid 1 is init, never a target") : why);
        for (qsizetype j = 0; j < i; ++j)
            if (r.targets[j] == r.targets[i])
                return QStringLiteral("field 'targets'[%1] repeats 'targets'[%2]").arg(i).arg(j);
    }
    return validateArguments(r, limits);
}

} // namespace ptriage::procops
