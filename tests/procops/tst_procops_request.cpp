// The helper core's pure parts: the request decoder and validator, identities, results and the /proc
// and mountinfo parsers. No root and no processes (label unit); the kernel side is tst_helper_core.cpp.
#include "procops/identity/ProcFs.h"
#include "procops/identity/ProcessIdentity.h"
#include "procops/ops/Cgroups.h"
#include "procops/request/HelperRequest.h"
#include "procops/request/TargetResult.h"

#include <QtTest>

#include <cerrno>
#include <limits>
#include <string>
#include <string_view>

using namespace ptriage;
using namespace ptriage::procops;

namespace {

QVariantMap validSignalMap(const QString &identity)
{
    return {{field::verb, QStringLiteral("signal")}, {field::targets, QStringList{identity}},
        {field::signal, QStringLiteral("TERM")}};
}

const QString kBoot = QStringLiteral("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");

} // namespace

class HelperRequestTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // ---- decoder ------------------------------------------------------------------------------

    void decoder_data()
    {
        QTest::addColumn<QVariantMap>("map");
        QTest::addColumn<QString>("error"); // expected substring; empty: must decode

        const QString id = kBoot + QStringLiteral(":12345:678");
        const QVariantMap base = validSignalMap(id);
        auto with = [&](const QString &key, const QVariant &value, QVariantMap m = {}) {
            if (m.isEmpty())
                m = base;
            m.insert(key, value);
            return m;
        };
        auto without = [&](const QString &key, QVariantMap m) {
            m.remove(key);
            return m;
        };
        auto verb = [&](const QString &v, std::initializer_list<std::pair<QString, QVariant>> args) {
            QVariantMap m{{field::verb, v}, {field::targets, QStringList{id}}};
            for (const auto &[k, val] : args)
                m.insert(k, val);
            return m;
        };
        auto target = [&](const QString &identity) { return with(field::targets, QStringList{identity}); };

        QTest::newRow("valid signal") << base << QString();
        QTest::newRow("valid group signal") << with(field::processGroup, true) << QString();
        QTest::newRow("valid freeze") << verb(QStringLiteral("freeze"), {}) << QString();
        QTest::newRow("valid thaw") << verb(QStringLiteral("thaw"), {}) << QString();
        QTest::newRow("valid unthrottle") << verb(QStringLiteral("unthrottle"), {}) << QString();
        QTest::newRow("valid renice -20") << verb(QStringLiteral("renice"), {{field::nice, -20}}) << QString();
        QTest::newRow("valid renice 19 as uint") << verb(QStringLiteral("renice"), {{field::nice, 19u}}) << QString();
        QTest::newRow("valid renice as qlonglong")
            << verb(QStringLiteral("renice"), {{field::nice, qlonglong(5)}}) << QString();
        QTest::newRow("valid throttle 1%") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 1}}) << QString();
        QTest::newRow("valid throttle 400%")
            << verb(QStringLiteral("throttle"), {{field::quotaPercent, 400}}) << QString();
        QTest::newRow("valid quarantine")
            << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{0, 3}}}) << QString();
        QTest::newRow("valid quarantine QList<int>")
            << verb(QStringLiteral("quarantine"), {{field::cpus, QVariant::fromValue(QList<int>{1})}}) << QString();
        QTest::newRow("valid unquarantine")
            << verb(QStringLiteral("unquarantine"), {{field::affinity, QVariantList{0, 1, 3}}}) << QString();
        QTest::newRow("valid targets as variant list")
            << with(field::targets, QVariantList{id, kBoot + QStringLiteral(":1:2")}) << QString();

        // Missing, unknown and misplaced fields.
        QTest::newRow("missing verb") << without(field::verb, base) << QStringLiteral("missing field 'verb'");
        QTest::newRow("missing targets") << without(field::targets, base) << QStringLiteral("missing field 'targets'");
        QTest::newRow("missing signal") << without(field::signal, base) << QStringLiteral("missing field 'signal'");
        QTest::newRow("missing nice") << verb(QStringLiteral("renice"), {}) << QStringLiteral("missing field 'nice'");
        QTest::newRow("missing cpus") << verb(QStringLiteral("quarantine"), {})
                                      << QStringLiteral("missing field 'cpus'");
        QTest::newRow("missing affinity")
            << verb(QStringLiteral("unquarantine"), {}) << QStringLiteral("missing field 'affinity'");
        QTest::newRow("missing quota") << verb(QStringLiteral("throttle"), {})
                                       << QStringLiteral("missing field 'quotaPercent'");
        QTest::newRow("unknown key") << with(QStringLiteral("pid"), 5) << QStringLiteral("unknown field 'pid'");
        QTest::newRow("unknown key, hostile")
            << with(QStringLiteral("x\ny") + QString(500, QLatin1Char('z')), 5) << QStringLiteral("unknown field 'x?y");
        QTest::newRow("field of another verb") << with(field::nice, 5) << QStringLiteral("'nice' does not apply");
        QTest::newRow("cpus for unquarantine") << verb(QStringLiteral("unquarantine"), {{field::cpus, QVariantList{0}}})
                                               << QStringLiteral("'cpus' does not apply");

        // Wrong types.
        QTest::newRow("verb int") << with(field::verb, 1) << QStringLiteral("'verb' must be a string");
        QTest::newRow("verb unknown") << with(field::verb, QStringLiteral("explode"))
                                      << QStringLiteral("'verb' is 'explode'");
        QTest::newRow("verb wrong case") << with(field::verb, QStringLiteral("Signal")) << QStringLiteral("'verb'");
        QTest::newRow("signal int") << with(field::signal, 15) << QStringLiteral("'signal' must be a string");
        QTest::newRow("signal SEGV") << with(field::signal, QStringLiteral("SEGV"))
                                     << QStringLiteral("'signal' is 'SEGV'");
        QTest::newRow("signal SIGTERM") << with(field::signal, QStringLiteral("SIGTERM")) << QStringLiteral("'signal'");
        QTest::newRow("signal number text") << with(field::signal, QStringLiteral("9")) << QStringLiteral("'signal'");
        QTest::newRow("processGroup int")
            << with(field::processGroup, 1) << QStringLiteral("'processGroup' must be a boolean");
        QTest::newRow("processGroup string")
            << with(field::processGroup, QStringLiteral("true")) << QStringLiteral("'processGroup' must be a boolean");
        QTest::newRow("nice string") << verb(QStringLiteral("renice"), {{field::nice, QStringLiteral("5")}})
                                     << QStringLiteral("'nice' must be an integer");
        QTest::newRow("nice double") << verb(QStringLiteral("renice"), {{field::nice, 5.0}})
                                     << QStringLiteral("'nice' must be an integer");
        QTest::newRow("nice bool") << verb(QStringLiteral("renice"), {{field::nice, true}})
                                   << QStringLiteral("'nice' must be an integer");
        QTest::newRow("nice invalid variant") << verb(QStringLiteral("renice"), {{field::nice, QVariant()}})
                                              << QStringLiteral("'nice' must be an integer");
        QTest::newRow("quota double") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 50.5}})
                                      << QStringLiteral("'quotaPercent' must be an integer");
        QTest::newRow("cpus string") << verb(QStringLiteral("quarantine"), {{field::cpus, QStringLiteral("0,1")}})
                                     << QStringLiteral("'cpus' must be a list of integers");
        QTest::newRow("cpus element double")
            << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{0, 1.0}}})
            << QStringLiteral("'cpus'[1] must be an integer");
        QTest::newRow("targets string") << with(field::targets, id) << QStringLiteral("'targets' must be a list");
        QTest::newRow("targets element int")
            << with(field::targets, QVariantList{id, 5}) << QStringLiteral("'targets'[1] must be a string");
        QTest::newRow("targets nested list")
            << with(field::targets, QVariantList{QVariantList{id}}) << QStringLiteral("'targets'[0] must be a string");

        // Ranges, negatives and overflow.
        QTest::newRow("nice 20") << verb(QStringLiteral("renice"), {{field::nice, 20}})
                                 << QStringLiteral("'nice' is 20; it must be between -20 and 19");
        QTest::newRow("nice -21") << verb(QStringLiteral("renice"), {{field::nice, -21}})
                                  << QStringLiteral("'nice' is -21");
        QTest::newRow("nice qlonglong overflow") << verb(QStringLiteral("renice"), {{field::nice, qlonglong(1) << 40}})
                                                 << QStringLiteral("'nice' is 1099511627776");
        QTest::newRow("nice qlonglong wraps to 0") << verb(QStringLiteral("renice"),
            {{field::nice, qlonglong(1) << 32}}) << QStringLiteral("'nice' is 4294967296");
        QTest::newRow("nice ulonglong max")
            << verb(QStringLiteral("renice"), {{field::nice, std::numeric_limits<qulonglong>::max()}})
            << QStringLiteral("'nice' is");
        QTest::newRow("nice uint max") << verb(QStringLiteral("renice"), {{field::nice, 4294967295u}})
                                       << QStringLiteral("'nice' is 4294967295");
        QTest::newRow("quota 0") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 0}})
                                 << QStringLiteral("'quotaPercent' is 0");
        QTest::newRow("quota negative") << verb(QStringLiteral("throttle"), {{field::quotaPercent, -5}})
                                        << QStringLiteral("'quotaPercent' is -5");
        QTest::newRow("quota above all CPUs") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 401}})
                                              << QStringLiteral("'quotaPercent' is 401; it must be between 1 and 400");
        QTest::newRow("cpus empty") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{}}})
                                    << QStringLiteral("'cpus' is empty");
        QTest::newRow("cpu index = nproc") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{4}}})
                                           << QStringLiteral("'cpus'[0] is CPU 4; this machine has CPUs 0 to 3");
        QTest::newRow("cpu negative") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{-1}}})
                                      << QStringLiteral("'cpus'[0] is CPU -1");
        QTest::newRow("cpu offline") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{2}}})
                                     << QStringLiteral("CPU 2, which is not online");
        QTest::newRow("cpu repeated") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{1, 1}}})
                                      << QStringLiteral("'cpus'[1] repeats CPU 1");
        QTest::newRow("cpu list huge") << verb(
            QStringLiteral("quarantine"), {{field::cpus, QVariant::fromValue(QList<int>(100000, 0))}})
                                       << QStringLiteral("'cpus' has 100000 entries");
        QTest::newRow("affinity huge variant list")
            << verb(QStringLiteral("unquarantine"), {{field::affinity, QVariantList(5000, 0)}})
            << QStringLiteral("'affinity' has 5000 entries");

        // Targets: count, repeats and malformed identities.
        QTest::newRow("targets empty") << with(field::targets, QStringList{}) << QStringLiteral("'targets' is empty");
        QStringList many;
        for (int i = 0; i < 10000; ++i)
            many.append(kBoot + QStringLiteral(":1:%1").arg(i + 2));
        QTest::newRow("10000 targets") << with(field::targets, many)
                                       << QStringLiteral("'targets' has 10000 entries; at most 256");
        QTest::newRow("257 targets") << with(field::targets, many.mid(0, 257)) << QStringLiteral("has 257 entries");
        QTest::newRow("256 targets") << with(field::targets, many.mid(0, 256)) << QString();
        QTest::newRow("repeated target") << with(field::targets, QStringList{id, id})
                                         << QStringLiteral("'targets'[1] repeats 'targets'[0]");
        QTest::newRow("id empty") << target(QString()) << QStringLiteral("'targets'[0]: '' is not an identity");
        QTest::newRow("id uppercase boot")
            << target(kBoot.toUpper() + QStringLiteral(":1:2")) << QStringLiteral("lowercase uuid");
        QTest::newRow("id short boot") << target(kBoot.left(35) + QStringLiteral(":1:2"))
                                       << QStringLiteral("lowercase uuid");
        QTest::newRow("id boot without dashes")
            << target(QString(kBoot).replace(QLatin1Char('-'), QLatin1Char('0')) + QStringLiteral(":1:2"))
            << QStringLiteral("lowercase uuid");
        QTest::newRow("id two fields") << target(kBoot + QStringLiteral(":12")) << QStringLiteral("three fields");
        QTest::newRow("id four fields") << target(id + QStringLiteral(":9")) << QStringLiteral("three fields");
        QTest::newRow("id negative pid") << target(kBoot + QStringLiteral(":1:-5")) << QStringLiteral("the pid");
        QTest::newRow("id pid 0") << target(kBoot + QStringLiteral(":1:0")) << QStringLiteral("pid 0 is never");
        QTest::newRow("id pid 1") << target(kBoot + QStringLiteral(":1:1")) << QStringLiteral("1 is init");
        QTest::newRow("id pid too big") << target(kBoot + QStringLiteral(":1:4194305")) << QStringLiteral("to 4194304");
        QTest::newRow("id pid max") << target(kBoot + QStringLiteral(":1:4194304")) << QString();
        QTest::newRow("id pid leading zero") << target(kBoot + QStringLiteral(":1:0678")) << QStringLiteral("the pid");
        QTest::newRow("id pid space") << target(kBoot + QStringLiteral(":1: 678")) << QStringLiteral("the pid");
        QTest::newRow("id start plus") << target(kBoot + QStringLiteral(":+5:678")) << QStringLiteral("start time");
        QTest::newRow("id start hex") << target(kBoot + QStringLiteral(":0x10:678")) << QStringLiteral("start time");
        QTest::newRow("id start overflow")
            << target(kBoot + QStringLiteral(":18446744073709551616:678")) << QStringLiteral("start time");
        QTest::newRow("id start max") << target(kBoot + QStringLiteral(":18446744073709551615:678")) << QString();
        QTest::newRow("id arabic digits")
            << target(kBoot + QStringLiteral(":\u0661\u0662:678")) << QStringLiteral("start time");
        QTest::newRow("id very long") << target(QString(100000, QLatin1Char('a'))) << QStringLiteral("too long");
    }

    void decoder()
    {
        QFETCH(QVariantMap, map);
        QFETCH(QString, error);
        MachineLimits limits;
        limits.configuredCpus = 4;
        limits.allowedCpus = {0, 1, 3}; // CPU 2 offline
        const DecodeResult d = decodeRequest(map, limits);
        if (error.isEmpty()) {
            QVERIFY2(d.ok(), qPrintable(d.error));
            QVERIFY(d.error.isEmpty());
            QCOMPARE(validateRequest(*d.request, limits), QString());
            // What a client encodes decodes to the same request.
            const DecodeResult again = decodeRequest(d.request->toVariantMap(), limits);
            QVERIFY2(again.ok(), qPrintable(again.error));
            QVERIFY(*again.request == *d.request);
        } else {
            QVERIFY(!d.ok());
            QVERIFY2(d.error.contains(error), qPrintable(d.error));
            QVERIFY2(d.error.size() < 400, "error messages stay short");
            QVERIFY(!d.error.contains(QLatin1Char('\n')));
        }
    }

    void decoderUsesTheMachinesCpus()
    {
        const MachineLimits limits = MachineLimits::current();
        QVERIFY(limits.configuredCpus >= 1);
        QVERIFY(!limits.allowedCpus.isEmpty());
        QVariantMap m{{field::verb, QStringLiteral("quarantine")},
            {field::targets, QStringList{kBoot + QStringLiteral(":1:2")}},
            {field::cpus, QVariantList{limits.configuredCpus}}};
        const DecodeResult d = decodeRequest(m);
        QVERIFY(!d.ok());
        QVERIFY2(d.error.contains(QStringLiteral("'cpus'[0]")), qPrintable(d.error));
        m.insert(field::cpus, QVariantList{limits.allowedCpus.first()});
        QVERIFY(decodeRequest(m).ok());
        m = {{field::verb, QStringLiteral("throttle")}, {field::targets, QStringList{kBoot + QStringLiteral(":1:2")}},
            {field::quotaPercent, 100 * limits.configuredCpus + 1}};
        QVERIFY(!decodeRequest(m).ok());
    }

    void actionIds()
    {
        const QList<std::pair<Verb, QString>> expected{{Verb::Signal, QStringLiteral("org.ptriage.helper.signal")},
            {Verb::Freeze, QStringLiteral("org.ptriage.helper.freeze")},
            {Verb::Thaw, QStringLiteral("org.ptriage.helper.freeze")},
            {Verb::Throttle, QStringLiteral("org.ptriage.helper.throttle")},
            {Verb::Unthrottle, QStringLiteral("org.ptriage.helper.throttle")},
            {Verb::Renice, QStringLiteral("org.ptriage.helper.renice")},
            {Verb::Quarantine, QStringLiteral("org.ptriage.helper.quarantine")},
            {Verb::Unquarantine, QStringLiteral("org.ptriage.helper.quarantine")}};
        for (const auto &[verb, id] : expected) {
            QCOMPARE(actionIdFor(verb), id);
            QCOMPARE(actionIdFor(verbName(verb)), id);
            QCOMPARE(verbFromName(verbName(verb)), std::optional<Verb>(verb));
        }
        QCOMPARE(actionIdFor(QStringLiteral("kill")), QString());
    }

    void statParserFindsTheLastParen()
    {
        const auto s
            = procfs::parseStat("42 (a) b) (c) R 7 42 40 0 -1 4194560 1 2 3 4 11 22 0 0 20 -5 3 0 987654 1 2 3\n");
        QVERIFY(s);
        QCOMPARE(s->state, 'R');
        QCOMPARE(s->ppid, 7);
        QCOMPARE(s->pgrp, 42);
        QCOMPARE(s->session, 40);
        QCOMPARE(s->utime, std::uint64_t(11));
        QCOMPARE(s->nice, -5L);
        QCOMPARE(s->startTicks, std::uint64_t(987654));
        QVERIFY(!procfs::parseStat("42 (x) R 7"));
        QVERIFY(!procfs::parseStat("garbage"));
        QVERIFY(!procfs::parseStat("1 (x)"));
    }

    void mountInfoLayout()
    {
        const QByteArray text = "31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"
                                "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n"
                                "37 31 0:34 /ctr /mnt/my\\040freezer rw - cgroup cgroup rw,freezer\n"
                                "40 31 0:37 / /sys/fs/cgroup/systemd rw - cgroup cgroup rw,xattr,name=systemd\n"
                                "41 31 0:38 / /sys/fs/cgroup/unified rw shared:9 - cgroup2 cgroup2 rw,nsdelegate\n";
        const CgroupLayout l = CgroupLayout::parseMountInfo(text);
        QVERIFY(l.unified());
        QCOMPARE(l.unified()->mountPoint, QStringLiteral("/sys/fs/cgroup/unified"));
        QVERIFY(l.v1(QStringLiteral("cpu")));
        QCOMPARE(l.v1(QStringLiteral("cpuacct"))->mountPoint, QStringLiteral("/sys/fs/cgroup/cpu,cpuacct"));
        const auto freezer = l.v1(QStringLiteral("freezer"));
        QVERIFY(freezer);
        QCOMPARE(freezer->mountPoint, QStringLiteral("/mnt/my freezer"));
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/ctr/a")), QStringLiteral("/mnt/my freezer/a"));
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/ctr")), QStringLiteral("/mnt/my freezer"));
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/other")), QString()); // not mounted here
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/ctr/../etc")), QString());
        QVERIFY(!l.v1(QStringLiteral("memory")));
        QVERIFY(!l.v1(QStringLiteral("xattr")));
    }

    // Only a backslash and exactly three octal digits are an escape (fuzzing found "\\12" + NUL read
    // as a newline: toInt() stopped at the NUL); anything else stays as it is.
    void mountInfoEscapesAreThreeOctalDigits()
    {
        const auto mountPointOf = [](const QByteArray &field) {
            const QByteArray line = "41 31 0:38 / " + field + " rw - cgroup2 cgroup2 rw\n";
            const CgroupLayout l = CgroupLayout::parseMountInfo(line);
            return l.unified() ? l.unified()->mountPoint : QStringLiteral("(none)");
        };
        QCOMPARE(mountPointOf("/a\\040b"), QStringLiteral("/a b"));
        QCOMPARE(mountPointOf("/a\\134b"), QStringLiteral("/a\\b"));
        QCOMPARE(mountPointOf(QByteArray("/a\\12\0x", 7)), QString::fromLatin1("/a\\12\0x", 7));
        QCOMPARE(mountPointOf("/a\\+12x"), QStringLiteral("/a\\+12x"));
        QCOMPARE(mountPointOf("/a\\089x"), QStringLiteral("/a\\089x"));
        QCOMPARE(mountPointOf("/a\\000x"), QStringLiteral("/a\\000x"));
    }

    // ---- identities ---------------------------------------------------------------------------

    // One table for both parsers: the helper reads identities as QString (D-Bus), the engine and the
    // CLI as UTF-8 text (JSON, argv).
    void identityParsers_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error"); // expected substring of the why; empty: must parse

        auto id = [](const QString &tail) { return kBoot + tail; };
        QTest::newRow("valid") << id(QStringLiteral(":12345:678")) << QString();
        QTest::newRow("start 0") << id(QStringLiteral(":0:678")) << QString();
        QTest::newRow("empty") << QString() << QStringLiteral("three fields");
        QTest::newRow("uppercase uuid") << kBoot.toUpper() + QStringLiteral(":1:2") << QStringLiteral("lowercase uuid");
        QTest::newRow("short boot") << kBoot.left(35) + QStringLiteral(":1:2") << QStringLiteral("lowercase uuid");
        const QString noDashes = QString(kBoot).replace(QLatin1Char('-'), QLatin1Char('0'));
        QTest::newRow("dashes replaced") << noDashes + QStringLiteral(":1:2") << QStringLiteral("lowercase uuid");
        QTest::newRow("two fields") << id(QStringLiteral(":12")) << QStringLiteral("three fields");
        QTest::newRow("four fields") << id(QStringLiteral(":12345:678:9")) << QStringLiteral("three fields");
        QTest::newRow("negative pid") << id(QStringLiteral(":1:-5")) << QStringLiteral("the pid");
        QTest::newRow("pid 0") << id(QStringLiteral(":1:0")) << QStringLiteral("pid 0 is never");
        // A valid identity; only the helper's decoder refuses it as a target ("1 is init").
        QTest::newRow("pid 1") << id(QStringLiteral(":1:1")) << QString();
        QTest::newRow("pid too big") << id(QStringLiteral(":1:4194305")) << QStringLiteral("to 4194304");
        QTest::newRow("pid max") << id(QStringLiteral(":1:4194304")) << QString();
        QTest::newRow("pid leading zero") << id(QStringLiteral(":1:0678")) << QStringLiteral("the pid");
        QTest::newRow("pid space") << id(QStringLiteral(":1: 678")) << QStringLiteral("the pid");
        QTest::newRow("start plus") << id(QStringLiteral(":+5:678")) << QStringLiteral("start time");
        QTest::newRow("start hex") << id(QStringLiteral(":0x10:678")) << QStringLiteral("start time");
        QTest::newRow("start overflow") << id(QStringLiteral(":18446744073709551616:678"))
                                        << QStringLiteral("start time");
        QTest::newRow("start max") << id(QStringLiteral(":18446744073709551615:678")) << QString();
        QTest::newRow("non-ASCII digits") << id(QStringLiteral(":\u0661\u0662:678")) << QStringLiteral("start time");
        // 56 UTF-16 code units, 71 UTF-8 bytes: under the length limit for one parser, over it for the other.
        QTest::newRow("non-ASCII digits, long")
            << id(QStringLiteral(":") + QString(15, QChar(0x0661)) + QStringLiteral(":678"))
            << QStringLiteral("too long"); // the limit counts UTF-8 bytes, as the kernel's text is bytes
        QTest::newRow("control character") << id(QStringLiteral(":1:67\n8")) << QStringLiteral("the pid");
        QTest::newRow("NUL") << id(QStringLiteral(":1:678")) + QChar(0) << QStringLiteral("the pid");
        QTest::newRow("over-long") << QString(100000, QLatin1Char('a')) << QStringLiteral("too long");
    }

    void identityParsers()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const std::string utf8 = text.toStdString();
        std::string stdWhy;
        QString qtWhy;
        const std::optional<ProcessIdentity> fromStd = ProcessIdentity::parse(std::string_view(utf8), &stdWhy);
        const std::optional<ProcessIdentity> fromQt = ProcessIdentity::parse(QStringView(text), &qtWhy);

        QCOMPARE(fromStd.has_value(), fromQt.has_value());
        QVERIFY(ProcessIdentity::parse(std::string_view(utf8)) == fromStd); // the same without a why
        QVERIFY(ProcessIdentity::parse(QStringView(text)) == fromQt);
        QCOMPARE(QString::fromStdString(stdWhy), qtWhy);

        if (error.isEmpty()) {
            QVERIFY2(fromQt, qPrintable(qtWhy));
            QVERIFY(*fromStd == *fromQt);
            QVERIFY(fromQt->isValid());
            QVERIFY(qtWhy.isEmpty());
            QCOMPARE(QString::fromStdString(fromStd->toString()), text);
            QCOMPARE(fromQt->toQString(), text);
            QVERIFY(ProcessIdentity::parse(std::string_view(fromStd->toString())) == fromStd);
            QVERIFY(ProcessIdentity::parse(QStringView(fromQt->toQString())) == fromQt);
        } else {
            QVERIFY(!fromQt);
            QVERIFY2(qtWhy.contains(error), qPrintable(qtWhy));
            QVERIFY2(qtWhy.size() < 200, "the why stays short");
            for (const QChar c : qtWhy)
                QVERIFY2(c.unicode() >= 0x20 && c.unicode() < 0x7f, qPrintable(qtWhy));
        }
    }

    // ---- results ------------------------------------------------------------------------------

    void encodedResults()
    {
        const ProcessIdentity someone{*BootId::parse(kBoot.toStdString()), 1, 2};
        TargetResult f = TargetResult::failed(someone, EPERM, QStringLiteral("cannot"));
        QVERIFY(f.permissionDenied());
        const QVariantMap m = encodeResult(f);
        QCOMPARE(m.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(m.value(QStringLiteral("errno")).toInt(), EPERM);
        QCOMPARE(m.value(QStringLiteral("errorName")).toString(), QStringLiteral("EPERM"));
        QCOMPARE(m.value(QStringLiteral("permissionDenied")).toBool(), true);
        QVERIFY(m.value(QStringLiteral("message")).toString().startsWith(QStringLiteral("cannot: ")));
        const TargetResult other = TargetResult::failed(someone, EBUSY, QStringLiteral("busy"));
        QVERIFY(!other.permissionDenied());
        TargetResult d = TargetResult::done(someone, QStringLiteral("ok"));
        d.undo.insert(field::verb, QStringLiteral("thaw"));
        const QVariantMap dm = encodeResult(d);
        QCOMPARE(dm.value(QStringLiteral("status")).toString(), QStringLiteral("done"));
        QVERIFY(!dm.contains(QStringLiteral("errno")));
        QCOMPARE(dm.value(QStringLiteral("undo")).toMap().value(field::verb).toString(), QStringLiteral("thaw"));
        QCOMPARE(encodeResults({f, d}).size(), 2);
        QCOMPARE(statusName(TargetStatus::NoSuchProcess), QStringLiteral("no_such_process"));
        QCOMPARE(statusName(TargetStatus::IdentityChanged), QStringLiteral("identity_changed"));
        QCOMPARE(statusName(TargetStatus::Refused), QStringLiteral("refused"));
    }

    // What the helper encodes, the engine decodes to the same result.
    void decodedResults()
    {
        const ProcessIdentity someone{*BootId::parse(kBoot.toStdString()), 987654, 4321};
        QString error;

        TargetResult d = TargetResult::done(someone, QStringLiteral("frozen"));
        d.undo = {{field::verb, QStringLiteral("thaw")}};
        d.details = {{QStringLiteral("cgroup"), QStringLiteral("/sys/fs/cgroup/ptriage-4321-987654")},
            {QStringLiteral("threads"), 3}};
        const std::optional<TargetResult> done = decodeResult(encodeResult(d), &error);
        QVERIFY2(done, qPrintable(error));
        QVERIFY(done->target == someone);
        QCOMPARE(done->status, TargetStatus::Done);
        QCOMPARE(done->message, QStringLiteral("frozen"));
        QCOMPARE(done->error, 0);
        QCOMPARE(done->undo, d.undo);
        QCOMPARE(done->details, d.details);

        const TargetResult f = TargetResult::failed(someone, EPERM, QStringLiteral("cannot"));
        const std::optional<TargetResult> failed = decodeResult(encodeResult(f), &error);
        QVERIFY2(failed, qPrintable(error));
        QVERIFY(failed->target == someone);
        QCOMPARE(failed->status, TargetStatus::Failed);
        QCOMPARE(failed->error, EPERM);
        QVERIFY(failed->permissionDenied());
        QCOMPARE(failed->message, f.message);
        QVERIFY(failed->undo.isEmpty());
        QVERIFY(failed->details.isEmpty());
    }

    void decodeResultRefuses_data()
    {
        QTest::addColumn<QVariantMap>("map");
        QTest::addColumn<QString>("error"); // expected substring

        const ProcessIdentity someone{*BootId::parse(kBoot.toStdString()), 987654, 4321};
        const QVariantMap done = encodeResult(TargetResult::done(someone, QStringLiteral("ok")));
        const QVariantMap failed = encodeResult(TargetResult::failed(someone, EBUSY, QStringLiteral("busy")));
        auto with = [](QVariantMap m, const QString &key, const QVariant &value) {
            m.insert(key, value);
            return m;
        };
        auto without = [](QVariantMap m, const QString &key) {
            m.remove(key);
            return m;
        };
        QTest::newRow("malformed target") << with(done, QStringLiteral("target"), kBoot + QStringLiteral(":1:0678"))
                                          << QStringLiteral("no valid target: '");
        QTest::newRow("no target") << without(done, QStringLiteral("target")) << QStringLiteral("no valid target");
        QTest::newRow("unknown status") << with(done, QStringLiteral("status"), QStringLiteral("exploded"))
                                        << QStringLiteral("no known status");
        QTest::newRow("status wrong case")
            << with(done, QStringLiteral("status"), QStringLiteral("Done")) << QStringLiteral("no known status");
        QTest::newRow("no status") << without(done, QStringLiteral("status")) << QStringLiteral("no known status");
        QTest::newRow("failed without errno")
            << without(failed, QStringLiteral("errno")) << QStringLiteral("failure without errno");
        QTest::newRow("failed, errno not a number") << with(failed, QStringLiteral("errno"), QStringLiteral("EBUSY"))
                                                    << QStringLiteral("failure without errno");
    }

    void decodeResultRefuses()
    {
        QFETCH(QVariantMap, map);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!decodeResult(map, &why));
        QVERIFY2(why.contains(error), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(HelperRequestTest)
#include "tst_procops_request.moc"
