#pragma once

#include <QRect>
#include <QScrollBar>

namespace ptriage {

// A scroll bar that repaints when what it draws moves, not at every change of its range. The
// process table's row count changes at almost every refresh, which moves the handle of a long table
// by less than a pixel; a QScrollBar repaints whole at each change. In Qt 6.4 that repaint costs
// more than its own time: the style's gradients over the bar's height are filled on Qt's global
// thread pool, and the GUI thread sleeps until those threads get a core.
class SteadyScrollBar : public QScrollBar {
    Q_OBJECT
public:
    using QScrollBar::QScrollBar;

protected:
    void sliderChange(SliderChange change) override;
    void paintEvent(QPaintEvent *event) override;

private:
    // What a range or value change can alter in the picture: the handle, and the arrows that are
    // drawn disabled at either end.
    struct Look {
        QRect handle;
        bool atStart = false;
        bool atEnd = false;
        bool operator==(const Look &) const = default;
    };
    Look look() const;

    Look m_painted;
    bool m_everPainted = false;
};

} // namespace ptriage
