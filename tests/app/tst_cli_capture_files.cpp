// A capture is anyone's directory (issue 38, hardening round 3): `scan --proc-root` never waits on
// a FIFO in it and never reads through a link out of it; such a file is a warning for that process.
#include "support/BuildPaths.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

constexpr const char *kOutside = "OUTSIDE-THE-CAPTURE-7f3a9c";

struct Timed {
    Run run;
    bool finished = false;
    qint64 ms = 0;
};

// `ptriage ARGS`, given 30 s (the bug was a wait without end); killed when it does not finish.
Timed runWithin30s(const QStringList &args)
{
    QProcess p;
    QElapsedTimer clock;
    clock.start();
    p.start(QString::fromUtf8(ptriage::test::ptriageBinary()), args);
    Timed t;
    t.finished = p.waitForFinished(30000);
    t.ms = clock.elapsed();
    if (!t.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    t.run = {t.finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
    return t;
}

QJsonObject processByPid(const QByteArray &json, int pid)
{
    for (const auto &v : QJsonDocument::fromJson(json).object().value(QStringLiteral("processes")).toArray())
        if (v.toObject().value(QStringLiteral("pid")).toInt() == pid)
            return v.toObject();
    return {};
}

QString capture(const QString &dir, const std::vector<int> &pids)
{
    const QString out = dir + QStringLiteral("/cap");
    QStringList args{QStringLiteral("capture"), out};
    for (int pid : pids)
        args << QStringLiteral("--pid") << QString::number(pid);
    const Run r = runPtriage(args);
    return r.exit == 0 ? out : QString();
}

bool replaceWithFifo(const QString &path)
{
    return QFile::remove(path) && ::mkfifo(path.toUtf8().constData(), 0600) == 0;
}

bool replaceWithLink(const QString &path, const QString &target)
{
    return QFile::remove(path) && QFile::link(target, path);
}

} // namespace

class CliCaptureFilesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fifoInACaptureIsAWarningNotAWait()
    {
        Spawner sp;
        const int a = sp.spawnProgram({"sleep", "600"});
        const int b = sp.spawnProgram({"sleep", "601"});
        QVERIFY(a > 0 && b > 0);
        QTemporaryDir dir;
        const QString cap = capture(dir.path(), {a, b});
        QVERIFY(!cap.isEmpty());
        QVERIFY(replaceWithFifo(cap + QStringLiteral("/%1/status").arg(a)));
        QVERIFY(replaceWithFifo(cap + QStringLiteral("/%1/cmdline").arg(b)));
        QVERIFY(replaceWithFifo(cap + QStringLiteral("/net/tcp")));

        const Timed text
            = runWithin30s({QStringLiteral("scan"), QStringLiteral("--all"), QStringLiteral("--proc-root"), cap});
        qInfo("scan --proc-root with FIFOs: %s after %lld ms", text.finished ? "finished" : "still waiting", text.ms);
        QVERIFY2(text.finished && text.run.exit == 0, text.run.err.constData());
        QVERIFY2(text.run.out.contains("devices or links and were not read"), text.run.out.constData());
        const Timed json = runWithin30s({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--proc-root"), cap});
        QVERIFY2(json.finished && json.run.exit == 0, json.run.err.constData());
        const QString pa = processByPid(json.run.out, a).value(QStringLiteral("partial")).toString();
        const QString pb = processByPid(json.run.out, b).value(QStringLiteral("partial")).toString();
        QVERIFY2(pa.contains(QStringLiteral("status: not a regular file")), qPrintable(pa));
        QVERIFY2(pb.contains(QStringLiteral("cmdline: not a regular file")), qPrintable(pb));
    }

    void linksOutOfACaptureAreNotFollowed()
    {
        Spawner sp;
        const int a = sp.spawnProgram({"sleep", "602"});
        const int b = sp.spawnProgram({"sleep", "603"});
        QVERIFY(a > 0 && b > 0);
        QTemporaryDir dir;
        const QString cap = capture(dir.path(), {a, b});
        QVERIFY(!cap.isEmpty());
        // What lies outside: a file of recognisable text, and a directory that looks like a process.
        const QString secret = dir.filePath(QStringLiteral("secret"));
        QFile f(secret);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(kOutside) + '\0' + "--token=" + kOutside + '\0');
        f.close();
        QVERIFY(replaceWithLink(cap + QStringLiteral("/%1/cmdline").arg(a), secret));
        QVERIFY(replaceWithLink(cap + QStringLiteral("/%1/environ").arg(a), secret));
        const QString elsewhere = dir.filePath(QStringLiteral("elsewhere"));
        QVERIFY(QDir().rename(cap + QStringLiteral("/%1").arg(b), elsewhere));
        QVERIFY(QFile::copy(secret, elsewhere + QStringLiteral("/cmdline.new")));
        QVERIFY(QFile::remove(elsewhere + QStringLiteral("/cmdline"))
            && QFile::rename(elsewhere + QStringLiteral("/cmdline.new"), elsewhere + QStringLiteral("/cmdline")));
        QVERIFY(QFile::link(elsewhere, cap + QStringLiteral("/%1").arg(b)));

        for (const QStringList &args :
            {QStringList{QStringLiteral("scan"), QStringLiteral("--all"), QStringLiteral("--wide")},
                QStringList{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all")},
                QStringList{QStringLiteral("explain"), QString::number(a)}}) {
            const Timed t = runWithin30s(args + QStringList{QStringLiteral("--proc-root"), cap});
            QVERIFY2(t.finished && t.run.exit == 0, t.run.err.constData());
            QVERIFY2(!t.run.out.contains(kOutside) && !t.run.err.contains(kOutside),
                (args.join(QLatin1Char(' ')).toUtf8() + " shows what lies outside the capture:\n"
                    + t.run.out.left(2000))
                    .constData());
        }
        const Timed json = runWithin30s({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--proc-root"), cap});
        const QString pa = processByPid(json.run.out, a).value(QStringLiteral("partial")).toString();
        QVERIFY2(pa.contains(QStringLiteral("cmdline: a link")), qPrintable(pa));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliCaptureFilesTest)
#include "tst_cli_capture_files.moc"
