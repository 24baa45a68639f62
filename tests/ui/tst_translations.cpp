// The German translation is complete (every string the build extracted has a translation that keeps
// its placeholders and accelerator), is built into the binary, and the window speaks German for a
// German locale and English for a language without a translation.
#include "desk/Desk.h"
#include "look/Translations.h"
#include "panes/LedgerPane.h"
#include "report/EngineLabels.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "table/ProcessTableModel.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"

#include <QFile>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QStringList placeholders(const QString &text)
{
    QStringList out;
    static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured(0);
    out.sort();
    return out;
}

} // namespace

class TranslationsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void germanIsComplete()
    {
        QFile ts(QStringLiteral(PTRIAGE_SOURCE_DIR "/translations/ptriage_de.ts"));
        QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(ts.fileName()));
        QXmlStreamReader xml(&ts);
        int messages = 0;
        QStringList problems;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                ++messages;
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (!type.isEmpty())
                    problems << QStringLiteral("%1 (%2)").arg(source, type);
                else if (text.trimmed().isEmpty())
                    problems << QStringLiteral("%1 (empty)").arg(source);
                else if (placeholders(text) != placeholders(source))
                    problems << QStringLiteral("%1 (placeholders differ: %2)").arg(source, text);
                else if (source.count(QLatin1Char('&')) != text.count(QLatin1Char('&')))
                    problems << QStringLiteral("%1 (accelerator: %2)").arg(source, text);
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(messages > 100);
        QVERIFY2(problems.isEmpty(),
            qPrintable(QStringLiteral("%1 of %2 messages need work:\n").arg(problems.size()).arg(messages)
                + problems.join(QLatin1Char('\n'))));
    }

    void windowSpeaksGermanForAGermanLocale()
    {
        QVERIFY(installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany)));
        {
            Desk desk(defaultModel(), longLivedOptions(), {});
            MainWindow window(desk);
            QStringList menus;
            for (QAction *a : window.menuBar()->actions())
                menus << a->text();
            QCOMPARE(menus.first(), QStringLiteral("&Datei"));
            QVERIFY2(!menus.contains(QStringLiteral("&View")), qPrintable(menus.join(QLatin1Char(' '))));
            QVERIFY(window.tabs()->tabText(0) != QStringLiteral("Evidence"));
        }
        {
            // The class column's tooltip says the confidence in German words, never the JSON token.
            ProcessTableModel model(defaultModel());
            model.setResult(live(defaultModel(), 0.0));
            const int classColumn = model.columns().indexOf(u"class");
            const QString tip = model.index(0, classColumn).data(Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QStringLiteral("Konfidenz: ")), qPrintable(tip));
            for (Confidence c : {Confidence::Low, Confidence::Medium, Confidence::High, Confidence::VeryHigh}) {
                QVERIFY(EngineLabels::confidence(c) != QLatin1String(jsonName(c)));
                QVERIFY2(!tip.contains(QLatin1String(jsonName(c)) + QLatin1Char('\n'))
                        && !tip.endsWith(QLatin1String(jsonName(c))),
                    qPrintable(tip));
            }
        }
        {
            // The engine's sentences too: a ledger detail and a block reason, on a real capture.
            Spawner sp;
            const std::string git = sp.dir() + "/repo/.git";
            QVERIFY(QDir().mkpath(QString::fromStdString(git)));
            const Actor a = sp.spawn({"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"},
                {{"ACTOR_WRITE", git + "/index.lock"}}, Parenting::OrphanNoSession});
            QVERIFY(a.pid > 0);
            const auto r = replay(capturePair(sp.dir(), 0.3, 3 * 3600), defaultModel());
            const int i = indexOfPid(*r, a.pid);
            QVERIFY(i >= 0);
            LedgerPane pane(defaultModel());
            pane.showProcess(r, i);
            QStringList details;
            for (int row = 0; row < pane.ledgerTable()->rowCount(); ++row)
                details << pane.ledgerTable()->item(row, 2)->text();
            QVERIFY2(details.join(u'\n').contains(QStringLiteral("adoptiert von ")), qPrintable(details.join(u'\n')));
            const QString blocked = pane.blockedReasons().join(u'\n');
            QVERIFY2(blocked.contains(QStringLiteral("Beenden gesperrt: er hält ")), qPrintable(blocked));
            // What JSON and the session database keep stays English.
            const auto &rec = r->recommendations[static_cast<std::size_t>(i)];
            QVERIFY(std::any_of(rec.blockedBy.begin(), rec.blockedBy.end(),
                [](const Phrase &p) { return p.english().starts_with("kill blocked: it holds "); }));
        }
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>()) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
        QVERIFY(!installTranslations(*QCoreApplication::instance(), QLocale(QLocale::Hawaiian)));
        Desk desk(defaultModel(), longLivedOptions(), {});
        MainWindow window(desk);
        QCOMPARE(window.menuBar()->actions().first()->text(), QStringLiteral("&File"));
    }
};

QTEST_MAIN(TranslationsTest)
#include "tst_translations.moc"
