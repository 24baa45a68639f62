// The real binary in a real X server (Xvfb): `ptriage --min-age 60 --screenshot FILE --select PID` opens the
// window sized to the screen, waits for the first scan, selects the process, saves a PNG and exits 0.
// Without a display it says so and what to use instead, and exits 1 (not Qt's abort).
#include "support/BuildPaths.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace ptriage::test;

class GuiSmokeTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void screenshotOfTheRealWindow_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1366x768") << QSize(1366, 768);
    }

    void screenshotOfTheRealWindow()
    {
        QFETCH(QSize, screen);
        if (QStandardPaths::findExecutable(QStringLiteral("xvfb-run")).isEmpty())
            QFAIL("xvfb-run is missing: packaging/install-deps.sh installs it");
        Spawner sp;
        const Actor a
            = sp.spawn({"forgotten-worker", {"forgotten-worker", "--shard", "3"}, {}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        QTemporaryDir dir;
        const QString shot = dir.filePath(QStringLiteral("window.png"));
        QDir().mkpath(dir.filePath(QStringLiteral("runtime")));
        QFile::setPermissions(dir.filePath(QStringLiteral("runtime")),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QProcess p;
        auto env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.filePath(QStringLiteral("runtime")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config"))); // no saved layout
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("xvfb-run"),
            // A display number of this run's own: `-a` races with other xvfb-runs started at the same moment.
            {QStringLiteral("-n"), QString::number(200 + (::getpid() % 400) * 2 + (screen.width() > 1500 ? 1 : 0)),
                QStringLiteral("-s"), QStringLiteral("-screen 0 %1x%2x24").arg(screen.width()).arg(screen.height()),
                QString::fromUtf8(ptriage::test::ptriageBinary()), QStringLiteral("--min-age"), QStringLiteral("60"),
                QStringLiteral("--screenshot"), shot, QStringLiteral("--select"), QString::number(a.pid)});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QImage image(shot);
        QVERIFY2(!image.isNull(), "no PNG written");
        // The first window takes most of the screen and all of it fits, the status line included.
        QVERIFY2(image.width() <= screen.width() && image.height() <= screen.height(),
            qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));
        QVERIFY(image.width() >= screen.width() * 8 / 10 && image.height() >= screen.height() * 8 / 10);
        // A real window, not a blank: many distinct colors.
        QSet<QRgb> colors;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colors.insert(image.pixel(x, y));
        QVERIFY2(colors.size() > 20, qPrintable(QString::number(colors.size())));
        if (qEnvironmentVariableIsSet("PTRIAGE_TEST_SHOTS")) {
            const QString copy = qEnvironmentVariable("PTRIAGE_TEST_SHOTS")
                + QStringLiteral("/window-xvfb-%1.png").arg(QLatin1String(QTest::currentDataTag()));
            QFile::remove(copy); // QFile::copy never overwrites: an old picture must not pass for a new one
            QFile::copy(shot, copy);
        }
    }

    void withoutADisplaySaysSoAndExitsOne_data()
    {
        QTest::addColumn<QString>("display");
        QTest::addColumn<QString>("says");
        QTest::newRow("none set") << QString() << QStringLiteral("neither DISPLAY nor WAYLAND_DISPLAY is set");
        QTest::newRow("no server") << QStringLiteral(":93817")
                                   << QStringLiteral("no X server answers at DISPLAY=:93817");
    }

    void withoutADisplaySaysSoAndExitsOne()
    {
        QFETCH(QString, display);
        QFETCH(QString, says);
        auto env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QLatin1String(name));
        if (!display.isEmpty())
            env.insert(QStringLiteral("DISPLAY"), display);
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QString::fromUtf8(ptriage::test::ptriageBinary()), {QStringLiteral("--min-age"), QStringLiteral("60")});
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("no display")) && err.contains(says), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("ptriage scan")), qPrintable(err));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(GuiSmokeTest)
#include "tst_gui_smoke.moc"
