#include "config/Vocabulary.h"
#include "support/TestRoom.h"
#include "util/Format.h"
#include "util/TerminalText.h"

#include <QtTest>

#include <clocale>

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

    // Figures for people take the locale's decimal separator; those JSON and the session database keep
    // (formatX, Phrase::english) take the C locale's, even when the C library's locale says otherwise
    // (QCoreApplication sets it from LANG; printf would then write "0,4").
    // Columns, not bytes: "→" and "ä" are one column of several bytes; a cut never splits one and
    // ends in "…" (a "~" read as the home directory).
    void columnsCountCharactersNotBytes()
    {
        QCOMPARE(cutColumns("Prüfläufe → fertig", 0), std::string("Prüfläufe → fertig"));
        QCOMPARE(cutColumns("Prüfläufe → fertig", 18), std::string("Prüfläufe → fertig"));
        QCOMPARE(cutColumns("Prüfläufe → fertig", 11), std::string("Prüfläufe …"));
        QCOMPARE(cutColumns("Prüfläufe → fertig", 12), std::string("Prüfläufe →…"));
        QCOMPARE(cutColumns("abcdef", 4), std::string("abc…"));
        QCOMPARE(cutColumns("ab", 1), std::string("…"));
        QCOMPARE(padColumns("3→5", 5, true), std::string("  3→5"));
        QCOMPARE(padColumns("ä", 3), std::string("ä  "));
    }

    // A line wider than the terminal wraps at spaces, under its value (a label's or a column's run of
    // spaces in the first half) or two past its indent; a word wider than its line keeps both ends.
    void linesFitTheTerminalWithWholeWords()
    {
        QCOMPARE(fitToColumns("short\nlines stay", 20), std::string("short\nlines stay"));
        QCOMPARE(fitToColumns(std::string(30, 'x'), 0), std::string(30, 'x')); // a pipe: nothing changes
        QCOMPARE(fitToColumns("command:    python3 manage.py runserver --noreload 0.0.0.0:8000", 32),
            std::string("command:    python3 manage.py\n"
                        "            runserver --noreload\n"
                        "            0.0.0.0:8000"));
        QCOMPARE(fitToColumns("  started by: a bash session in the api project of Prüfläufe", 24),
            std::string("  started by: a bash\n"
                        "    session in the api\n"
                        "    project of Prüfläufe"));
        QCOMPARE(fitToColumns("  path: /home/dev/projects/very-long-name/scripts/run_all.py", 30),
            std::string("  path:\n    /home/de…cripts/run_all.py"));
        // Every line fits, the text is the same words.
        const std::string text = "    ended by its owner, which is gone: ptriage can end it and everything under it "
                                 "(§ 3 of the ledger), or leave it";
        for (std::size_t width : {20u, 33u, 47u, 80u}) {
            const std::string fitted = fitToColumns(text, width);
            for (const QString &line : QString::fromStdString(fitted).split(QLatin1Char('\n')))
                QVERIFY2(static_cast<std::size_t>(line.toUcs4().size()) <= width, qPrintable(line));
            QCOMPARE(QString::fromStdString(fitted).simplified(), QString::fromStdString(text).simplified());
        }
    }

    void figuresForPeopleFollowTheLocale()
    {
        const bool cLibraryGerman = std::setlocale(LC_NUMERIC, "de_DE.UTF-8") != nullptr;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(QString::fromStdString(formatPercent(0.004)), QStringLiteral("0.4 %"));
        QCOMPARE(localPercent(0.004), QStringLiteral("0,4 %"));
        QCOMPARE(QString::fromStdString(formatBytes(1.4 * 1024 * 1024 * 1024)), QStringLiteral("1.4 GiB"));
        QCOMPARE(localBytes(1.4 * 1024 * 1024 * 1024), QStringLiteral("1,4 GiB"));
        QCOMPARE(localDuration(3.24), QStringLiteral("3,2 s"));
        QCOMPARE(localDuration(3 * 3600.0 + 12 * 60), QStringLiteral("3 h 12 min"));
        QCOMPARE(localNumber(-1.5, 2), QStringLiteral("-1,50"));
        QCOMPARE(QString::fromStdString(formatNumber(1234.5, 1)), QStringLiteral("1234.5")); // no grouping
        QCOMPARE(localNumber(1234.5, 1), QStringLiteral("1234,5"));

        // In a sentence: English for JSON and the database, the locale's for people.
        const Phrase p(
            "Evidence", "used %1 of a core over the last %2", {Phrase::percent(0.004), Phrase::duration(1.5)});
        QCOMPARE(p.english(), std::string("used 0.4 % of a core over the last 1.5 s"));
        QCOMPARE(p.text(), QStringLiteral("used 0,4 % of a core over the last 1,5 s"));
        // A vocabulary's word: its JSON name for machines, its label for people.
        const Phrase w("Relief", "not a candidate: ptriage recommends %1", {word(ProcessClass::UsefulBad)});
        QCOMPARE(w.english(), std::string("not a candidate: ptriage recommends useful_bad"));
        QCOMPARE(w.text(), QStringLiteral("not a candidate: ptriage recommends stuck or spinning"));
        QVERIFY(Phrase::percent(0.5) == Phrase::percent(0.5) && !(Phrase::percent(0.5) == Phrase::bytes(0.5)));

        QLocale::setDefault(QLocale::c());
        QCOMPARE(localPercent(0.004), QStringLiteral("0.4 %"));
        if (cLibraryGerman)
            std::setlocale(LC_NUMERIC, "C");
        else
            qInfo("no de_DE.UTF-8 locale in the C library: formatX checked under the C locale only");
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(FormatTest)
#include "tst_format.moc"
