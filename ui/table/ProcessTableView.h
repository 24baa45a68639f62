#pragma once

#include <QTreeView>

namespace ptriage {

// The process table's view. A change repaints the changed columns between its first and last row,
// worked out from those two rows: QTreeView would work out the rectangle of every changed row (an age
// column ticking for thousands of young processes) on the GUI thread, and Qt 6.8 repaints beyond the
// changed rows. Its scroll bars repaint only when their handle moves (SteadyScrollBar).
class ProcessTableView : public QTreeView {
    Q_OBJECT
public:
    explicit ProcessTableView(QWidget *parent = nullptr);

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) override;
};

} // namespace ptriage
