#pragma once

#include <QList>
#include <QObject>

#include "act/ActRequest.h"
#include "collect/Machine.h"

class QAction;
class QMenu;
class QMainWindow;

namespace ptriage {

class MainWindow;

// The main window's menus (File, View, Process, Help), toolbar and shortcuts, wired to the window
// and its Desk. The actions on the selection are enabled by the window (updateState).
class WindowActions : public QObject {
    Q_OBJECT

public:
    explicit WindowActions(MainWindow &window);

    // Enables the actions on the selection, or says why not in their tooltips (`why` non-empty).
    // `machine`: the one shown; what it cannot do (learn, plan relief) is off, saying why.
    void updateState(const QString &why, bool canUndo, bool anySelected, const Machine &machine);
    // The settings restored: the interval and autosave choices shown.
    void showChoices(int intervalMs, int autosaveMinutes);

    QAction *refresh = nullptr;
    QAction *pause = nullptr;
    QAction *treeMode = nullptr;
    QAction *originMode = nullptr; // "By origin"; with treeMode, at most one checked (neither: flat)
    QAction *endGroup = nullptr; // End this group's leftovers… (the current row's group)
    QAction *undo = nullptr;
    QAction *spare = nullptr;
    QAction *freeMemory = nullptr;
    QAction *saveSession = nullptr;
    QAction *exportReport = nullptr;
    QList<QAction *> process; // act on the selection
    QAction *forVerb(ActVerb verb) const; // one of `process`; null for Signal (see signalMenu)
    QMenu *signalMenu = nullptr; // Send signal
    QMenu *columns = nullptr; // View → Columns
    QList<QAction *> intervals;
    QList<QAction *> autosave;

private:
    void buildFile();
    void buildView();
    void buildProcess();
    void buildHelp();

    MainWindow &m_window;
};

} // namespace ptriage
