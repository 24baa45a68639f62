#include "ReadOnlyTable.h"

#include <QHeaderView>

namespace ptriage {

QTableWidget *makeReadOnlyTable(const QStringList &headers, QWidget *parent)
{
    auto *t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->setWordWrap(true);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QTableWidgetItem *readOnlyCell(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setToolTip(text);
    return item;
}

} // namespace ptriage
