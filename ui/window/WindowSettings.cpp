#include "window/WindowSettings.h"

#include "desk/Desk.h"
#include "widgets/ScreenFit.h"
#include "window/menus/WindowActions.h"

#include <QAction>
#include <QHeaderView>
#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>

namespace ptriage::WindowSettings {
namespace {

constexpr int kColumnsVersion = 2; // 2: command, action, why, memory, CPU and age by default

} // namespace

void restore(QMainWindow &window, QSplitter &splitter, QHeaderView &header, WindowActions &actions, Desk &desk)
{
    QSettings s;
    if (window.restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray()))
        clampToScreen(&window);
    splitter.restoreState(s.value(QStringLiteral("window/splitter")).toByteArray());
    // A header kept by an older version (other columns, the verdict out of view) is not restored.
    if (s.value(QStringLiteral("table/columnsVersion")).toInt() == kColumnsVersion)
        header.restoreState(s.value(QStringLiteral("table/header")).toByteArray());
    actions.treeMode->setChecked(s.value(QStringLiteral("table/tree"), false).toBool());
    if (s.value(QStringLiteral("table/origin"), false).toBool())
        actions.originMode->setChecked(true);
    desk.setIntervalMs(s.value(QStringLiteral("scan/intervalMs"), 2000).toInt());
    if (const QString warning = desk.sessions().restoreSettings(); !warning.isEmpty())
        window.statusBar()->showMessage(warning, 30000);
    actions.showChoices(desk.intervalMs(), desk.sessions().autosaveMinutes());
}

void save(const QMainWindow &window, const QSplitter &splitter, const QHeaderView &header, const WindowActions &actions,
    Desk &desk)
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), window.saveGeometry());
    s.setValue(QStringLiteral("window/splitter"), splitter.saveState());
    s.setValue(QStringLiteral("table/header"), header.saveState());
    s.setValue(QStringLiteral("table/columnsVersion"), kColumnsVersion);
    s.setValue(QStringLiteral("table/tree"), actions.treeMode->isChecked());
    s.setValue(QStringLiteral("table/origin"), actions.originMode->isChecked());
    s.setValue(QStringLiteral("scan/intervalMs"), desk.intervalMs());
    s.setValue(QStringLiteral("sessions/autosaveMinutes"), desk.sessions().autosaveMinutes());
    s.setValue(QStringLiteral("sessions/keepDays"), desk.sessions().keepDays());
}

} // namespace ptriage::WindowSettings
