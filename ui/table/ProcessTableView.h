#pragma once

#include <QTreeView>

namespace ptriage {

// The process table's view. A change over many rows (an age column ticking for thousands of young
// processes) repaints the changed columns' strip of the viewport at once: QTreeView would work out
// the rectangle of every changed row, hidden or not, on the GUI thread. Its scroll bars repaint only
// when their handle moves (SteadyScrollBar).
class ProcessTableView : public QTreeView {
    Q_OBJECT
public:
    explicit ProcessTableView(QWidget *parent = nullptr);

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) override;
};

} // namespace ptriage
