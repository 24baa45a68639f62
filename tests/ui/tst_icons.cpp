// Icons without an icon theme: every toolbar and menu icon falls back to ptriage's own drawing and
// renders (a missing or broken ui/look/icons/*.svg fails here), the application icon is the bundled SVG,
// and an icon theme, when there is one, wins over the drawings.
#include "desk/Desk.h"
#include "look/ThemeIcon.h"
#include "support/CaptureTools.h"
#include "support/TestRoom.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"

#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>

#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// How many pixels of the icon at this size are not transparent.
int paintedPixels(const QIcon &icon, int size)
{
    const QImage image = icon.pixmap(size).toImage().convertToFormat(QImage::Format_ARGB32);
    int painted = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            painted += qAlpha(image.pixel(x, y)) > 0 ? 1 : 0;
    return painted;
}

QString describe(const QAction *a)
{
    return a->text().isEmpty() ? a->objectName() : a->text();
}

} // namespace

class IconsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // No icon theme at all, wherever the test runs: what a desktop without one sees.
        QIcon::setThemeSearchPaths({});
        QIcon::setFallbackSearchPaths({});
        QIcon::setThemeName(QStringLiteral("ptriage-no-such-theme"));
        QVERIFY(!QIcon::hasThemeIcon(QStringLiteral("view-refresh")));
    }

    void everyFallbackIsBundledAndRenders()
    {
        const QStringList names = themeIconNames();
        QVERIFY(!names.isEmpty());
        for (const QString &name : names) {
            const QString file = QStringLiteral(":/icons/%1.svg").arg(name);
            QVERIFY2(QFile::exists(file), qPrintable(file));
            const QIcon icon = themeIcon(name);
            QVERIFY2(!icon.isNull(), qPrintable(name));
            for (int size : {16, 22, 24})
                QVERIFY2(
                    paintedPixels(icon, size) > size, qPrintable(QStringLiteral("%1 at %2 px").arg(name).arg(size)));
        }
    }

    void toolbarAndMenusHaveIcons()
    {
        TriageOptions triage;
        triage.selfPid = static_cast<int>(::getpid());
        Desk desk(defaultModel(), longLivedOptions(), triage);
        MainWindow w(desk);
        auto *bar = w.findChild<QToolBar *>(QStringLiteral("mainToolBar"));
        QVERIFY(bar);
        QCOMPARE(bar->toolButtonStyle(), Qt::ToolButtonTextBesideIcon);
        int shown = 0;
        for (QAction *a : bar->actions()) {
            if (a->isSeparator())
                continue;
            ++shown;
            QVERIFY2(!a->icon().isNull(), qPrintable(describe(a)));
            QVERIFY2(paintedPixels(a->icon(), 22) > 22, qPrintable(describe(a)));
        }
        QVERIFY(shown >= 5);

        // The menus' main actions (the refresh interval, autosave and signal submenus have none).
        QStringList withIcons;
        for (QAction *menuAction : w.menuBar()->actions()) {
            for (QAction *a : menuAction->menu()->actions()) {
                if (a->icon().isNull())
                    continue;
                QVERIFY2(paintedPixels(a->icon(), 16) > 16, qPrintable(describe(a)));
                withIcons << QString(describe(a)).remove(QLatin1Char('&'));
            }
        }
        for (const char *text : {"Save session", "Sessions…", "Export report…", "Quit", "Refresh now", "Pause updates",
                 "Tree view", "End (TERM, then KILL)", "Kill", "Pause", "Resume", "Undo last action on this process",
                 "Free memory…", "About ptriage"})
            QVERIFY2(withIcons.contains(QString::fromUtf8(text)), text);
    }

    void applicationIconIsTheBundledSvg()
    {
        const QString file = QStringLiteral(":/icons/org.ptriage.ptriage.svg");
        QImageReader reader(file);
        QCOMPARE(reader.format(), QByteArray("svg"));
        const QImage image = reader.read();
        QVERIFY2(!image.isNull(), qPrintable(reader.errorString()));
        QCOMPARE(image.size(), QSize(128, 128));
        const QIcon icon = appIcon();
        QVERIFY(!icon.isNull());
        QVERIFY(paintedPixels(icon, 16) > 16 * 8);
        QVERIFY(paintedPixels(icon, 256) > 256 * 128);
    }

    // Last: it installs a theme.
    void aThemeWinsOverTheDrawing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString theme = dir.filePath(QStringLiteral("ptriage-test"));
        QVERIFY(QDir().mkpath(theme + QStringLiteral("/scalable/actions")));
        QFile index(theme + QStringLiteral("/index.theme"));
        QVERIFY(index.open(QIODevice::WriteOnly));
        index.write("[Icon Theme]\nName=ptriage-test\nDirectories=scalable/actions\n\n"
                    "[scalable/actions]\nSize=16\nMinSize=8\nMaxSize=512\nType=Scalable\n");
        index.close();
        QFile svg(theme + QStringLiteral("/scalable/actions/view-refresh.svg"));
        QVERIFY(svg.open(QIODevice::WriteOnly));
        svg.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\">"
                  "<rect width=\"16\" height=\"16\" fill=\"#00ff00\"/></svg>");
        svg.close();
        QIcon::setThemeSearchPaths({dir.path()});
        QIcon::setThemeName(QStringLiteral("ptriage-test"));
        const QImage themed = themeIcon(QStringLiteral("view-refresh")).pixmap(22).toImage();
        QCOMPARE(QColor(themed.pixel(themed.width() / 2, themed.height() / 2)), QColor(0, 255, 0));
        // A name the theme lacks still gets the drawing.
        QVERIFY(paintedPixels(themeIcon(QStringLiteral("process-stop")), 22) > 22);
    }
};

PTRIAGE_ROOM_MAIN(IconsTest)
#include "tst_icons.moc"
