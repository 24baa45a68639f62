// The real binary in a real X server (Xvfb): `ptriage --min-age 60 --screenshot FILE --select PID` opens the
// window, waits for the first scan, selects the process, saves a PNG and exits 0.
#include "support/Spawner.h"

#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage::test;

class GuiSmokeTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void screenshotOfTheRealWindow()
    {
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
            {QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 1600x1000x24"),
                QStringLiteral(PTRIAGE_BINARY), QStringLiteral("--min-age"), QStringLiteral("60"),
                QStringLiteral("--screenshot"), shot, QStringLiteral("--select"), QString::number(a.pid)});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QImage image(shot);
        QVERIFY2(!image.isNull(), "no PNG written");
        QCOMPARE(image.size(), QSize(1500, 900));
        // A real window, not a blank: many distinct colors.
        QSet<QRgb> colors;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colors.insert(image.pixel(x, y));
        QVERIFY2(colors.size() > 20, qPrintable(QString::number(colors.size())));
        if (qEnvironmentVariableIsSet("PTRIAGE_TEST_SHOTS")) {
            const QString copy = qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/window-xvfb.png");
            QFile::remove(copy); // QFile::copy never overwrites: an old picture must not pass for a new one
            QFile::copy(shot, copy);
        }
    }
};

QTEST_GUILESS_MAIN(GuiSmokeTest)
#include "tst_gui_smoke.moc"
