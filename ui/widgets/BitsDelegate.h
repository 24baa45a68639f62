#pragma once

#include <QStyledItemDelegate>

namespace ptriage {

// Draws a signed bar for a number of bits (the cell's Qt::UserRole), centred on zero, with the
// value as text beside it: right of centre supports the verdict, left of centre opposes it.
// Qt::UserRole + 1 / + 2 may hold the colors for the two directions.
class BitsDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    explicit BitsDelegate(double rangeBits, QObject *parent = nullptr);
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    double m_range;
};

} // namespace ptriage
