#include "widgets/SteadyLine.h"

#include <QEvent>
#include <QLabel>

#include <algorithm>

namespace ptriage {

SteadyLine::SteadyLine(QWidget *parent, Width width) : QWidget(parent), m_label(new QLabel(this)), m_widthMode(width)
{
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setSizePolicy(width == Width::Given ? QSizePolicy::Ignored : QSizePolicy::Fixed, QSizePolicy::Fixed);
    // Opaque: a new text repaints this line only, not the pane, tabs and window behind it.
    setAutoFillBackground(true);
    setFixedHeight(m_label->sizeHint().height());
}

void SteadyLine::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    setToolTip(text);
    if (m_widthMode == Width::Widest)
        reserveWidthFor(text); // lays the window out again only for a new widest text
    showFitted();
}

void SteadyLine::setSelectable(bool selectable)
{
    m_label->setTextInteractionFlags(selectable ? Qt::TextSelectableByMouse : Qt::NoTextInteraction);
}

namespace {

// The sample with one more digit in each number: a count that grows by one (99 → 100 processes)
// then fits the room already taken, and the window is not laid out again for it.
QString withRoomForCounts(const QString &sample)
{
    QString out;
    out.reserve(sample.size() + 4);
    for (qsizetype i = 0; i < sample.size(); ++i) {
        out += sample[i];
        if (sample[i].isDigit() && (i + 1 == sample.size() || !sample[i + 1].isDigit()))
            out += QLatin1Char('0');
    }
    return out;
}

} // namespace

void SteadyLine::reserveWidthFor(const QString &sample)
{
    if (widthFor(sample) > m_widest) {
        m_widest = widthFor(withRoomForCounts(sample));
        updateGeometry();
    }
}

int SteadyLine::widthFor(const QString &text) const
{
    return m_label->fontMetrics().horizontalAdvance(text) + 2 * m_label->margin() + 4;
}

QString SteadyLine::text() const
{
    return m_text;
}

void SteadyLine::showFitted()
{
    // A wider text shows whole at once: the layout gives the width it asked for before painting.
    const int room = m_widthMode == Width::Widest ? std::max(width(), m_widest) : width();
    m_label->setText(m_label->fontMetrics().elidedText(m_text, Qt::ElideRight, room));
    // Lays the selectable text out now: laid out in its paint event, the label asks to be painted
    // again, and the window makes a second paint pass for this line alone.
    if (m_label->textInteractionFlags() != Qt::NoTextInteraction)
        m_label->sizeHint();
}

QSize SteadyLine::sizeHint() const
{
    return {m_widest, height()};
}

QSize SteadyLine::minimumSizeHint() const
{
    return sizeHint();
}

void SteadyLine::resizeEvent(QResizeEvent *)
{
    m_label->setGeometry(0, 0, std::max(width(), m_widest), height());
    showFitted();
}

void SteadyLine::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        m_label->setFont(font());
        setFixedHeight(m_label->sizeHint().height());
        if (m_widthMode == Width::Widest) {
            m_widest = widthFor(m_text);
            updateGeometry();
        }
        showFitted();
    }
    QWidget::changeEvent(event);
}

} // namespace ptriage
