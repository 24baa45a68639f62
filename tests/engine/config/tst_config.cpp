// The priors, signatures and policy: shipped defaults load; a user's file overrides them; a user's
// mistake gets one clear error naming the file, the line and the field.
#include "config/ProcessManagers.h"
#include "config/TriageConfig.h"
#include "support/TestRoom.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage;

class ConfigTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    void write(const QString &name, const QByteArray &text)
    {
        QFile f(m_dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
    }
    QString loadError()
    {
        ConfigError e;
        const auto m = TriageConfig::load(m_dir.path(), &e);
        return m ? QString() : e.toString();
    }

private Q_SLOTS:
    void init()
    {
        for (const auto &f : QDir(m_dir.path()).entryList(QDir::Files))
            QFile::remove(m_dir.filePath(f));
    }

    void defaultsLoad()
    {
        ConfigError e;
        const auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY2(m, qPrintable(e.toString()));
        QCOMPARE(m->policy.minAgeSeconds, 1800.0);
        QVERIFY(m->signatures.categoryIndex("test_runner") >= 0);
        QCOMPARE(m->priors.term("cpu").bins.size(), std::size_t{5});
        double total = 0;
        for (double lp : m->priors.logPrior)
            total += std::exp(lp);
        QCOMPARE(qRound(total * 1000), 1000);
    }

    // The critical-file patterns joined into one turn away what none of them matches, and let through
    // what any matches; a pattern with a back-reference is never joined (its group would be renumbered).
    void criticalFilePatternsJoined()
    {
        ConfigError e;
        auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY2(m, qPrintable(e.toString()));
        QVERIFY(m->policy.anyCriticalFile);
        const QStringList paths = {QStringLiteral("/home/a/repo/.git/index.lock"), QStringLiteral("/srv/app.db-wal"),
            QStringLiteral("/var/lib/dpkg/lock-frontend"), QStringLiteral("/home/a/proj/node_modules/.staging/x"),
            QStringLiteral("/home/a/notes.txt"), QStringLiteral("/home/a/repo/.git/index.lock.old"),
            QStringLiteral("/tmp/build.log"), QStringLiteral("/dev/pts/3")};
        int critical = 0;
        for (const QString &path : paths) {
            const bool some = std::any_of(m->policy.criticalFiles.begin(), m->policy.criticalFiles.end(),
                [&](const CriticalFilePattern &c) { return c.pattern.match(path).hasMatch(); });
            critical += some ? 1 : 0;
            QVERIFY2(m->policy.anyCriticalFile->match(path).hasMatch() == some, qPrintable(path));
        }
        QCOMPARE(critical, 4);

        write(QStringLiteral("policy.json"),
            "{\n  \"critical_files\": [ { \"pattern\": \"(ab)\\\\1$\", \"hint\": \"twice\" } ]\n}\n");
        m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY2(m, qPrintable(e.toString()));
        QCOMPARE(m->policy.criticalFiles.size(), std::size_t{1});
        QVERIFY(!m->policy.anyCriticalFile);
        QVERIFY(m->policy.criticalFiles[0].pattern.match(QStringLiteral("/tmp/abab")).hasMatch());
    }

    void userOverrideApplies()
    {
        write(QStringLiteral("policy.json"), "{\n  \"min_age_seconds\": 60\n}\n");
        ConfigError e;
        const auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY2(m, qPrintable(e.toString()));
        QCOMPARE(m->policy.minAgeSeconds, 60.0);
        QVERIFY(m->sources.contains(m_dir.filePath(QStringLiteral("policy.json"))));
        QCOMPARE(m->policy.loss[2][6], 0.0); // the rest stays as shipped
    }

    void typoNamesFileLineAndSuggestion()
    {
        write(QStringLiteral("priors.json"), "{\n  \"thresholds\": {\n    \"cpu_idel_share\": 0.01\n  }\n}\n");
        const QString err = loadError();
        QVERIFY2(err.contains(m_dir.filePath(QStringLiteral("priors.json")) + QStringLiteral(":3:")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("thresholds.cpu_idel_share")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("did you mean 'cpu_idle_share'")), qPrintable(err));
    }

    // A misspelt evidence term in the user's priors is an error naming the file, the line, the bad
    // name and every valid one; it is never dropped in silence. So is a misspelt bin.
    void unknownEvidenceTermInOverride()
    {
        write(QStringLiteral("priors.json"),
            "{\n  \"likelihoods\": {\n    \"sustained_cpuu\": {\n      \"yes\": { \"useful\": 0.1, "
            "\"useful_bad\": 0.5, \"abandoned\": 0.1, \"zombie\": 0.01 }\n    }\n  }\n}\n");
        QString err = loadError();
        QVERIFY2(err.contains(m_dir.filePath(QStringLiteral("priors.json")) + QStringLiteral(":3:")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("\"sustained_cpuu\"")), qPrintable(err));
        for (const auto &spec : kEvidenceTables)
            QVERIFY2(err.contains(QString::fromUtf8(spec.name.data(), static_cast<qsizetype>(spec.name.size()))),
                qPrintable(err));

        write(QStringLiteral("priors.json"),
            "{\n  \"likelihoods\": {\n    \"cpu\": {\n      \"idel\": { \"useful\": 0.5, "
            "\"useful_bad\": 0.5, \"abandoned\": 0.5, \"zombie\": 0.5 }\n    }\n  }\n}\n");
        err = loadError();
        QVERIFY2(err.contains(QStringLiteral("priors.json:4:")) && err.contains(QStringLiteral("\"idel\""))
                && err.contains(QStringLiteral("idle, trickle, low, busy, spinning")),
            qPrintable(err));
    }

    // The shipped defaults give every term and bin of the table; a file without one is refused.
    void everyEvidenceTermInDefaults()
    {
        ConfigError e;
        const auto shipped = JsonConfig::load(QStringLiteral(":/ptriage/priors.json"), &e);
        QVERIFY2(shipped, qPrintable(e.toString()));
        QVERIFY2(checkEvidenceTables(*shipped, true, &e), qPrintable(e.toString()));
        const auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY2(m, qPrintable(e.toString()));
        for (const auto &spec : kEvidenceTables)
            QVERIFY(!m->priors.term(spec.name).bins.empty());

        QJsonObject root = shipped->root;
        QJsonObject likelihoods = root.value(QStringLiteral("likelihoods")).toObject();
        likelihoods.remove(QStringLiteral("leaking"));
        root.insert(QStringLiteral("likelihoods"), likelihoods);
        write(QStringLiteral("shipped.json"), QJsonDocument(root).toJson());
        const auto broken = JsonConfig::load(m_dir.filePath(QStringLiteral("shipped.json")), &e);
        QVERIFY2(broken, qPrintable(e.toString()));
        QVERIFY(!checkEvidenceTables(*broken, true, &e));
        QVERIFY2(e.toString().contains(QStringLiteral("\"leaking\" is missing")), qPrintable(e.toString()));
        QVERIFY2(e.toString().startsWith(m_dir.filePath(QStringLiteral("shipped.json"))), qPrintable(e.toString()));
        // A user's file may leave terms out: it overrides only what it names.
        QVERIFY(checkEvidenceTables(*broken, false, &e));
    }

    // The one list of multiplexers and process managers, as facts read it.
    void processManagersAndMultiplexers()
    {
        using namespace managers;
        QVERIFY(multiplexerOf("tmux: server") == Multiplexer::Tmux);
        QVERIFY(multiplexerOf("SCREEN") == Multiplexer::Screen);
        QVERIFY(multiplexerOf("zellij") == Multiplexer::Zellij);
        QVERIFY(multiplexerOf("bash") == Multiplexer::None);
        QVERIFY(isTmuxOrScreen("screen") && !isTmuxOrScreen("zellij"));
        QCOMPARE(processManagerOf("PM2 v5.3.0: God", "node"), std::string_view("pm2"));
        QCOMPARE(processManagerOf("supervisord", "supervisord"), std::string_view("supervisord"));
        QCOMPARE(processManagerOf("node", "nodemon"), std::string_view("nodemon"));
        QVERIFY(processManagerOf("bash", "bash").empty());
    }

    void brokenJsonNamesLine()
    {
        write(QStringLiteral("signatures.json"), "{\n  \"interpreters\": [\"node\",\n  ]\n}\n");
        const QString err = loadError();
        QVERIFY2(err.contains(QStringLiteral("signatures.json:3:")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("not valid JSON")), qPrintable(err));
    }

    void wrongTypeAndRange()
    {
        write(QStringLiteral("policy.json"), "{\n  \"min_age_seconds\": \"ten\"\n}\n");
        QVERIFY2(loadError().contains(QStringLiteral("expected a number, got a string")), qPrintable(loadError()));
        write(QStringLiteral("priors.json"),
            "{\n  \"likelihoods\": {\n    \"cpu\": {\n      \"idle\": { \"useful\": -1 }\n    }\n  }\n}\n");
        const QString err = loadError();
        QVERIFY2(err.contains(QStringLiteral("priors.json:4:"))
                && err.contains(QStringLiteral("likelihoods.cpu.idle.useful")),
            qPrintable(err));
    }

    void inconsistentThresholds()
    {
        write(QStringLiteral("priors.json"), "{\n  \"thresholds\": { \"cpu_busy_share\": 0.9 }\n}\n");
        QVERIFY2(loadError().contains(QStringLiteral("idle < trickle < busy < spinning")), qPrintable(loadError()));
    }

    void badRegexAndUnknownCategory()
    {
        write(QStringLiteral("policy.json"),
            "{\n  \"critical_files\": [ { \"pattern\": \"(unclosed\", \"hint\": \"x\" } ]\n}\n");
        QVERIFY2(loadError().contains(QStringLiteral("bad regular expression")), qPrintable(loadError()));
        write(QStringLiteral("policy.json"), "{}");
        write(QStringLiteral("signatures.json"),
            "{\n  \"signatures\": [ { \"category\": \"test_runer\", \"names\": [\"x\"] } ]\n}\n");
        const QString err = loadError();
        QVERIFY2(err.contains(QStringLiteral("no such category \"test_runer\"")), qPrintable(err));
    }

    void schemaMismatch()
    {
        write(QStringLiteral("priors.json"), "{ \"schema\": \"ptriage.policy.v1\" }");
        QVERIFY2(loadError().contains(QStringLiteral("expected \"ptriage.priors.v1\"")), qPrintable(loadError()));
    }

    void userSignaturesWinAndCategoriesCanBeAdded()
    {
        write(QStringLiteral("signatures.json"),
            "{\n  \"categories\": { \"render_farm\": { \"label\": \"render job\", \"interactive\": false, "
            "\"protected\": true,\n"
            "    \"expected_lifetime_seconds\": null, \"likelihood\": { \"useful\": 5, \"useful_bad\": 1, "
            "\"abandoned\": 1, \"zombie\": 1 } } },\n"
            "  \"signatures\": [ { \"category\": \"render_farm\", \"names\": [\"blender\"] },\n"
            "                  { \"category\": \"editor\", \"names\": [\"pytest\"] } ]\n}\n");
        ConfigError e;
        const auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY2(m, qPrintable(e.toString()));
        const int render = m->signatures.categoryIndex("render_farm");
        QVERIFY(render >= 0);
        QCOMPARE(m->signatures.match("blender", {"blender", "-b", "scene.blend"}), render);
        QCOMPARE(m->signatures.match("pytest", {"pytest"}), m->signatures.categoryIndex("editor"));
    }

    void signatureMatching()
    {
        ConfigError e;
        const auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY(m);
        const auto &s = m->signatures;
        QCOMPARE(s.match("node", {"node", "/x/node_modules/.bin/next", "dev"}), s.categoryIndex("dev_server"));
        QCOMPARE(s.match("python3", {"python3", "-m", "pytest", "-x"}), s.categoryIndex("test_runner"));
        QCOMPARE(s.match("bun", {"bun", "test"}), s.categoryIndex("test_runner"));
        QCOMPARE(s.match("cargo", {"cargo", "build", "--release"}), s.categoryIndex("build_tool"));
        QCOMPARE(
            s.match("dbus-daemon", {"dbus-daemon", "--session", "--address=x"}), s.categoryIndex("desktop_session"));
        QCOMPARE(s.match("dbus-daemon", {"dbus-daemon", "--system"}), s.categoryIndex("system_daemon"));
        QCOMPARE(s.match("tmux: server", {"tmux: server"}), s.categoryIndex("multiplexer"));
        QCOMPARE(s.match("whatever", {"/opt/whatever"}), s.unknownCategory);
        QCOMPARE(s.match("", {}), s.unknownCategory);
    }

    // Names people know: the script, not the interpreter; the program, not where it lives or a login
    // shell's dash; comm when argv[0] became a title; nothing a terminal would obey.
    void programNames()
    {
        ConfigError e;
        const auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY(m);
        const auto &s = m->signatures;
        QCOMPARE(s.programName("python3", {"/usr/bin/python3", "migrate.py", "--fake"}), std::string("migrate.py"));
        QCOMPARE(
            s.programName("python3", {"python3", "-u", "/srv/app/manage.py", "runserver"}), std::string("manage.py"));
        QCOMPARE(s.programName("python3", {"python3", "-m", "pytest", "-x"}), std::string("pytest"));
        QCOMPARE(s.programName("python3", {"python3", "-c", "import time; time.sleep(9)"}), std::string("python3"));
        QCOMPARE(s.programName("node", {"node", "/x/node_modules/vite/bin/vite.js"}), std::string("vite.js"));
        QCOMPARE(s.programName("node", {"node", "-e", "setInterval(()=>{},1e3)"}), std::string("node"));
        QCOMPARE(s.programName("hugo", {"/usr/local/bin/hugo", "server", "-D"}), std::string("hugo"));
        QCOMPARE(s.programName("bash", {"-bash"}), std::string("bash"));
        QCOMPARE(s.programName("bash", {"bash", "/dev/fd/3"}), std::string("bash")); // a script from a pipe
        QCOMPARE(s.programName("python3", {"python3", "/proc/self/fd/0"}), std::string("python3"));
        QCOMPARE(s.programName("sshd", {"sshd: alice@pts/0"}), std::string("sshd"));
        QCOMPARE(s.programName("code", {"/usr/share/code/code --type=renderer --lang=en"}), std::string("code"));
        QCOMPARE(s.programName("kthreadd", {}), std::string("kthreadd"));
        QCOMPARE(s.programName("x", {"/tmp/evil\x1b]0;owned\x07"}), std::string("evil?]0;owned?"));
    }

    // The signatures that are a regex alone are first asked all at once; the answers stay those of
    // asking each in turn.
    void unnamedSignaturesJoinedAnswerAlike()
    {
        ConfigError e;
        const auto m = TriageConfig::load(m_dir.path(), &e);
        QVERIFY(m);
        const SignatureTable &joined = m->signatures;
        QVERIFY(joined.anyUnnamedCmdline);
        SignatureTable oneByOne = joined;
        oneByOne.anyUnnamedCmdline.reset();
        const std::vector<std::vector<std::string>> commands = {
            {"python3", "-c", "from multiprocessing.spawn import spawn_main; spawn_main(tracker_fd=5)",
                "--multiprocessing-fork"},
            {"node", "/w/node_modules/vitest/dist/workers/forks.js"},
            {"node", "/w/node_modules/.bin/tsserver.js"},
            {"sh", "-c", "npm run dev"},
            {"python3", "manage.py", "runserver"},
            {"go", "test", "./..."},
            {"node", "(vitest 3)"},
            {"python3", "server.py"},
            {"/usr/bin/bash"},
            {"node", "index.js", "--port", "3000"},
        };
        for (std::size_t i = 0; i < commands.size(); ++i) {
            const auto &argv = commands[i];
            const std::string comm = argv[0].substr(argv[0].rfind('/') + 1);
            const int expected = oneByOne.match(comm, argv);
            QCOMPARE(joined.match(comm, argv), expected);
            if (i < 7) // each of these by a signature that is a regex alone
                QVERIFY2(expected != joined.unknownCategory, argv.back().c_str());
        }
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(ConfigTest)
#include "tst_config.moc"
