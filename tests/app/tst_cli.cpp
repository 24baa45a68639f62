// The ptriage binary as a person or a script uses it: exit codes, one-line errors, JSON, and
// deterministic replays of captured trees.
#include "support/AcceptingListener.h"
#include "support/BuildPaths.h"
#include "support/CaptureTools.h"
#include "support/CopyForOthers.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <cstring>
#include <fstream>
#include <pty.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QJsonObject processByPid(const QByteArray &json, int pid)
{
    for (const auto &v : QJsonDocument::fromJson(json).object().value(QStringLiteral("processes")).toArray())
        if (v.toObject().value(QStringLiteral("pid")).toInt() == pid)
            return v.toObject();
    return {};
}

bool oneLine(const QByteArray &err)
{
    return err.startsWith("ptriage: ") && err.count('\n') <= 2; // the message, and maybe "Try --help"
}

// For a failure message: where two outputs part, with a little context.
QByteArray firstDifference(const QByteArray &a, const QByteArray &b)
{
    qsizetype i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    const qsizetype from = qMax<qsizetype>(0, i - 160);
    return "at byte " + QByteArray::number(i) + ":\n  " + a.mid(from, 240) + "\nvs\n  " + b.mid(from, 240);
}

// `ptriage ARGS` with its stdout on a fresh pseudo-terminal that reports no size (as some do), under
// COLUMNS=`columns`: what a person sees in such a terminal, "\r\n" made "\n".
// Runs ptriage on a terminal `columns` wide; `typed` is what the person types (answers to questions).
// `lang`: the LANG it runs under (the other locale variables removed), else this test's.
QByteArray onTerminal(
    const QStringList &args, const char *columns, const char *typed = nullptr, const char *lang = nullptr)
{
    std::vector<std::string> argv{ptriage::test::ptriageBinary()};
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::vector<char *> cargv;
    for (auto &a : argv)
        cargv.push_back(a.data());
    cargv.push_back(nullptr);
    std::vector<std::string> env{std::string("COLUMNS=") + columns};
    if (lang)
        env.push_back(std::string("LANG=") + lang);
    for (char **e = environ; *e; ++e) {
        const std::string_view v(*e);
        const bool locale = v.starts_with("LANG=") || v.starts_with("LC_ALL=") || v.starts_with("LC_MESSAGES=")
            || v.starts_with("LANGUAGE=");
        if (!v.starts_with("COLUMNS=") && !(lang && locale))
            env.emplace_back(*e);
    }
    std::vector<char *> cenv;
    for (auto &e : env)
        cenv.push_back(e.data());
    cenv.push_back(nullptr);
    int master = -1;
    winsize none{};
    const pid_t child = ::forkpty(&master, nullptr, nullptr, &none);
    if (child < 0)
        return {};
    if (child == 0) {
        ::execve(cargv[0], cargv.data(), cenv.data());
        ::_exit(127);
    }
    if (typed)
        (void)!::write(master, typed, std::strlen(typed));
    QByteArray out;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(master, buf, sizeof buf);
        if (n <= 0)
            break; // EIO once the child has closed the terminal
        out.append(buf, n);
    }
    ::close(master);
    int status = 0;
    ::waitpid(child, &status, 0);
    return out.replace("\r\n", "\n");
}

int displayColumns(const QByteArray &line)
{
    return static_cast<int>(QString::fromUtf8(line).toUcs4().size());
}

QProcessEnvironment withLang(const char *lang)
{
    auto env = QProcessEnvironment::systemEnvironment();
    for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
        env.remove(QLatin1String(v));
    env.insert(QStringLiteral("LANG"), QLatin1String(lang));
    return env;
}

// The first word of `shown` that is not a word of `whole` (the same command's output into a pipe,
// where nothing is cut or wrapped) and not a cut one ("…" after the start of a word of `whole`):
// a word split by wrapping. Empty when there is none.
QString splitWord(const QByteArray &shown, const QByteArray &whole)
{
    const QStringList words = QString::fromUtf8(whole).split(QRegularExpression(QStringLiteral("\\s+")));
    const QSet<QString> known(words.begin(), words.end());
    const QString ellipsis = QStringLiteral("…");
    for (const QString &w : QString::fromUtf8(shown).split(QRegularExpression(QStringLiteral("\\s+")))) {
        if (w.isEmpty() || known.contains(w))
            continue;
        const qsizetype mark = w.indexOf(ellipsis);
        const QString head = w.left(mark), tail = w.mid(mark + ellipsis.size());
        const bool cut = mark >= 0 && std::any_of(words.begin(), words.end(), [&](const QString &k) {
            return k.size() >= head.size() + tail.size() && k.startsWith(head) && k.endsWith(tail);
        });
        if (!cut)
            return w;
    }
    return {};
}

} // namespace

class CliTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void helpAndUsageErrors()
    {
        const Run help = runPtriage({QStringLiteral("--help")});
        QCOMPARE(help.exit, 0);
        QVERIFY(help.out.contains("scan") && help.out.contains("explain") && help.out.contains("capture"));
        for (const QStringList &bad : {QStringList{QStringLiteral("frobnicate")},
                 QStringList{QStringLiteral("scan"), QStringLiteral("--min-age"), QStringLiteral("soon")},
                 QStringList{QStringLiteral("scan"), QStringLiteral("--bogus")}, QStringList{QStringLiteral("explain")},
                 QStringList{QStringLiteral("explain"), QStringLiteral("not-an-id")},
                 QStringList{QStringLiteral("capture")}}) {
            const Run r = runPtriage(bad);
            QVERIFY2(r.exit == 2, qPrintable(bad.join(QLatin1Char(' '))));
            QVERIFY2(oneLine(r.err), r.err.constData());
        }
        // A typo gets the command it most likely meant.
        const Run typo = runPtriage({QStringLiteral("scna")});
        QCOMPARE(typo.exit, 2);
        QVERIFY2(typo.err.contains("did you mean 'scan'?"), typo.err.constData());
        // Options without a command: the window's own open the window, any other means a scan.
        const Run scan = runPtriage({QStringLiteral("--min-age"), QStringLiteral("0"), QStringLiteral("--json")});
        QCOMPARE(scan.exit, 0);
        QVERIFY(scan.out.contains("\"schema\""));
    }

    void otherErrorsExitOne()
    {
        const Run noRoot
            = runPtriage({QStringLiteral("scan"), QStringLiteral("--proc-root"), QStringLiteral("/nonexistent")});
        QCOMPARE(noRoot.exit, 1);
        QVERIFY(oneLine(noRoot.err) && noRoot.err.contains("/nonexistent"));
        const Run gone = runPtriage({QStringLiteral("explain"), QStringLiteral("4194999")});
        QCOMPARE(gone.exit, 1);
        QVERIFY2(oneLine(gone.err), gone.err.constData());
    }

    void scanJsonAndExplainByIdentity()
    {
        Spawner sp;
        const Actor a = sp.spawn(
            {"python3", {"python3", "/home/dev/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        const Run scan = runPtriage({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--min-age"), QStringLiteral("0")});
        QCOMPARE(scan.exit, 0);
        const auto p = processByPid(scan.out, a.pid);
        QVERIFY(!p.isEmpty());
        const QString id = p.value(QStringLiteral("start_id")).toString();
        const Run explain = runPtriage({QStringLiteral("explain"), id, QStringLiteral("--json")});
        QCOMPARE(explain.exit, 0);
        const auto e = QJsonDocument::fromJson(explain.out).object();
        QCOMPARE(e.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.explain.v1"));
        QCOMPARE(e.value(QStringLiteral("process")).toObject().value(QStringLiteral("start_id")).toString(), id);
        const Run text = runPtriage({QStringLiteral("explain"), QString::number(a.pid)});
        QCOMPARE(text.exit, 0);
        QVERIFY(text.out.contains("evidence ledger") && text.out.contains("blast radius"));
        // The same pid with another start time is another process: refused, never confused.
        const QStringList parts = id.split(QLatin1Char(':'));
        const QString stale
            = parts[0] + QLatin1Char(':') + QString::number(parts[1].toULongLong() - 1) + QLatin1Char(':') + parts[2];
        const Run wrong = runPtriage({QStringLiteral("explain"), stale});
        QCOMPARE(wrong.exit, 1);
        QVERIFY2(wrong.err.contains("is gone"), wrong.err.constData());
    }

    // A command line that carries terminal escapes (retitle, a C1 CSI) and a bidi override reaches the
    // terminal as visible text, never as controls (issue 38); JSON keeps it, escaped as JSON escapes.
    void terminalOutputNeverCarriesAProcessesControls()
    {
        Spawner sp;
        const std::string evil = std::string("title\x1b]0;owned\x07 csi\xc2\x9b"
                                             "2J rtl\xe2\x80\xae"
                                             "txt.exe");
        const Actor a = sp.spawn({"escaper", {"escaper", evil}, {}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto clean = [](const QByteArray &out) {
            return !out.contains('\x1b') && !out.contains('\x07') && !out.contains("\xc2\x9b")
                && !out.contains("\xe2\x80\xae");
        };
        const Run explain = runPtriage({QStringLiteral("explain"), QString::number(a.pid)});
        QCOMPARE(explain.exit, 0);
        QVERIFY2(clean(explain.out), explain.out.toPercentEncoding(" \n").constData());
        QVERIFY2(explain.out.contains("title?]0;owned? csi<U+009B>2J rtl<U+202E>txt.exe"), explain.out.constData());
        const Run scan = runPtriage(
            {QStringLiteral("scan"), QStringLiteral("--all"), QStringLiteral("--min-age"), QStringLiteral("0")});
        QCOMPARE(scan.exit, 0);
        QVERIFY(scan.out.contains("escaper"));
        QVERIFY2(clean(scan.out), "scan's text carries a control character");
        const Run json = runPtriage({QStringLiteral("explain"), QString::number(a.pid), QStringLiteral("--json")});
        QCOMPARE(json.exit, 0);
        QVERIFY(json.out.contains("\\u001b]0;owned"));
    }

    // A capture directory another user prepared is never written through (issue 38): a link to a
    // victim's file inside, the directory itself a link, one others may write to, someone else's.
    // A new directory (parents made as needed) and an empty one of ours are written, private.
    void captureWritesOnlyIntoAFreshDirectoryOfItsOwn()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const auto at = [&](const char *name) { return tmp.filePath(QString::fromLatin1(name)); };
        const auto readAll = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
        };
        const auto refused = [&](const QString &dir, const char *why) {
            const Run r = runPtriage({QStringLiteral("capture"), dir});
            QVERIFY2(r.exit != 0 && r.err.contains(why), r.err.constData());
            QVERIFY2(!QFile::exists(dir + QStringLiteral("/uptime"))
                    || QFileInfo(dir + QStringLiteral("/uptime")).isSymLink(),
                qPrintable(dir));
        };
        {
            QFile victim(at("victim"));
            QVERIFY(victim.open(QIODevice::WriteOnly));
            victim.write("original\n");
        }
        QVERIFY(QDir().mkdir(at("prepared")));
        QVERIFY(QFile::link(at("victim"), at("prepared/uptime")));
        QVERIFY(QDir().mkdir(at("prepared/sys")));
        refused(at("prepared"), "not empty");
        QCOMPARE(readAll(at("victim")), QByteArray("original\n"));

        QVERIFY(QDir().mkdir(at("elsewhere")));
        QVERIFY(QFile::link(at("elsewhere"), at("link")));
        refused(at("link"), "not a directory (a link?)");
        QVERIFY(QDir(at("elsewhere")).isEmpty());

        QVERIFY(QDir().mkdir(at("shared")));
        QVERIFY(::chmod(at("shared").toLocal8Bit().constData(), 0777) == 0);
        refused(at("shared"), "others may write to it");
        QVERIFY(QDir(at("shared")).isEmpty());

        if (::geteuid() == 0) {
            QVERIFY(QDir().mkdir(at("theirs")));
            QVERIFY(::chown(at("theirs").toLocal8Bit().constData(), 65534, 65534) == 0);
            refused(at("theirs"), "belongs to someone else");
            QVERIFY(QDir(at("theirs")).isEmpty());
            // Another user's link on the way (issue 66): never followed, even into a directory of ours.
            QVERIFY(QDir().mkdir(at("rootonly")));
            QVERIFY(QFile::link(at("rootonly"), at("their-link")));
            QVERIFY(::lchown(at("their-link").toLocal8Bit().constData(), 65534, 65534) == 0);
            refused(at("their-link/cap"), "a link another user (uid 65534) made");
            QVERIFY(QDir(at("rootonly")).isEmpty());
        }
        // One's own link on the way is followed.
        QVERIFY(QDir().mkdir(at("target")));
        QVERIFY(QFile::link(at("target"), at("my-link")));
        const Run throughMine = runPtriage({QStringLiteral("capture"), at("my-link/cap")});
        QVERIFY2(throughMine.exit == 0, throughMine.err.constData());
        QVERIFY(QFile::exists(at("target/cap/uptime")));

        QVERIFY(QDir().mkdir(at("empty")));
        QCOMPARE(runPtriage({QStringLiteral("capture"), at("empty")}).exit, 0);
        QVERIFY(readAll(at("empty/uptime")).size() > 0);
        const QString fresh = at("new/parents/cap");
        const Run made = runPtriage({QStringLiteral("capture"), fresh});
        QVERIFY2(made.exit == 0, made.err.constData());
        QVERIFY(QFile::exists(fresh + QStringLiteral("/sys/kernel/random/boot_id")));
        QCOMPARE(QFileInfo(fresh).permissions()
                & (QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ReadGroup | QFileDevice::WriteGroup),
            QFileDevice::Permissions());
        // The same directory again: not empty now, refused, and the first capture is untouched.
        const QByteArray uptime = readAll(fresh + QStringLiteral("/uptime"));
        const Run again = runPtriage({QStringLiteral("capture"), fresh});
        QVERIFY2(again.exit != 0 && again.err.contains("not empty"), again.err.constData());
        QCOMPARE(readAll(fresh + QStringLiteral("/uptime")), uptime);
    }

    void captureReplaysDeterministically()
    {
        Spawner sp;
        const Actor busy = sp.spawn({"crunch", {"crunch"}, {{"ACTOR_SPIN", "1"}}, Parenting::OrphanNoSession});
        const std::string dir = sp.dir();
        const QString before = QString::fromStdString(dir + "/before"), after = QString::fromStdString(dir + "/after");
        QCOMPARE(runPtriage({QStringLiteral("capture"), before}).exit, 0);
        QTest::qWait(500);
        QCOMPARE(runPtriage({QStringLiteral("capture"), after}).exit, 0);
        // A core's worth between them, as on an idle machine (a loaded one gives the spinner less).
        makeBusy({before.toStdString(), after.toStdString()}, busy.pid);

        // One capture alone: rates unknown, and the ledger says so.
        const Run alone = runPtriage({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--proc-root"), after});
        QCOMPARE(alone.exit, 0);
        const auto lone = processByPid(alone.out, busy.pid);
        QVERIFY(lone.value(QStringLiteral("cpu_share")).isNull());
        bool saysUnknown = false;
        for (const auto &t : lone.value(QStringLiteral("ledger")).toArray())
            saysUnknown = saysUnknown
                || t.toObject().value(QStringLiteral("detail")).toString().contains(QStringLiteral("unknown"));
        QVERIFY(saysUnknown);

        // The pair through --state, twice: the same rates both times, from the two uptimes.
        double shares[2] = {-1, -1};
        for (double &share : shares) {
            const QString state = QString::fromStdString(dir + "/state.json");
            QFile::remove(state);
            QCOMPARE(runPtriage({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--proc-root"),
                                    before, QStringLiteral("--state"), state})
                         .exit,
                0);
            const Run second = runPtriage({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"),
                QStringLiteral("--proc-root"), after, QStringLiteral("--state"), state});
            QCOMPARE(second.exit, 0);
            share = processByPid(second.out, busy.pid).value(QStringLiteral("cpu_share")).toDouble(-1);
        }
        QVERIFY2(shares[0] > 0.5, qPrintable(QString::number(shares[0])));
        QCOMPARE(shares[0], shares[1]);
    }

    void corruptStateFileIsRefusedAndKept()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("notes.txt"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("my precious notes\n");
        }
        const Run r = runPtriage({QStringLiteral("scan"), QStringLiteral("--state"), path});
        QCOMPARE(r.exit, 1);
        QVERIFY2(oneLine(r.err) && r.err.contains("not a ptriage state file"), r.err.constData());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("my precious notes\n"));
    }

    void badConfigIsOneClearError()
    {
        QTemporaryDir home;
        QDir().mkpath(home.filePath(QStringLiteral("ptriage")));
        QFile f(home.filePath(QStringLiteral("ptriage/policy.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\n  \"min_age_secnds\": 60\n}\n");
        f.close();
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        const Run r = runPtriage({QStringLiteral("scan")}, env);
        QCOMPARE(r.exit, 1);
        QVERIFY2(oneLine(r.err) && r.err.contains("policy.json:2:") && r.err.contains("did you mean 'min_age_seconds'"),
            r.err.constData());
    }

    void unprivilegedUserGetsPartialRecordsNotFailures()
    {
        if (::getuid() != 0)
            QSKIP("needs root to switch to the unprivileged user 'nobody'");
        CopyForOthers forOthers; // the build tree may be in a home nobody cannot enter
        QString error;
        const QString binary = forOthers.of(QString::fromUtf8(ptriage::test::ptriageBinary()), &error);
        QVERIFY2(!binary.isEmpty(), qPrintable(error));
        QProcess p;
        p.start(QStringLiteral("runuser"),
            {QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"), binary, QStringLiteral("scan"),
                QStringLiteral("--json"), QStringLiteral("--all")});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        int partialRoot = 0;
        for (const auto &v :
            QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(QStringLiteral("processes")).toArray()) {
            const auto o = v.toObject();
            if (o.value(QStringLiteral("uid")).toInt(-1) == 0
                && o.value(QStringLiteral("partial")).toString().contains(QStringLiteral("permission denied")))
                ++partialRoot;
        }
        QVERIFY(partialRoot > 0); // root's processes are there, marked partial, not dropped
    }

    void humanTableListsCandidates()
    {
        Spawner sp;
        const Actor a = sp.spawn(
            {"python3", {"python3", "/home/dev/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        const auto pair = capturePair(sp.dir(), 0.3, 3 * 3600);
        const QString state = QString::fromStdString(sp.dir() + "/s.json");
        runPtriage({QStringLiteral("scan"), QStringLiteral("--proc-root"), QString::fromStdString(pair.before),
            QStringLiteral("--state"), state});
        const Run r = runPtriage({QStringLiteral("scan"), QStringLiteral("--proc-root"),
            QString::fromStdString(pair.after), QStringLiteral("--state"), state});
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains("kill") && r.out.contains(QByteArray::number(a.pid)) && r.out.contains("pytest"),
            r.out.constData());
        QVERIFY2(r.out.contains("session leader"), r.out.constData()); // a reason in words
    }

    // WHY is whole into a pipe (and with --wide), and cut to COLUMNS on a terminal that reports no size.
    void scanRowsFitTheTerminalAndAreWholeElsewhere()
    {
        Spawner sp;
        const Actor a = sp.spawn(
            {"python3", {"python3", "/home/dev/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        const auto pair = capturePair(sp.dir(), 0.3, 3 * 3600);
        const QStringList args{
            QStringLiteral("scan"), QStringLiteral("--proc-root"), QString::fromStdString(pair.after)};
        const Run piped = runPtriage(args);
        QCOMPARE(piped.exit, 0);
        // The row of the worker, and the reasons under it.
        const QList<QByteArray> lines = piped.out.split('\n');
        qsizetype row = -1;
        for (qsizetype k = 0; k < lines.size(); ++k)
            if (lines[k].contains(" " + QByteArray::number(a.pid) + " ") && lines[k].contains("pytest"))
                row = k;
        QVERIFY2(row >= 0 && row + 1 < lines.size(), piped.out.constData());
        const QByteArray why = lines[row + 1].trimmed();
        QVERIFY2(displayColumns(lines[row + 1]) > 80, lines[row + 1].constData()); // long enough to be cut
        QVERIFY2(!why.endsWith("…"), why.constData());
        // Whole: the last reason ends as the ledger's sentence does.
        const Run explained = runPtriage({QStringLiteral("explain"), QString::number(a.pid), QStringLiteral("--json"),
            QStringLiteral("--proc-root"), QString::fromStdString(pair.after)});
        bool lastIsASentence = false;
        for (const auto &t : QJsonDocument::fromJson(explained.out)
                                 .object()
                                 .value(QStringLiteral("process"))
                                 .toObject()
                                 .value(QStringLiteral("ledger"))
                                 .toArray())
            lastIsASentence
                = lastIsASentence || why.endsWith(t.toObject().value(QStringLiteral("detail")).toString().toUtf8());
        QVERIFY2(lastIsASentence, why.constData());
        const Run wide = runPtriage(QStringList(args) << QStringLiteral("--wide"));
        QCOMPARE(wide.out, piped.out);

        const QByteArray shown = onTerminal(args, "80");
        QVERIFY2(shown.contains(QByteArray::number(a.pid)), shown.constData());
        bool cut = false;
        for (const QByteArray &line : shown.split('\n')) {
            QVERIFY2(displayColumns(line) <= 80, line.constData());
            cut = cut || (line.endsWith("…") && line.startsWith("      "));
        }
        QVERIFY2(cut, shown.constData());
        QVERIFY(shown.contains(why.left(20)));
        // --wide on a terminal: whole again.
        QVERIFY(onTerminal(QStringList(args) << QStringLiteral("--wide"), "80").contains(why));
    }

    // What a person runs in a terminal fits 80 columns in English and in German, on a machine of long
    // command lines (every process of this one, three hours older): no line wider, no word split by
    // wrapping, and the same words as into a pipe, where nothing is cut.
    void everyCommandFits80ColumnsInEnglishAndGerman()
    {
        Spawner sp;
        const std::string project = sp.dir() + "/a-project-with-a-rather-long-name/services/integration-tests";
        QVERIFY(QDir().mkpath(QString::fromStdString(project)));
        const Actor worker = sp.spawn({"python3",
            {"python3", project + "/run_the_integration_tests_of_every_service.py", "--workers", "8", "--timeout",
                "3600", "--log-level", "debug", "--report", project + "/reports/integration-report.xml"},
            {}, Parenting::OrphanNoSession});
        QVERIFY(worker.pid > 0);
        const int port = freeTcpPort();
        const int server = sp.spawnProgram({"/usr/bin/python3", "-m", "http.server", std::to_string(port), "--bind",
            "127.0.0.1", "--directory", project});
        QVERIFY(server > 0);
        for (int i = 0; i < 200 && !tcpListening(port); ++i)
            QThread::msleep(50);
        QVERIFY(tcpListening(port));
        const auto pair = capturePair(sp.dir(), 0.3, 3 * 3600);
        const QString root = QString::fromStdString(pair.after);
        const QList<QStringList> commands{{QStringLiteral("scan")},
            {QStringLiteral("explain"), QString::number(worker.pid)},
            {QStringLiteral("groups"), QStringLiteral("--all")}, {QStringLiteral("port"), QString::number(port)},
            {QStringLiteral("relieve"), QStringLiteral("--free-port"), QString::number(port)},
            {QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("64G")}};
        for (const char *lang : {"C.UTF-8", "de_DE.UTF-8"}) {
            for (QStringList args : commands) {
                args << QStringLiteral("--proc-root") << root;
                const QString what = QString::fromLatin1(lang) + QLatin1Char(' ') + args.join(QLatin1Char(' '));
                const Run piped = runPtriage(args, withLang(lang));
                QVERIFY2(!piped.out.isEmpty() && piped.exit <= 1,
                    qPrintable(what + QLatin1Char('\n') + QString::fromUtf8(piped.err)));
                const QByteArray shown = onTerminal(args, "80", nullptr, lang);
                for (const QByteArray &line : shown.split('\n'))
                    QVERIFY2(
                        displayColumns(line) <= 80, qPrintable(what + QStringLiteral(":\n") + QString::fromUtf8(line)));
                const QString split = splitWord(shown, piped.out);
                QVERIFY2(split.isEmpty(),
                    qPrintable(
                        what + QStringLiteral(": '") + split + QStringLiteral("' in\n") + QString::fromUtf8(shown)));
            }
        }
        // A group of one is one process, not "1 processes".
        const Run groups
            = runPtriage({QStringLiteral("groups"), QStringLiteral("--all"), QStringLiteral("--proc-root"), root});
        QVERIFY2(!groups.out.contains("\n  1 processes"), groups.out.constData());
    }

    // What may be done is listed within 80 columns, in English and in German; init gets nothing, every
    // action the window offers disabled on a line of its own.
    void explainListsActionsWithin80Columns()
    {
        for (const char *lang : {"C.UTF-8", "de_DE.UTF-8"}) {
            auto env = QProcessEnvironment::systemEnvironment();
            for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
                env.remove(QLatin1String(v));
            env.insert(QStringLiteral("LANG"), QLatin1String(lang));
            const Run r = runPtriage({QStringLiteral("explain"), QStringLiteral("1")}, env);
            QCOMPARE(r.exit, 0);
            const bool de = QByteArray(lang).startsWith("de");
            const QByteArray none = de ? "Aktionen:   keine" : "actions:    none";
            const QByteArray refused = de ? "abgelehnt:  " : "refused:    ";
            const QList<QByteArray> lines = r.out.split('\n');
            qsizetype at = -1;
            for (qsizetype k = 0; k + 1 < lines.size(); ++k)
                if (lines[k] == none && lines[k + 1].startsWith(refused))
                    at = k + 1;
            QVERIFY2(at > 0, r.out.constData());
            QVERIFY2(lines[at].contains(de ? "beenden" : "end"), r.out.constData());
            for (qsizetype k = at; k < lines.size() && (k == at || lines[k].startsWith("            ")); ++k)
                QVERIFY2(displayColumns(lines[k]) <= 80, lines[k].constData());
        }
    }

    // A START_ID whose process is gone is said to be gone, and nothing is asked: there is nothing to confirm.
    void staleIdentityIsNotConfirmed()
    {
        QFile bootId(QStringLiteral("/proc/sys/kernel/random/boot_id"));
        QVERIFY(bootId.open(QIODevice::ReadOnly));
        const QString stale = QString::fromUtf8(bootId.readAll().trimmed()) + QStringLiteral(":1:4194300");
        const QByteArray shown = onTerminal({QStringLiteral("act"), QStringLiteral("end"), stale}, "80", "n\n");
        QVERIFY2(shown.contains("not running any more"), shown.constData());
        QVERIFY2(!shown.contains("Proceed?"), shown.constData());
    }

    // A zombie's action is about its parent, in every output; acting on the zombie itself is refused
    // with the commands that act through the parent.
    void zombieActionNamesWhatToDoWithTheParent()
    {
        Spawner sp;
        const Actor a = sp.spawn({"zparent-cli", {"zparent-cli"}, {{"ACTOR_ZOMBIE", "1"}}, Parenting::Child});
        QVERIFY(a.zombiePid > 0);
        const QByteArray parent = QByteArray::number(a.pid);
        const Run scan = runPtriage({QStringLiteral("scan")});
        QCOMPARE(scan.exit, 0);
        QVERIFY2(scan.out.contains("reap→" + parent + " "), scan.out.constData()); // the parent is young: kept
        QVERIFY(!scan.out.contains("keep→"));
        const Run json = runPtriage({QStringLiteral("scan"), QStringLiteral("--json")});
        const auto z = processByPid(json.out, a.zombiePid);
        const auto rec = z.value(QStringLiteral("recommendation")).toObject();
        QCOMPARE(rec.value(QStringLiteral("action")).toString(), QStringLiteral("keep"));
        QCOMPARE(rec.value(QStringLiteral("parent_action")).toString(), QStringLiteral("reap"));
        QVERIFY(processByPid(json.out, a.pid).isEmpty()
            || processByPid(json.out, a.pid)
                   .value(QStringLiteral("recommendation"))
                   .toObject()
                   .value(QStringLiteral("parent_action"))
                   .isNull());
        const QString zombieId = z.value(QStringLiteral("start_id")).toString();
        const QString parentId = rec.value(QStringLiteral("target")).toString();
        QVERIFY(parentId.endsWith(QLatin1Char(':') + QString::number(a.pid)));
        const Run explain = runPtriage({QStringLiteral("explain"), QString::number(a.zombiePid)});
        QVERIFY2(
            explain.out.contains("recommendation: ask the parent to reap (SIGCHLD): zparent-cli (pid " + parent + ")"),
            explain.out.constData());
        // Its files were closed and its memory freed when it exited: nothing of it is "not readable".
        QVERIFY2(explain.out.contains("fds: 0\n") && !explain.out.contains("partial:"), explain.out.constData());
        QCOMPARE(z.value(QStringLiteral("fd_count")).toInt(), 0);

        QTemporaryDir dir;
        const Run end = runPtriage({QStringLiteral("act"), QStringLiteral("end"), zombieId, QStringLiteral("--yes"),
            QStringLiteral("--db"), dir.filePath(QStringLiteral("j.sqlite"))});
        QCOMPARE(end.exit, 1);
        QVERIFY2(end.out.contains("cannot be signalled"), end.out.constData());
        QVERIFY2(end.out.contains("its parent is pid " + parent), end.out.constData());
        QVERIFY2(end.out.contains("ptriage act reap " + zombieId.toUtf8()), end.out.constData());
        QVERIFY2(end.out.contains("ptriage act end " + parentId.toUtf8()), end.out.constData());
        QCOMPARE(processState(a.zombiePid), 'Z'); // nothing was done
        QVERIFY(processState(a.pid) != '?');
    }

    // `act renice` without --nice lowers the priority from where it is, never raises it: a process
    // at nice 12 goes to 19, one already at 19 is refused (a fixed default of 10 raised both).
    void reniceByDefaultOnlyLowersThePriority()
    {
        Spawner sp;
        const int at19 = sp.spawnProgram({"nice", "-n", "19", sp.actorPath("renice-19")});
        const int at12 = sp.spawn({"renice-12", {"renice-12"}, {}}).pid; // `nice -n` adds to the test's own
        QVERIFY(at19 > 0 && at12 > 0);
        if (::setpriority(PRIO_PROCESS, static_cast<id_t>(at12), 12) != 0)
            QSKIP("cannot set nice 12 here (the test runs above it, unprivileged)");
        const auto niceOf = [](int pid) {
            std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
            std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
            const auto fields = QString::fromStdString(text.substr(text.rfind(')') + 2)).split(QLatin1Char(' '));
            return fields.size() > 16 ? fields[16].toInt() : -100; // the 19th field of stat
        };
        QTRY_VERIFY_WITH_TIMEOUT(niceOf(at19) == 19 && niceOf(at12) == 12, 10000);
        const Run json = runPtriage({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all")});
        const QString id19 = processByPid(json.out, at19).value(QStringLiteral("start_id")).toString();
        const QString id12 = processByPid(json.out, at12).value(QStringLiteral("start_id")).toString();
        QCOMPARE(processByPid(json.out, at19).value(QStringLiteral("nice")).toInt(), 19);
        QVERIFY(!id19.isEmpty() && !id12.isEmpty());
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("j.sqlite"));
        const Run refused = runPtriage({QStringLiteral("act"), QStringLiteral("renice"), id19, QStringLiteral("--yes"),
            QStringLiteral("--db"), db});
        QCOMPARE(refused.exit, 1);
        QVERIFY2(oneLine(refused.err) && refused.err.contains("already at nice 19"), refused.err.constData());
        QCOMPARE(niceOf(at19), 19);
        const Run lowered = runPtriage({QStringLiteral("act"), QStringLiteral("renice"), id12, QStringLiteral("--yes"),
            QStringLiteral("--db"), db});
        QVERIFY2(lowered.exit == 0, lowered.out + lowered.err);
        QCOMPARE(niceOf(at12), 19);
    }

    // explain's text uses the window's and the report's words for classes and terms, not JSON ids.
    void explainSpeaksTheWindowsVocabulary()
    {
        Spawner sp;
        const Actor a = sp.spawn(
            {"python3", {"python3", "/home/dev/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        const auto pair = capturePair(sp.dir(), 0.3, 3 * 3600);
        const Run r = runPtriage({QStringLiteral("explain"), QString::number(a.pid), QStringLiteral("--proc-root"),
            QString::fromStdString(pair.after)});
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains("bits for abandoned against useful"), r.out.constData());
        QVERIFY2(r.out.contains("\n  stuck or spinning "), r.out.constData()); // the posterior's rows
        QVERIFY2(r.out.contains("\n  parent "), r.out.constData()); // the orphan term
        for (const char *id : {"\n  useful_bad ", "\n  orphan", "\n  tty", "\n  intent ", "\n  writing_files "})
            QVERIFY2(!r.out.contains(id), id);
    }

    // The text speaks the person's language, engine sentences included; JSON is English, byte for byte.
    void textFollowsTheLocaleJsonDoesNot()
    {
        Spawner sp;
        const Actor a = sp.spawn(
            {"python3", {"python3", "/home/dev/.venv/bin/pytest", "tests/"}, {}, Parenting::OrphanNoSession});
        const auto pair = capturePair(sp.dir(), 0.3, 3 * 3600);
        auto in = [](const char *lang) {
            auto env = QProcessEnvironment::systemEnvironment();
            for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
                env.remove(QLatin1String(v));
            env.insert(QStringLiteral("LANG"), QLatin1String(lang));
            return env;
        };
        const QStringList json{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--proc-root"), QString::fromStdString(pair.after)};
        const Run en = runPtriage(json, in("C.UTF-8"));
        // A second later: a capture's scan is dated at the capture (its uptime file, written last), not at
        // the run, so one capture reads the same whenever it is scanned, "owner seen alive at" included.
        QThread::msleep(static_cast<unsigned long>(1050 - QDateTime::currentMSecsSinceEpoch() % 1000));
        const Run de = runPtriage(json, in("de_DE.UTF-8"));
        QCOMPARE(en.exit, 0);
        QCOMPARE(de.exit, 0);
        QVERIFY(en.out.contains("\"detail\""));
        QVERIFY2(de.out == en.out, firstDifference(en.out, de.out).constData());
        const QFileInfo uptime(QString::fromStdString(pair.after + "/uptime"));
        const QString capturedAt = uptime.lastModified().toUTC().toString(Qt::ISODate);
        QVERIFY2(en.out.contains("\"generated_at\":\"" + capturedAt.toUtf8() + "\""), qPrintable(capturedAt));

        const QString pid = QString::number(a.pid);
        const Run explainDe = runPtriage(
            {QStringLiteral("explain"), pid, QStringLiteral("--proc-root"), QString::fromStdString(pair.after)},
            in("de_DE.UTF-8"));
        QCOMPARE(explainDe.exit, 0);
        const QString text = QString::fromUtf8(explainDe.out);
        QVERIFY2(text.contains(QStringLiteral("Indizien (Bit für ")), explainDe.out.constData()); // ScanText
        QVERIFY2(text.contains(QStringLiteral("adoptiert von ")), explainDe.out.constData()); // an Evidence sentence
        QVERIFY2(!text.contains(QStringLiteral("adopted by")), explainDe.out.constData());
        const Run explainEn = runPtriage(
            {QStringLiteral("explain"), pid, QStringLiteral("--proc-root"), QString::fromStdString(pair.after)},
            in("C.UTF-8"));
        QVERIFY2(explainEn.out.contains("adopted by "), explainEn.out.constData());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliTest)
#include "tst_cli.moc"
