// The German translation is complete (every string the build extracted has a translation that keeps
// its placeholders and accelerator), is built into the binary, and the window speaks German for a
// German locale and English for a language without a translation. A German reader sees no English
// word of the engine's vocabularies and the locale's decimal comma in the window, the CLI's text and
// the HTML report; "abandoned" and "orphaned" are two German words.
#include "desk/Desk.h"
#include "infer/Learning.h"
#include "panes/LedgerPane.h"
#include "pressure/PressureLevel.h"
#include "report/EngineLabels.h"
#include "report/html/HtmlReport.h"
#include "report/html/ReportInput.h"
#include "support/CaptureTools.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "translations/Translations.h"
#include "ui/WindowParts.h"
#include "widgets/SteadyLine.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"

#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include <QTreeView>
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

// Every message of the German .ts file: its context, source and translation (plural forms joined).
struct GermanMessage {
    QString context;
    QString source;
    QString german;
};
QList<GermanMessage> germanMessages()
{
    QFile ts(QStringLiteral(PTRIAGE_SOURCE_DIR "/translations/ptriage_de.ts"));
    if (!ts.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&ts);
    QList<GermanMessage> out;
    QString context, source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation"))
            out.append({context, source, xml.readElementText(QXmlStreamReader::IncludeChildElements)});
    }
    return out;
}

void useGerman()
{
    for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>()) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    QVERIFY(installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany)));
}

// The engine's English words a German reader must not meet in what ptriage wrote, built from the
// engine's own vocabularies (their JSON names and English labels) and the configuration's categories
// (ids and labels); a word German spells the same ("normal") is no sign of English. Figures use unit
// symbols German shares (B, KiB, s, min, h, d), so the unit words are the English ones around them.
QStringList englishEngineWords(const TriageConfig &config)
{
    QStringList out;
    const auto add = [&out](const QString &name, const QString &label, const QString &german) {
        if (german != label)
            out << name << label;
    };
    const auto addAll = [&add](auto value) {
        add(QString::fromLatin1(jsonName(value)), QString::fromLatin1(labelSource(value)), word(value).text());
    };
    for (int c = 0; c < kClassCount; ++c)
        addAll(static_cast<ProcessClass>(c));
    for (int a = 0; a < kActionCount; ++a)
        addAll(static_cast<RecommendedAction>(a));
    for (Strength v : {Strength::Weak, Strength::Substantial, Strength::Strong, Strength::Decisive})
        addAll(v);
    for (Confidence v : {Confidence::Low, Confidence::Medium, Confidence::High, Confidence::VeryHigh})
        addAll(v);
    for (Risk v : {Risk::Low, Risk::Medium, Risk::High, Risk::Critical})
        addAll(v);
    for (PatternLevel v : {PatternLevel::Exact, PatternLevel::Generalized, PatternLevel::Base})
        addAll(v);
    for (PressureLevel v : {PressureLevel::Normal, PressureLevel::Warning, PressureLevel::Critical})
        addAll(v);
    for (const Category &cat : config.signatures.categories)
        add(QString::fromStdString(cat.id), QString::fromStdString(cat.label), cat.word().text());
    out << QStringLiteral("resident") << QStringLiteral("seconds") << QStringLiteral("minutes")
        << QStringLiteral("hours") << QStringLiteral("days") << QStringLiteral("bytes") << QStringLiteral("ago")
        << QStringLiteral("bits") << QStringLiteral("permission denied");
    out.removeDuplicates();
    return out;
}

// What processes and users call themselves (comm, each word of the command line, user names) under a
// /proc-like root: their own words, which ptriage quotes and does not translate.
QSet<QString> ownWordsUnder(const QString &root)
{
    QSet<QString> out;
    static const QRegularExpression split(QStringLiteral("[^\\p{L}\\p{N}_]+"));
    const auto addWords = [&out](const QString &text) {
        for (const QString &w : text.split(split, Qt::SkipEmptyParts))
            out.insert(w);
    };
    QDirIterator it(root, {}, QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        const QString dir = it.next();
        bool isPid = false;
        QFileInfo(dir).fileName().toInt(&isPid);
        if (!isPid)
            continue;
        for (const char *name : {"comm", "cmdline"}) {
            QFile f(dir + QLatin1Char('/') + QLatin1String(name));
            if (f.open(QIODevice::ReadOnly))
                addWords(QString::fromUtf8(f.readAll().replace('\0', ' ')));
        }
    }
    QFile passwd(QStringLiteral("/etc/passwd"));
    if (passwd.open(QIODevice::ReadOnly))
        for (const QByteArray &line : passwd.readAll().split('\n'))
            addWords(QString::fromUtf8(line.left(line.indexOf(':'))));
    return out;
}

// The same for the processes of a result (some may have exited since).
QSet<QString> ownWordsOf(const TriageResult &r)
{
    QSet<QString> out;
    static const QRegularExpression split(QStringLiteral("[^\\p{L}\\p{N}_]+"));
    for (const Sample &s : r.snapshot->processes) {
        QStringList texts{QString::fromStdString(s.comm)};
        if (s.details)
            for (const std::string &a : s.details->cmdline)
                texts << QString::fromStdString(a);
        for (const QString &t : texts)
            for (const QString &word : t.split(split, Qt::SkipEmptyParts))
                out.insert(word);
    }
    return out;
}

// The English words of `words` in `text`, as whole words (case as written: German nouns are
// capitalized, "Shell" is German, "shell" is not), except a process's or user's own words.
QStringList englishIn(const QString &text, const QStringList &words, const QSet<QString> &ownWords)
{
    QStringList found;
    for (const QString &w : words) {
        if (ownWords.contains(w))
            continue;
        const QRegularExpression re(QStringLiteral("(?<![\\p{L}\\p{N}_-])") + QRegularExpression::escape(w)
            + QStringLiteral("(?![\\p{L}\\p{N}_-])"));
        const auto m = re.match(text);
        if (m.hasMatch())
            found << QStringLiteral("'%1' in: …%2…")
                         .arg(w, text.mid(std::max<qsizetype>(0, m.capturedStart() - 60), 140));
    }
    return found;
}

// The HTML report's text: no markup, scripts, styles, <code> (names, JSON) or attributes.
QString reportText(const std::string &html)
{
    QString t = QString::fromStdString(html);
    for (const char *element : {"script", "style", "code", "title"})
        t.remove(QRegularExpression(QStringLiteral("<%1\\b.*?</%1>").arg(QLatin1String(element)),
            QRegularExpression::DotMatchesEverythingOption));
    t.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    t.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&#39;"), QStringLiteral("'"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return t;
}

// Each finding on a line of its own (a failure message is cut short), then the verdict.
void reportFindings(QStringList found)
{
    found.removeDuplicates();
    for (const QString &f : found)
        qWarning("%s", qPrintable(f));
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("%1 findings, each above").arg(found.size())));
}

QProcessEnvironment germanEnvironment()
{
    auto env = QProcessEnvironment::systemEnvironment();
    for (const char *v : {"LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LANGUAGE"})
        env.remove(QLatin1String(v));
    env.insert(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8"));
    return env;
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

    // No translation says an engine word in English ("renice", "kill", "useful" …): the window shows each
    // sentence only when its case comes up (a process at nice 19), so every translation is read here. A
    // configuration error names the file's own keys ("medium < high < critical"), which are not translated.
    void noTranslationSaysAnEngineWordInEnglish()
    {
        useGerman();
        const QStringList words = englishEngineWords(defaultModel());
        const auto messages = germanMessages();
        QVERIFY(messages.size() > 100);
        QStringList found;
        for (const GermanMessage &m : messages)
            if (m.context != QLatin1String("ConfigError"))
                found << englishIn(m.german, words, {});
        reportFindings(found);
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

    // Two things, two words: a process left behind (the class "abandoned") is "zurückgelassen", one
    // whose parent died (adopted by init or a subreaper: "orphaned") is "verwaist" — in every message.
    void abandonedAndOrphanedAreTwoWords()
    {
        const auto messages = germanMessages();
        QVERIFY(messages.size() > 100);
        QStringList wrong;
        int abandoned = 0, orphaned = 0;
        for (const auto &[context, source, german] : messages) {
            if (source.contains(QLatin1String("abandon"), Qt::CaseInsensitive)) {
                ++abandoned;
                if (german.contains(QLatin1String("verwais"), Qt::CaseInsensitive)
                    || !german.contains(QStringLiteral("zurückgelass"), Qt::CaseInsensitive))
                    wrong << QStringLiteral("%1 → %2").arg(source, german);
            }
            if (source.contains(QLatin1String("orphan"), Qt::CaseInsensitive)) {
                ++orphaned;
                if (german.contains(QStringLiteral("zurückgelass"), Qt::CaseInsensitive)
                    || !german.contains(QLatin1String("verwais"), Qt::CaseInsensitive))
                    wrong << QStringLiteral("%1 → %2").arg(source, german);
            }
        }
        QVERIFY(abandoned >= 3 && orphaned >= 2);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
    }

    // Each shipped category has its label marked for translation under its id (TriageConfig's table),
    // and German gives it another word; a category's label in JSON stays the file's English.
    void categoriesHaveGermanWords()
    {
        useGerman();
        for (const Category &cat : defaultModel().signatures.categories) {
            QCOMPARE(cat.word().english(), cat.label);
            QVERIFY2(cat.word().text() != QString::fromStdString(cat.label), cat.id.c_str());
        }
    }

    // The window over real processes, under a German locale: the table's cells of those processes, the
    // ledger pane and the status line hold no English word of the engine, and figures have a comma.
    void windowHasNoEnglishEngineWords()
    {
        useGerman();
        Spawner sp;
        const Actor pytest = sp.spawn(
            {"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        const Actor spinner = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}}, Parenting::OrphanNoSession});
        const Actor idle = sp.spawn({"idle-helper", {"idle-helper", "--wait"}, {}, Parenting::OrphanNoSession});
        QVERIFY(pytest.pid > 0 && spinner.pid > 0 && idle.pid > 0);
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.resize(1400, 900);
        w.show();
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.selectPidWhenSeen(pytest.pid);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(w.tabs()->ledger()->shownIdentity().isValid(), 20000);
        const auto seen = applied.size();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() > seen, 20000); // a second result: rates are known

        const QStringList words = englishEngineWords(defaultModel());
        QSet<QString> own = ownWordsUnder(QStringLiteral("/proc"));
        own.unite(ownWordsOf(*w.shownResult())); // also those that exited since
        QStringList found;
        int cells = 0;
        const ProcessTableModel &model = *modelOf(w);
        const QStringList quoted = {QStringLiteral("command"), QStringLiteral("user"), QStringLiteral("supervisor")};
        for (int row = 0; row < model.rowCount(); ++row) {
            const int pid = model.index(row, model.columns().indexOf(u"pid")).data().toInt();
            if (pid != pytest.pid && pid != spinner.pid && pid != idle.pid)
                continue;
            for (int col = 0; col < model.columnCount(); ++col) {
                if (quoted.contains(model.columns().ids().at(col)))
                    continue;
                for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)}) {
                    const QString text = model.index(row, col).data(role).toString();
                    found << englishIn(text, words, own);
                    if (QRegularExpression(QStringLiteral("\\d\\.\\d")).match(text).hasMatch())
                        found << QStringLiteral("a decimal point in the %1 column: %2")
                                     .arg(model.columns().ids().at(col), text);
                    ++cells;
                }
            }
        }
        QVERIFY2(cells >= 3 * 2 * 10, qPrintable(QString::number(cells)));

        const LedgerPane &ledger = *w.tabs()->ledger();
        QStringList paneText;
        for (int row = 0; row < ledger.ledgerTable()->rowCount(); ++row) {
            for (int col = 0; col < ledger.ledgerTable()->columnCount(); ++col) {
                const QTableWidgetItem *item = ledger.ledgerTable()->item(row, col);
                paneText << item->text() << item->toolTip();
            }
            const QString bits = ledger.ledgerTable()->item(row, 1)->text();
            if (!QRegularExpression(QStringLiteral("^[+-]?\\d+,\\d\\d$")).match(bits).hasMatch())
                found << QStringLiteral("bits not with a decimal comma: %1").arg(bits);
        }
        QVERIFY(ledger.ledgerTable()->rowCount() >= 5);
        for (const QLabel *label : ledger.findChildren<QLabel *>())
            paneText << label->text();
        paneText << ledger.blockedReasons();
        found << englishIn(paneText.join(u'\n'), words, own);
        QVERIFY2(paneText.join(u'\n').contains(QStringLiteral("Testausführung")), qPrintable(paneText.join(u'\n')));

        QStringList status{w.statusBar()->currentMessage()};
        for (const SteadyLine *line : w.statusBar()->findChildren<SteadyLine *>())
            status << line->text();
        QVERIFY2(status.join(u' ').contains(QStringLiteral("Prozesse")), qPrintable(status.join(u' ')));
        found << englishIn(status.join(u'\n'), words, own);

        // The HTML report of the same result, in the same language (text outside markup and <code>).
        const std::string page = HtmlReport::render(reportFromTriage(*w.shownResult(), defaultModel()));
        const QString text = reportText(page);
        QVERIFY2(text.contains(QStringLiteral("zurückgelassen")), qPrintable(text.left(2000)));
        found << englishIn(text, words, own);
        reportFindings(found);
    }

    // `ptriage scan` and `ptriage explain PID` under LANG=de_DE.UTF-8, over a capture of real processes
    // left for hours: no English engine word, and the posterior's percentages with a decimal comma.
    void cliHasNoEnglishEngineWords()
    {
        useGerman(); // for the words' German (which are the same words as the binary's)
        Spawner sp;
        const std::string git = sp.dir() + "/repo/.git";
        QVERIFY(QDir().mkpath(QString::fromStdString(git)));
        const Actor pytest = sp.spawn({"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"},
            {{"ACTOR_WRITE", git + "/index.lock"}}, Parenting::OrphanNoSession});
        const Actor idle = sp.spawn({"idle-helper", {"idle-helper", "--wait"}, {}, Parenting::OrphanNoSession});
        QVERIFY(pytest.pid > 0 && idle.pid > 0);
        const auto pair = capturePair(sp.dir(), 0.3, 3 * 3600);
        const QString root = QString::fromStdString(pair.after);
        const QStringList words = englishEngineWords(defaultModel());
        QSet<QString> own = ownWordsUnder(root);
        own.unite(ownWordsUnder(QStringLiteral("/proc")));
        QStringList found;
        const Run scan = runPtriage({QStringLiteral("scan"), QStringLiteral("--proc-root"), root}, germanEnvironment());
        QCOMPARE(scan.exit, 0);
        const QString scanText = QString::fromUtf8(scan.out);
        QVERIFY2(scanText.contains(QStringLiteral("Kandidat")), scan.out.constData());
        found << englishIn(scanText, words, own);
        for (int pid : {pytest.pid, idle.pid}) {
            const Run explain
                = runPtriage({QStringLiteral("explain"), QString::number(pid), QStringLiteral("--proc-root"), root},
                    germanEnvironment());
            QCOMPARE(explain.exit, 0);
            const QString text = QString::fromUtf8(explain.out);
            QVERIFY2(text.contains(QStringLiteral("Indizien")), explain.out.constData());
            found << englishIn(text, words, own);
            if (!QRegularExpression(QStringLiteral("\\d+,\\d\\d %")).match(text).hasMatch()
                || QRegularExpression(QStringLiteral("\\d+\\.\\d\\d %")).match(text).hasMatch())
                found << QStringLiteral("the posterior of %1 without a decimal comma:\n%2").arg(pid).arg(text);
        }
        reportFindings(found);
    }

    // What scripts read stays the C locale's under a German one, also when the C library has that locale
    // (QCoreApplication sets it from LANG, and printf would then write "0,4 %"): one made for this test
    // (LOCPATH), so the machine need not have it installed.
    void jsonKeepsTheDecimalPointUnderAGermanCLibrary()
    {
        QTemporaryDir locales;
        QProcess localedef;
        localedef.start(QStringLiteral("localedef"),
            {QStringLiteral("-i"), QStringLiteral("de_DE"), QStringLiteral("-f"), QStringLiteral("UTF-8"),
                locales.filePath(QStringLiteral("de_DE.UTF-8"))});
        QVERIFY2(localedef.waitForFinished(60000) && localedef.exitCode() == 0,
            "localedef -i de_DE failed: packaging/install-deps.sh --test installs 'locales'");
        Spawner sp;
        const Actor idle = sp.spawn({"idle-helper", {"idle-helper", "--wait"}, {}, Parenting::OrphanNoSession});
        QVERIFY(idle.pid > 0);
        const auto pair = capturePair(sp.dir(), 0.3, 3 * 3600);
        const QStringList args{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--proc-root"), QString::fromStdString(pair.after)};
        QProcessEnvironment german = germanEnvironment();
        german.insert(QStringLiteral("LOCPATH"), locales.path());
        QProcessEnvironment c = german;
        c.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        const Run en = runPtriage(args, c);
        const Run de = runPtriage(args, german);
        QCOMPARE(en.exit, 0);
        QCOMPARE(de.exit, 0);
        QVERIFY2(QString::fromUtf8(en.out).contains(QRegularExpression(QStringLiteral("\\d\\.\\d+ (%|[KMG]iB)"))),
            en.out.left(2000).constData()); // figures with a decimal point in the sentences
        QVERIFY(en.out == de.out); // a capture's scan is dated at the capture: the same whenever run
        // The German text beside it does take the comma.
        const Run text = runPtriage({QStringLiteral("explain"), QString::number(idle.pid),
                                        QStringLiteral("--proc-root"), QString::fromStdString(pair.after)},
            german);
        QCOMPARE(text.exit, 0);
        QVERIFY2(QString::fromUtf8(text.out).contains(QRegularExpression(QStringLiteral("\\d+,\\d\\d %"))),
            text.out.constData());
    }
};

PTRIAGE_ROOM_MAIN(TranslationsTest)
#include "tst_translations.moc"
