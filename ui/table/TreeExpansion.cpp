#include "table/TreeExpansion.h"

#include <QTreeView>

namespace ptriage {

TreeExpansion::TreeExpansion(QTreeView *view, int keyRole, QObject *parent)
    : QObject(parent), m_view(view), m_keyRole(keyRole)
{
    QAbstractItemModel *model = view->model();
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_collapsed.clear();
        if (m_enabled)
            m_view->expandAll();
    });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &under, int first, int last) {
        if (!m_enabled)
            return;
        expandUnlessCollapsed(under);
        for (int row = first; row <= last; ++row)
            expandSubtree(m_view->model()->index(row, 0, under));
    });
    connect(
        model, &QAbstractItemModel::rowsMoved, this, [this](const QModelIndex &, int, int, const QModelIndex &to, int) {
            if (m_enabled)
                expandUnlessCollapsed(to);
        });
    connect(view, &QTreeView::collapsed, this, [this](const QModelIndex &i) { m_collapsed.insert(keyOf(i)); });
    connect(view, &QTreeView::expanded, this, [this](const QModelIndex &i) { m_collapsed.remove(keyOf(i)); });
}

void TreeExpansion::setEnabled(bool on)
{
    m_enabled = on;
}

void TreeExpansion::expandUnlessCollapsed(const QModelIndex &index)
{
    if (index.isValid() && !m_view->isExpanded(index) && !m_collapsed.contains(keyOf(index)))
        m_view->expand(index);
}

void TreeExpansion::expandSubtree(const QModelIndex &index)
{
    const QAbstractItemModel *model = m_view->model();
    if (!model->hasChildren(index))
        return;
    expandUnlessCollapsed(index);
    for (int row = 0, rows = model->rowCount(index); row < rows; ++row)
        expandSubtree(model->index(row, 0, index));
}

QString TreeExpansion::keyOf(const QModelIndex &index) const
{
    return index.data(m_keyRole).toString();
}

} // namespace ptriage
