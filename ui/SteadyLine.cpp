#include "SteadyLine.h"

#include <QEvent>
#include <QLabel>

namespace ptriage {

SteadyLine::SteadyLine(QWidget *parent) : QWidget(parent), m_label(new QLabel(this))
{
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
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
    showFitted();
}

QString SteadyLine::text() const
{
    return m_text;
}

void SteadyLine::showFitted()
{
    m_label->setText(m_label->fontMetrics().elidedText(m_text, Qt::ElideRight, width()));
}

QSize SteadyLine::sizeHint() const
{
    return {0, height()};
}

QSize SteadyLine::minimumSizeHint() const
{
    return sizeHint();
}

void SteadyLine::resizeEvent(QResizeEvent *)
{
    m_label->setGeometry(rect());
    showFitted();
}

void SteadyLine::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        m_label->setFont(font());
        setFixedHeight(m_label->sizeHint().height());
        showFitted();
    }
    QWidget::changeEvent(event);
}

} // namespace ptriage
