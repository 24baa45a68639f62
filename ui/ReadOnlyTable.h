#pragma once

#include <QStringList>
#include <QTableWidget>

namespace ptriage {

// A small table for reading, not editing: no row numbers, last column stretched, tooltips on cells.
QTableWidget *makeReadOnlyTable(const QStringList &headers, QWidget *parent);
QTableWidgetItem *readOnlyCell(const QString &text);

} // namespace ptriage
