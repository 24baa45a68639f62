#include "widgets/BitsDelegate.h"

#include "util/Format.h"

#include <QPainter>

#include <algorithm>

namespace ptriage {

BitsDelegate::BitsDelegate(double rangeBits, QObject *parent) : QStyledItemDelegate(parent), m_range(rangeBits) { }

void BitsDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    opt.widget->style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const double bits = index.data(Qt::UserRole).toDouble();
    const QString text
        = QStringLiteral("%1%2").arg(bits >= 0 ? QStringLiteral("+") : QString()).arg(localNumber(bits, 2));
    const int textWidth = option.fontMetrics.horizontalAdvance(QStringLiteral("+00.00")) + 6;
    const int barHeight = std::min(10, option.rect.height() - 6); // thin, centred: rows may be tall
    const QRect bar(option.rect.left() + 3, option.rect.center().y() - barHeight / 2,
        option.rect.width() - textWidth - 3, barHeight);
    const int mid = bar.left() + bar.width() / 2;
    const int extent = static_cast<int>(std::clamp(bits / m_range, -1.0, 1.0) * (bar.width() / 2));
    painter->save();
    painter->setPen(option.palette.color(QPalette::Mid));
    painter->drawLine(mid, bar.top() - 2, mid, bar.bottom() + 2);
    painter->setPen(Qt::NoPen);
    // The colors of the two classes compared (roles set by the pane), else the palette's.
    const QVariant toward = index.data(bits >= 0 ? Qt::UserRole + 1 : Qt::UserRole + 2);
    painter->setBrush(toward.isValid() ? toward.value<QColor>() : option.palette.color(QPalette::Highlight));
    painter->drawRect(extent >= 0 ? QRect(mid, bar.top(), extent, bar.height())
                                  : QRect(mid + extent, bar.top(), -extent, bar.height()));
    painter->setPen(
        option.palette.color(opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
    painter->drawText(QRect(bar.right() + 4, option.rect.top(), textWidth, option.rect.height()),
        Qt::AlignVCenter | Qt::AlignRight, text);
    painter->restore();
}

QSize BitsDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(std::max(s.width(), 180));
    return s;
}

} // namespace ptriage
