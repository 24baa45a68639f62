#include "widgets/ClassBars.h"

#include "look/ClassStyle.h"
#include "util/Format.h"

#include <QPainter>

namespace ptriage {

ClassBars::ClassBars(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ClassBars::setPosterior(const ClassVector &p, ProcessClass winner)
{
    if (!m_empty && p == m_p && winner == m_winner)
        return; // unchanged: no repaint
    m_p = p;
    m_winner = winner;
    m_empty = false;
    update();
}

void ClassBars::clear()
{
    m_empty = true;
    update();
}

QSize ClassBars::sizeHint() const
{
    return {320, (fontMetrics().height() + 6) * kClassCount + 4};
}

void ClassBars::paintEvent(QPaintEvent *)
{
    if (m_empty)
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const int rowHeight = fontMetrics().height() + 6;
    const int labelWidth = fontMetrics().horizontalAdvance(ClassStyle::label(ProcessClass::UsefulBad)) + 12;
    const int valueWidth = fontMetrics().horizontalAdvance(QStringLiteral("100.0 %")) + 8;
    const int barWidth = std::max(20, width() - labelWidth - valueWidth);
    for (int c = 0; c < kClassCount; ++c) {
        const auto cls = static_cast<ProcessClass>(c);
        const double p = m_p[static_cast<std::size_t>(c)];
        const int y = c * rowHeight + 2;
        QFont f = font();
        f.setBold(cls == m_winner);
        painter.setFont(f);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(0, y, labelWidth, rowHeight), Qt::AlignVCenter | Qt::AlignLeft, ClassStyle::label(cls));
        const QRect track(labelWidth, y + 3, barWidth, rowHeight - 6);
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette().color(QPalette::AlternateBase));
        painter.drawRoundedRect(track, 3, 3);
        painter.setBrush(ClassStyle::color(cls));
        painter.drawRoundedRect(QRect(track.left(), track.top(), static_cast<int>(p * barWidth), track.height()), 3, 3);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(labelWidth + barWidth, y, valueWidth, rowHeight), Qt::AlignVCenter | Qt::AlignRight,
            QStringLiteral("%1 %").arg(localNumber(p * 100, 1)));
    }
}

} // namespace ptriage
