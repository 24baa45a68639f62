#include "SteadyLine.h"

#include <QEvent>
#include <QLabel>

namespace ptriage {

SteadyLine::SteadyLine(QWidget *parent) : QWidget(parent), m_label(new QLabel(this))
{
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    setFixedHeight(m_label->sizeHint().height());
}

void SteadyLine::setText(const QString &text)
{
    if (text == m_label->text())
        return;
    m_label->setText(text);
    setToolTip(text);
}

QString SteadyLine::text() const
{
    return m_label->text();
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
}

void SteadyLine::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        m_label->setFont(font());
        setFixedHeight(m_label->sizeHint().height());
    }
    QWidget::changeEvent(event);
}

} // namespace ptriage
