// The HTML report generator on real processes: hostile command lines (markup, invalid UTF-8,
// bidirectional overrides) show as text; secret environment values never appear; every section is
// there; the same input gives the same bytes; a saved session and a real database add the diff and
// the actions journaled.
#include "act/ActionJournal.h"
#include "report/EngineLabels.h"
#include "report/ScanReport.h"
#include "report/html/HtmlDocument.h"
#include "report/html/HtmlReport.h"
#include "report/html/HtmlReportParts.h"
#include "report/html/ReportHistory.h"
#include "session/database/SessionStore.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

const std::string kScript = "<script>window.__pwned=1</script>";
const std::string kImage = "\"><img src=x onerror=\"window.__pwned=1\">";
const std::string kInvalidUtf8 = "bad\xff\xfe-bytes";
const std::string kBidi = "\xe2\x80\xae"
                          "txt.exe"; // U+202E, then what it would reverse
const std::string kSecret = "s3cr3t-value-4242";

int count(const std::string &haystack, const std::string &needle)
{
    int n = 0;
    for (auto at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1))
        ++n;
    return n;
}

ReportInput withFixedTime(ReportInput in)
{
    in.version = "test";
    in.generatedAtMs = 1'700'000'000'000;
    return in;
}

} // namespace

class HtmlReportTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void escapesEveryKindOfHostileText()
    {
        QCOMPARE(html::text("<a href=\"x\">&'</a>"), std::string("&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"));
        QCOMPARE(html::text(kInvalidUtf8), std::string("bad\\xff\\xfe-bytes"));
        QCOMPARE(html::text(kBidi), std::string("&lt;U+202E&gt;txt.exe"));
        QCOMPARE(html::text(std::string("a\x01"
                                        "b\x7f",
                     4)),
            std::string("a\\x01b\\x7f"));
        QCOMPARE(html::text("\xc0\xaf"), std::string("\\xc0\\xaf")); // overlong '/'
        QCOMPARE(html::text("\xed\xa0\x80"), std::string("\\xed\\xa0\\x80")); // a surrogate
        QCOMPARE(html::text("Grüße ✓"), std::string("Grüße ✓"));
        QCOMPARE(html::truncated("ääää", 3), std::string("ä…")); // never inside a character
    }

    void realHostileProcessesShowAsText()
    {
        Spawner spawner;
        std::vector<int> pids;
        for (const auto &arg : {kScript, kImage, kInvalidUtf8, kBidi}) {
            const Actor a = spawner.spawn({"hostile", {"hostile", arg, "--flag"},
                {{"API_TOKEN", kSecret}, {"GITHUB_TOKEN", kSecret}}, Parenting::OrphanNoSession});
            QVERIFY(a.pid > 0);
            pids.push_back(a.pid);
        }
        // An hour older, so the orphans are candidates with cards (the command in full).
        QTemporaryDir dir;
        const auto pair = capturePair(dir.path().toStdString(), 0.3, 3600);
        const auto result = replay(pair, defaultModel(), 0);
        const ReportInput in = withFixedTime(reportFromTriage(*result, defaultModel()));
        const std::string page = HtmlReport::render(in);

        for (int pid : pids) {
            const int index = indexOfPid(*result, pid);
            QVERIFY2(index >= 0, "spawned process missing from the scan");
            QVERIFY2(result->recommendations[static_cast<std::size_t>(index)].candidate, dump(*result, index).c_str());
            QVERIFY(page.find("id=\"card-" + std::to_string(pid) + "-") != std::string::npos);
        }
        QCOMPARE(count(page, "<script"), 1); // ours, at the end
        QCOMPARE(count(page, "<img"), 0);
        QVERIFY(page.find("&lt;script&gt;window.__pwned=1&lt;/script&gt;") != std::string::npos);
        QVERIFY(page.find("&quot;&gt;&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;") != std::string::npos);
        QVERIFY(page.find("bad\\xff\\xfe-bytes") != std::string::npos);
        QVERIFY(page.find("\xe2\x80\xae") == std::string::npos);
        QVERIFY(page.find("&lt;U+202E&gt;txt.exe") != std::string::npos);
        QVERIFY(page.find(kSecret) == std::string::npos);
        QVERIFY(page.find("API_TOKEN") == std::string::npos);
        QVERIFY(page.find("GITHUB_TOKEN") == std::string::npos);
        // The whole document is valid UTF-8 (a browser would otherwise show replacement marks).
        QVERIFY(QString::fromUtf8(page.data(), static_cast<qsizetype>(page.size())).toUtf8().toStdString() == page);
    }

    void sectionsAndCountsAreThere()
    {
        Spawner spawner;
        const Actor zombieMaker
            = spawner.spawn({"ptriage-zmaker", {"ptriage-zmaker"}, {{"ACTOR_ZOMBIE", "1"}}, Parenting::Child});
        QVERIFY(zombieMaker.zombiePid > 0);
        const auto result = live(defaultModel(), 0);
        const ReportInput in = withFixedTime(reportFromTriage(*result, defaultModel()));
        const std::string page = HtmlReport::render(in);
        for (const char *id : {"summary", "candidates", "cards", "actions", "processes", "methods", "class-counts",
                 "candidate-table", "process-table"})
            QVERIFY2(page.find(std::string("id=\"") + id + "\"") != std::string::npos, id);
        QVERIFY(page.find("id=\"diff\"") == std::string::npos); // no earlier session given
        QCOMPARE(count(page, "<tr data-class="), static_cast<int>(result->snapshot->processes.size())); // every process
        QCOMPARE(count(page, "<tr id=\"row-"), in.header.counts.candidates);
        // A card per candidate, but candidates that look the same share one.
        QCOMPARE(count(page, "<article class=\"card\""), static_cast<int>(htmlreport::cardGroups(in).size()));
        QVERIFY(in.header.counts.byClass[static_cast<std::size_t>(ProcessClass::Zombie)] >= 1);
        QVERIFY(page.find("<tr data-class=\"zombie\"><td>" + std::to_string(zombieMaker.zombiePid) + "<td>")
            != std::string::npos);
        // The policy forbids every fetch; the script and style are allowed by their hashes only.
        QVERIFY(page.find("default-src 'none'") != std::string::npos);
        QVERIFY(page.find("script-src 'sha256-") != std::string::npos);
        QVERIFY(page.find("unsafe-inline") == std::string::npos);
        QVERIFY(page.find(" style=\"") == std::string::npos); // a style attribute would break the policy
        // Links only within the page; nothing to load (a URL in a command line is text, escaped).
        QCOMPARE(count(page, " href=\""), count(page, " href=\"#"));
        for (const char *loader : {"<img", "<iframe", "<link", "<object", "<embed", "<audio", "<video", "<source"})
            QVERIFY2(page.find(loader) == std::string::npos, loader);
        // Same input, same bytes.
        QCOMPARE(HtmlReport::render(in), page);
    }

    // Five identical jest workers left behind: one card that says "5 processes", lists every pid and
    // identity, and shows the evidence once; the candidate table keeps a row for each, linked to it.
    void identicalCandidatesShareOneCard()
    {
        Spawner spawner;
        const std::vector<std::string> argv
            = {"node", "/home/dev/app/node_modules/jest-worker/build/workers/processChild.js"};
        std::vector<int> pids;
        for (int k = 0; k < 5; ++k) {
            const Actor a = spawner.spawn({"node", argv, {}, Parenting::OrphanNoSession});
            QVERIFY(a.pid > 0);
            pids.push_back(a.pid);
        }
        QTemporaryDir dir;
        const auto result = replay(capturePair(dir.path().toStdString(), 0.3, 3 * 3600), defaultModel(), 0);
        const ReportInput in = withFixedTime(reportFromTriage(*result, defaultModel()));
        for (int pid : pids) {
            const int index = indexOfPid(*result, pid);
            QVERIFY(index >= 0);
            QVERIFY2(result->recommendations[static_cast<std::size_t>(index)].candidate, dump(*result, index).c_str());
        }
        const std::string page = HtmlReport::render(in);
        const auto card = page.find("data-processes=\"5\"");
        QVERIFY2(card != std::string::npos, "no card for five processes");
        const std::string one = page.substr(card, page.find("</article>", card) - card);
        QVERIFY(one.find(">5 processes<") != std::string::npos);
        QCOMPARE(count(one, "<table class=\"ledger\">"), 1);
        QCOMPARE(count(one, "<table class=\"members\">"), 1);
        for (int pid : pids)
            QVERIFY(one.find("<code>" + result->identityOf(indexOfPid(*result, pid)).toString() + "</code>")
                != std::string::npos);
        // No other card for any of them; every one's candidate row links to the shared card.
        int cardsOfThem = 0;
        for (int pid : pids)
            cardsOfThem += count(page, "<article class=\"card\" id=\"card-" + std::to_string(pid) + "-");
        QCOMPARE(cardsOfThem, 1);
        const auto idAt = page.rfind("<article class=\"card\" id=\"", card) + 26;
        const std::string cardId = page.substr(idAt, page.find('"', idAt) - idAt);
        QCOMPARE(count(page, "<a href=\"#" + cardId + "\">"), 5);
    }

    // A long command line is cut in the lists; the whole of it stays in the page, a click away
    // (<details>, no script) and in a tooltip.
    void longCommandLinesStayReachable()
    {
        Spawner spawner;
        const std::string tail = "--the-end-of-a-long-command-line";
        std::vector<std::string> argv = {"ptriage-longcmd"};
        for (int k = 0; k < 12; ++k)
            argv.push_back("--option-" + std::to_string(k) + "=/some/rather/long/path");
        argv.push_back(tail);
        const Actor a = spawner.spawn({"ptriage-longcmd", argv, {}, Parenting::Child});
        QVERIFY(a.pid > 0);
        const auto result = live(defaultModel());
        const std::string page = HtmlReport::render(withFixedTime(reportFromTriage(*result, defaultModel())));
        const auto row = page.find("<td>" + std::to_string(a.pid) + "<td>ptriage-longcmd");
        QVERIFY(row != std::string::npos);
        const std::string line = page.substr(row, page.find('\n', row) - row);
        QVERIFY2(line.find("<details class=\"cmdline\"><summary class=\"args\" title=\"") != std::string::npos,
            line.c_str());
        QCOMPARE(count(line, tail), 2); // in the tooltip and in the opened details
        QVERIFY(line.find("…</summary>") != std::string::npos);
    }

    // One vocabulary: every ledger term of the shipped priors is named by EngineLabels::term in the
    // CLI's explain text and in the report, never by its JSON id (unless the two are the same word).
    void termNamesAreTheSameInTheCliAndTheReport()
    {
        const TriageConfig &config = defaultModel();
        QVERIFY(!config.priors.terms.empty());
        Ledger ledger;
        for (const auto &t : config.priors.terms)
            ledger.push_back({t.name, 1.5, ProcessClass::Abandoned, Strength::Substantial, Phrase("a sentence")});
        const std::string cli = ledgerText(ledger, ProcessClass::UsefulBad, ProcessClass::Useful);
        QVERIFY2(cli.find("bits for " + EngineLabels::processClass(ProcessClass::UsefulBad).toStdString()
                     + " against useful")
                != std::string::npos,
            cli.c_str());
        QVERIFY(cli.find("useful_bad") == std::string::npos);

        ReportInput in;
        in.version = "test";
        ReportProcess p;
        p.pid = 4242;
        p.comm = "terms";
        p.candidate = true;
        in.processes.push_back(p);
        ReportCard card;
        card.ledger = ledger;
        in.cards.push_back(card);
        std::string page = HtmlReport::render(in);
        // The ledger table only (the methods section names each term's config key on purpose).
        const auto from = page.find("<table class=\"ledger\">");
        QVERIFY(from != std::string::npos);
        page = page.substr(from, page.find("</table>", from) - from);

        std::vector<std::string> cliTerms;
        for (std::size_t at = 0; (at = cli.find("\n  ", at)) != std::string::npos; ++at)
            cliTerms.push_back(cli.substr(at + 3, cli.find(" +1.50", at) - at - 3));
        QCOMPARE(cliTerms.size(), config.priors.terms.size());
        for (std::size_t k = 0; k < config.priors.terms.size(); ++k) {
            const std::string id = config.priors.terms[k].name;
            const std::string label = EngineLabels::term(id).toStdString();
            QVERIFY2(label != id || id.find('_') == std::string::npos,
                qPrintable(QStringLiteral("EngineLabels::term has no words for %1").arg(QString::fromStdString(id))));
            // The CLI: the line of term k starts with its label (padded), and no line names the id.
            QVERIFY2(cliTerms[k].rfind(label, 0) == 0, cli.c_str());
            QVERIFY2(page.find("<tr><td>" + html::words(QString::fromStdString(label)) + "</td>") != std::string::npos,
                id.c_str());
            if (label != id) {
                QVERIFY2(cli.find("\n  " + id + " ") == std::string::npos, id.c_str());
                QVERIFY2(page.find("<td>" + id + "</td>") == std::string::npos, id.c_str());
            }
        }
    }

    void savedSessionsGiveDiffActionsAndIdenticalBytes()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        SessionStore store;
        QString error;
        QVERIFY2(store.open(db, SessionStore::Mode::Create, &error), qPrintable(error));
        const long long first = store.save(sessionFromTriage(*live(defaultModel(), 0), defaultModel()), &error);
        QVERIFY2(first > 0, qPrintable(error));
        Spawner spawner;
        const Actor appeared = spawner.spawn({"ptriage-newcomer", {"ptriage-newcomer"}, {}, Parenting::Child});
        QVERIFY(appeared.pid > 0);
        const long long second = store.save(sessionFromTriage(*live(defaultModel(), 0), defaultModel()), &error);
        QVERIFY2(second > 0, qPrintable(error));
        {
            ActionJournal journal;
            QVERIFY2(journal.open(db, &error), qPrintable(error));
            const auto saved = store.load(second, &error);
            ActionJournal::Entry e;
            e.atMs = saved->info.atMs - 1;
            for (const auto &p : saved->processes)
                if (p.pid == appeared.pid)
                    e.target = p.identity(saved->info.bootId);
            QVERIFY(e.target.pid == appeared.pid);
            e.verb = ActVerb::Pause;
            e.command = "ptriage-journaled <b>";
            e.status = ActStatus::Done;
            QVERIFY2(journal.record(e, &error) > 0, qPrintable(error));
        }

        auto render = [&] {
            const auto saved = store.load(second, &error);
            ReportInput in = withFixedTime(reportFromSession(*saved, defaultModel()));
            ReportHistoryRequest history;
            history.databasePath = db;
            QString historyError;
            if (!addReportHistory(in, history, &historyError))
                qWarning("%s", qPrintable(historyError));
            return HtmlReport::render(in);
        };
        const std::string page = render();
        QVERIFY(page.find("id=\"diff\"") != std::string::npos);
        QVERIFY(page.find("id=\"accumulation\"") != std::string::npos);
        QVERIFY(page.find("data-transition=\"appeared\"><td>") != std::string::npos);
        QVERIFY(page.find("ptriage-newcomer") != std::string::npos);
        QVERIFY(page.find("ptriage-journaled &lt;b&gt;") != std::string::npos); // the action, escaped
        QVERIFY(page.find("id=\"action-table\"") != std::string::npos);
        QCOMPARE(render(), page); // byte-identical from the same session

        // A database that is not one: the report says nothing about history, and is unchanged.
        const QString junk = dir.filePath(QStringLiteral("junk.sqlite"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not SQLite at all, not even close......................................");
        f.close();
        ReportInput in = reportFromSession(*store.load(second, &error), defaultModel());
        ReportHistoryRequest history;
        history.databasePath = junk;
        QString historyError;
        QVERIFY(!addReportHistory(in, history, &historyError));
        QVERIFY(!historyError.isEmpty());
        QVERIFY(!in.comparison && in.actions.empty());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(HtmlReportTest)
#include "tst_html_report.moc"
