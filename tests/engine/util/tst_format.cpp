#include "util/Format.h"

#include <QtTest>

using namespace ptriage;

class FormatTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void durations_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        // A one-shot's interval is about 0.05 s: in milliseconds, never "0.0 s".
        QTest::newRow("interval") << 0.049 << QStringLiteral("49 ms");
        QTest::newRow("nothing") << 0.0 << QStringLiteral("0 ms");
        QTest::newRow("negative") << -1.0 << QStringLiteral("0 ms");
        QTest::newRow("just under a second") << 0.99 << QStringLiteral("990 ms");
        QTest::newRow("a second") << 0.996 << QStringLiteral("1.0 s");
        QTest::newRow("seconds") << 3.24 << QStringLiteral("3.2 s");
        QTest::newRow("tens of seconds") << 42.4 << QStringLiteral("42 s");
        QTest::newRow("minutes") << 600.0 << QStringLiteral("10 min");
        QTest::newRow("hours") << 3 * 3600.0 + 12 * 60 << QStringLiteral("3 h 12 min");
        QTest::newRow("days") << 2 * 86400.0 + 4 * 3600 << QStringLiteral("2 d 4 h");
    }
    void durations()
    {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatDuration(seconds)), text);
    }
};

QTEST_GUILESS_MAIN(FormatTest)
#include "tst_format.moc"
