// The hosts file as File → Add host… changes it, the words a host's ptriage is asked to act with, and
// giving up on hosts at once (the window quitting). Real files, a real child process.
#include "remote/HostsFile.h"
#include "remote/ProcessRun.h"
#include "remote/RemoteHost.h"
#include "support/TestRoom.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <thread>
#include <unistd.h>

using namespace ptriage;

namespace {

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

} // namespace

class HostsFileTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void addingMakesTheFileAndKeepsWhatIsThere()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config/ptriage/hosts"));
        std::string why;
        QVERIFY2(addToHostsFile(path.toStdString(), "devbox1", &why), why.c_str());
        QCOMPARE(bytesOf(path), QByteArray("devbox1\n"));
        QVERIFY(addToHostsFile(path.toStdString(), "devbox1", &why)); // listed already: not twice
        QCOMPARE(bytesOf(path), QByteArray("devbox1\n"));

        // Comments, commands and a last line without its newline stay as they are.
        write(path, "# mine\nbuildbox /opt/ptriage/bin/ptriage");
        QVERIFY2(addToHostsFile(path.toStdString(), "me@devbox2", &why), why.c_str());
        QCOMPARE(bytesOf(path), QByteArray("# mine\nbuildbox /opt/ptriage/bin/ptriage\nme@devbox2\n"));
        std::vector<HostSpec> hosts;
        QVERIFY(readHostsFile(path.toStdString(), hosts, &why));
        QCOMPARE(hosts.size(), std::size_t{2});
        QCOMPARE(hosts[0].command, (std::vector<std::string>{"/opt/ptriage/bin/ptriage"}));
        QCOMPARE(hosts[1].name, std::string("me@devbox2"));
    }

    // File → Remove host…: only that host's line goes; comments, other hosts and a bad line stay.
    void removingTakesOutOnlyThatHostsLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hosts"));
        write(path, "# mine\nbuildbox /opt/ptriage/bin/ptriage # the old one\n-bad\nme@devbox2\nbuildbox2");
        std::string why;
        QVERIFY2(removeFromHostsFile(path.toStdString(), "buildbox", &why), why.c_str());
        QCOMPARE(bytesOf(path), QByteArray("# mine\n-bad\nme@devbox2\nbuildbox2"));
        QVERIFY2(removeFromHostsFile(path.toStdString(), "buildbox2", &why), why.c_str());
        QCOMPARE(bytesOf(path), QByteArray("# mine\n-bad\nme@devbox2\n"));
        // Not listed (a comment's word is no host): false, said, nothing written.
        for (const char *absent : {"buildbox", "mine", "devbox2"}) {
            QVERIFY(!removeFromHostsFile(path.toStdString(), absent, &why));
            QVERIFY2(why.find("is not in") != std::string::npos, why.c_str());
        }
        QCOMPARE(bytesOf(path), QByteArray("# mine\n-bad\nme@devbox2\n"));
        QVERIFY(!removeFromHostsFile(dir.filePath(QStringLiteral("none")).toStdString(), "devbox1", &why));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("none"))));
    }

    void aBadNameOrABadFileChangesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hosts"));
        write(path, "devbox1\n");
        std::string why;
        for (const char *bad : {"-oProxyCommand=touch /tmp/x", "two words", "", "tab\there"}) {
            QVERIFY2(!addToHostsFile(path.toStdString(), bad, &why), bad);
            QVERIFY(!why.empty());
            QCOMPARE(bytesOf(path), QByteArray("devbox1\n"));
        }
        // A typo in the file: fixed by the person first, never rewritten around.
        write(path, "devbox1\n-bad\n");
        QVERIFY(!addToHostsFile(path.toStdString(), "devbox2", &why));
        QVERIFY2(why.find(":2: ") != std::string::npos, why.c_str());
        QCOMPARE(bytesOf(path), QByteArray("devbox1\n-bad\n"));
        // Where the file cannot be written (a directory in its place).
        const QString dirPath = dir.filePath(QStringLiteral("adir"));
        QVERIFY(QDir().mkpath(dirPath));
        QVERIFY(!addToHostsFile(dirPath.toStdString(), "devbox2", &why));
    }

    void theActWordsAreTheRequestAndNothingElse()
    {
        const ProcessIdentity id = *ProcessIdentity::parse("0b0e7a00-1111-4222-8333-444444444444:4242:17");
        const std::string start = id.toString();
        ActRequest end;
        end.targets = {id};
        end.endTimeoutMs = 2500;
        QCOMPARE(actWords(end),
            (std::vector<std::string>{"act", "end", start, "--timeout", std::to_string(2.5), "--json", "--yes"}));
        const auto request = [&](ActVerb verb, std::vector<ProcessIdentity> targets) {
            ActRequest r;
            r.verb = verb;
            r.targets = std::move(targets);
            return r;
        };
        ActRequest signal = request(ActVerb::Signal, {id});
        signal.signal = "HUP";
        signal.processGroup = true;
        QCOMPARE(actWords(signal),
            (std::vector<std::string>{"act", "signal", start, "--signal", "HUP", "--group", "--json", "--yes"}));
        ActRequest renice = request(ActVerb::Renice, {id, id});
        renice.nice = 19;
        QCOMPARE(actWords(renice),
            (std::vector<std::string>{"act", "renice", start, start, "--nice", "19", "--json", "--yes"}));
        ActRequest quarantine = request(ActVerb::Quarantine, {id});
        quarantine.cpus = {2, 3};
        QCOMPARE(actWords(quarantine),
            (std::vector<std::string>{"act", "quarantine", start, "--cpus", "2,3", "--json", "--yes"}));
        const ActRequest throttle = request(ActVerb::Throttle, {id});
        QCOMPARE(actWords(throttle),
            (std::vector<std::string>{"act", "throttle", start, "--quota", "25", "--json", "--yes"}));
    }

    void aHostThatEndsEarlyIsNoZombieWhileOthersAreWaitedFor()
    {
        // A refused host's ssh ends at once; another takes its time. The ended one is collected
        // then (a scan of this machine meanwhile would see our zombie), its exit status kept.
        std::atomic<int> zombies{-1};
        std::thread watcher([&] {
            QThread::msleep(1000);
            int count = 0;
            for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
                QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
                if (!pid.toInt() || !stat.open(QIODevice::ReadOnly))
                    continue;
                const QByteArray text = stat.readAll();
                const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
                if (fields.size() > 1 && fields[0] == "Z" && fields[1].toInt() == ::getpid())
                    ++count;
            }
            zombies = count;
        });
        const auto results
            = runAll({{"sh", "-c", "exit 3"}, {"sh", "-c", "sleep 3 & exit 4"}, {"sleep", "2"}}, 60, 1024);
        watcher.join();
        QCOMPARE(zombies.load(), 0);
        QCOMPARE(results[0].exitCode, 3);
        QCOMPARE(results[1].exitCode, 4); // its background child held the pipe; it was collected when it ended
        QCOMPARE(results[2].exitCode, 0);
    }

    void cancellingGivesUpOnEveryHostAtOnce()
    {
        std::atomic<bool> cancel{false};
        std::thread quitter([&] {
            QThread::msleep(200);
            cancel = true; // the window quits while a host still has ten minutes to answer
        });
        const auto results = runAll({{"sleep", "600"}, {"sh", "-c", "exec sleep 600"}}, 600, 1024, &cancel);
        quitter.join();
        QCOMPARE(results.size(), std::size_t{2});
        for (const RunResult &r : results) {
            QVERIFY(r.timedOut); // given up on, as at a deadline
            QCOMPARE(r.exitCode, -1);
            QCOMPARE(r.signal, 9);
        }
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(HostsFileTest)
#include "tst_hosts_file.moc"
