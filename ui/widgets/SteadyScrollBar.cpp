#include "widgets/SteadyScrollBar.h"

#include <QStyle>
#include <QStyleOptionSlider>

namespace ptriage {

void SteadyScrollBar::sliderChange(SliderChange change)
{
    const bool rangeOrValue = change == SliderRangeChange || change == SliderValueChange;
    if (rangeOrValue && m_everPainted && look() == m_painted)
        return; // the same pixels
    QScrollBar::sliderChange(change);
}

void SteadyScrollBar::paintEvent(QPaintEvent *event)
{
    m_painted = look();
    m_everPainted = true;
    QScrollBar::paintEvent(event);
}

SteadyScrollBar::Look SteadyScrollBar::look() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    return {style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, this),
        value() == minimum(), value() == maximum()};
}

} // namespace ptriage
