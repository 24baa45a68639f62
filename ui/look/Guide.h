#pragma once

#include <QCoreApplication>

class QWidget;

namespace ptriage {

// What the window's colors, icons and words mean (a popup under `anchor`), and the short guide
// (Help → Guide): classes, bits, the score, the minimum age, acting and the keyboard. Both are
// built into the binary, so they open offline. GUI thread.
class Guide {
    Q_DECLARE_TR_FUNCTIONS(Guide)
public:
    static void showLegend(QWidget *anchor);
    static void showGuide(QWidget *parent);
};

} // namespace ptriage
