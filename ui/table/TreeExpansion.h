#pragma once

#include <QObject>
#include <QSet>
#include <QString>

class QModelIndex;
class QTreeView;

namespace ptriage {

// Keeps a tree view's rows expanded as they come (the tree built anew, a new parent, rows the filter
// shows again) and leaves collapsed what the person collapsed, across refreshes. Rows are known by
// the text of `keyRole` (the process identity), never by position. Expanding everything at every
// refresh instead lays out and repaints the whole table (10 ms of the GUI thread at 5,000
// processes) and undoes the person's collapses.
class TreeExpansion : public QObject {
    Q_OBJECT
public:
    // Watches `view`'s model as it is now.
    TreeExpansion(QTreeView *view, int keyRole, QObject *parent = nullptr);

    // Off in the flat view: nothing is expanded then.
    void setEnabled(bool on);

private:
    void expandUnlessCollapsed(const QModelIndex &index);
    void expandSubtree(const QModelIndex &index); // rows shown again come as they were left
    QString keyOf(const QModelIndex &index) const;

    QTreeView *m_view;
    int m_keyRole;
    bool m_enabled = false;
    QSet<QString> m_collapsed;
};

} // namespace ptriage
