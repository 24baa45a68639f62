#include "widgets/ElidedTextDelegate.h"

#include <QApplication>
#include <QPainter>

#include <utility>

namespace ptriage {

ElidedTextDelegate::ElidedTextDelegate(QObject *parent, int keep) : QStyledItemDelegate(parent), m_keep(keep) { }

void ElidedTextDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    if ((opt.features
            & (QStyleOptionViewItem::HasDecoration | QStyleOptionViewItem::HasCheckIndicator
                | QStyleOptionViewItem::WrapText))
        || (opt.state & QStyle::State_Selected) || opt.textElideMode != Qt::ElideRight || opt.font != option.font) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    if (opt.backgroundBrush.style() != Qt::NoBrush)
        painter->fillRect(opt.rect, opt.backgroundBrush);
    if (opt.text.isEmpty())
        return;
    const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, opt.widget) + 1; // as the style's
    const QRect room = opt.rect.adjusted(margin, 0, -margin, 0);
    if (room.width() <= 0)
        return;
    const QStaticText &text = laidOut(opt, room.width());
    const QSizeF size = text.size();
    const QRect at = QStyle::alignedRect(opt.direction, opt.displayAlignment,
        QSize(static_cast<int>(size.width() + 0.5), static_cast<int>(size.height() + 0.5)), room);
    painter->save();
    painter->setFont(opt.font);
    const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
        : (opt.state & QStyle::State_Active)                                ? QPalette::Normal
                                                                            : QPalette::Inactive;
    painter->setPen(opt.palette.color(group, QPalette::Text));
    painter->drawStaticText(at.topLeft(), text);
    painter->restore();
}

const QStaticText &ElidedTextDelegate::laidOut(const QStyleOptionViewItem &option, int width) const
{
    if (option.font != m_font) {
        m_laidOut.clear();
        m_laidOutBefore.clear();
        m_font = option.font;
    }
    const QString key = QString::number(width) + QLatin1Char(':') + option.text;
    if (auto it = m_laidOut.constFind(key); it != m_laidOut.constEnd())
        return *it;
    if (m_laidOut.size() >= m_keep) {
        m_laidOutBefore = std::exchange(m_laidOut, {});
        m_laidOut.reserve(m_keep);
    }
    if (auto it = m_laidOutBefore.constFind(key); it != m_laidOutBefore.constEnd())
        return *m_laidOut.insert(key, *it);
    QStaticText text(option.fontMetrics.elidedText(option.text, Qt::ElideRight, width));
    text.setTextFormat(Qt::PlainText);
    text.prepare(QTransform(), option.font);
    return *m_laidOut.insert(key, text);
}

} // namespace ptriage
