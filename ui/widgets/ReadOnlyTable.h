#pragma once

#include <QListWidget>
#include <QStringList>
#include <QTableWidget>

namespace ptriage {

// A small table for reading, not editing: no row numbers, last column stretched, tooltips on cells.
QTableWidget *makeReadOnlyTable(const QStringList &headers, QWidget *parent);
QTableWidgetItem *readOnlyCell(const QString &text);
// Sets a cell's text (and tooltip), reusing its item: an unchanged cell is neither replaced nor
// repainted, so a pane refreshed every few seconds costs only what changed. Returns the item.
QTableWidgetItem *setReadOnlyCell(QTableWidget *table, int row, int column, const QString &text);
// Sets an item's data for a role only when it differs (every change repaints the cell).
void setCellData(QTableWidgetItem *item, int role, const QVariant &value);
// The lines of a list, replaced only when they differ.
void setListLines(QListWidget *list, const QStringList &lines);

} // namespace ptriage
