#pragma once

#include <QSize>

class QWidget;

namespace ptriage {

// A first size for a top-level window: `preferred`, or nine tenths of its screen's free area (panels
// excluded) where that is smaller.
void sizeToScreen(QWidget *window, QSize preferred);
// A remembered geometry from a larger or another screen: moved and shrunk until all of the window
// (its frame and status line included) is on a screen.
void clampToScreen(QWidget *window);

} // namespace ptriage
