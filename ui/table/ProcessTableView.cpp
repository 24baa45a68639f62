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
    // A screen reader gets Qt's own handling (and its event). The table has no editors to refresh
    // and its columns are never sized to their contents, so what is left is what to repaint.
    if (QAccessible::isActive()) {
        QTreeView::dataChanged(topLeft, bottomRight, roles);
        return;
    }
    const int height = viewport()->height();
    QRect strip;
    int shownColumn = -1;
    for (int column = topLeft.column(); column <= bottomRight.column(); ++column)
        if (!header()->isSectionHidden(column)) {
            strip |= QRect(columnViewportPosition(column), 0, columnWidth(column), height);
            shownColumn = column;
        }
    if (shownColumn < 0)
        return;
    // The rows between the first and the last where they are laid out: two rectangles, however many
    // rows changed (Qt 6.8 repaints more than the changed rows).
    const QRect first = visualRect(topLeft.siblingAtColumn(shownColumn));
    const QRect last = visualRect(bottomRight.siblingAtColumn(shownColumn));
    if (first.isValid() && last.isValid())
        strip &= QRect(0, first.top(), viewport()->width(), last.bottom() - first.top() + 1);
    viewport()->update(strip.intersected(viewport()->rect()));
}

} // namespace ptriage
