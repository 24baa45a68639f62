#include "widgets/ScreenFit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace ptriage {

void sizeToScreen(QWidget *window, QSize preferred)
{
    const QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect free = screen->availableGeometry();
    window->resize(
        std::min(preferred.width(), free.width() * 9 / 10), std::min(preferred.height(), free.height() * 9 / 10));
}

void clampToScreen(QWidget *window)
{
    const QScreen *screen = QGuiApplication::screenAt(window->frameGeometry().center());
    if (!screen)
        screen = QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect free = screen->availableGeometry();
    const QSize frame = window->frameGeometry().size() - window->size(); // the decorations, when there are any
    const QSize fits(std::min(window->width(), free.width() - frame.width()),
        std::min(window->height(), free.height() - frame.height()));
    if (fits != window->size())
        window->resize(fits);
    QRect at = window->frameGeometry();
    at.moveLeft(std::clamp(at.left(), free.left(), std::max(free.left(), free.right() - at.width() + 1)));
    at.moveTop(std::clamp(at.top(), free.top(), std::max(free.top(), free.bottom() - at.height() + 1)));
    if (at.topLeft() != window->frameGeometry().topLeft())
        window->move(at.topLeft());
}

} // namespace ptriage
