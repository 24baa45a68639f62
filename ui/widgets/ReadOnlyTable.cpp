#include "widgets/ReadOnlyTable.h"

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

QTableWidgetItem *setReadOnlyCell(QTableWidget *table, int row, int column, const QString &text)
{
    QTableWidgetItem *item = table->item(row, column);
    if (!item) {
        item = readOnlyCell(text);
        table->setItem(row, column, item);
    } else if (item->text() != text) {
        item->setText(text);
        item->setToolTip(text);
    }
    return item;
}

void setCellData(QTableWidgetItem *item, int role, const QVariant &value)
{
    if (item->data(role) != value)
        item->setData(role, value);
}

void setListLines(QListWidget *list, const QStringList &lines)
{
    bool same = list->count() == lines.size();
    for (int i = 0; same && i < lines.size(); ++i)
        same = list->item(i)->text() == lines[i];
    if (same)
        return;
    list->clear();
    list->addItems(lines);
}

} // namespace ptriage
