#include "table/ProcessTableView.h"

#include "widgets/SteadyScrollBar.h"

#include <QAccessible>
#include <QHeaderView>

namespace ptriage {

ProcessTableView::ProcessTableView(QWidget *parent) : QTreeView(parent)
{
    setVerticalScrollBar(new SteadyScrollBar(Qt::Vertical, this));
    setHorizontalScrollBar(new SteadyScrollBar(Qt::Horizontal, this));
}

void ProcessTableView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles)
{
    // More rows than a screen holds. A screen reader still gets Qt's own handling (and its event);
    // the table has no editors to refresh and its columns are never sized to their contents.
    constexpr int kManyRows = 256;
    if (bottomRight.row() - topLeft.row() < kManyRows || QAccessible::isActive()) {
        QTreeView::dataChanged(topLeft, bottomRight, roles);
        return;
    }
    const int height = viewport()->height();
    QRect strip;
    for (int column = topLeft.column(); column <= bottomRight.column(); ++column)
        if (!header()->isSectionHidden(column))
            strip |= QRect(columnViewportPosition(column), 0, columnWidth(column), height);
    viewport()->update(strip.intersected(viewport()->rect()));
}

} // namespace ptriage
