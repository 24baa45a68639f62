#pragma once

#include "ports/PortsView.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "window/MainWindow.h"
#include "window/SelectionKeeper.h"

#include <QSplitter>
#include <QTabWidget>
#include <QTreeView>

// The window's parts a test reads, found in its object tree as they are laid out: the window
// exposes no member for tests.
namespace ptriage {

inline ProcessFilterModel *filterOf(const MainWindow &w)
{
    return qobject_cast<ProcessFilterModel *>(w.table()->model());
}

inline ProcessTableModel *modelOf(const MainWindow &w)
{
    return w.findChild<ProcessTableModel *>(QString(), Qt::FindDirectChildrenOnly);
}

inline PortsView *portsOf(const MainWindow &w)
{
    return w.findChild<PortsView *>();
}

// The process table and the Ports view, the splitter's first widget.
inline QTabWidget *viewsOf(const MainWindow &w)
{
    return qobject_cast<QTabWidget *>(qobject_cast<QSplitter *>(w.centralWidget())->widget(0));
}

inline SelectionKeeper *selectionOf(const MainWindow &w)
{
    return w.findChild<SelectionKeeper *>(QString(), Qt::FindDirectChildrenOnly);
}

} // namespace ptriage
