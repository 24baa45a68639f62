#include "table/OrderHold.h"

#include "table/ProcessFilterModel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCursor>
#include <QEvent>

namespace ptriage {

OrderHold::OrderHold(QAbstractItemView *view, ProcessFilterModel *filter)
    : QObject(view), m_view(view), m_filter(filter)
{
    view->viewport()->installEventFilter(this);
    m_recheck.setInterval(250);
    connect(&m_recheck, &QTimer::timeout, this, &OrderHold::update);
}

bool OrderHold::isHolding() const
{
    return m_held;
}

bool OrderHold::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Enter || event->type() == QEvent::Leave) {
        m_inside = event->type() == QEvent::Enter;
        update();
    }
    return QObject::eventFilter(watched, event);
}

bool OrderHold::pointerInside() const
{
    const QWidget *viewport = m_view->viewport();
    return viewport->isVisible() && viewport->rect().contains(viewport->mapFromGlobal(QCursor::pos()));
}

void OrderHold::update()
{
    // A context menu or a confirmation over the table: the row it was opened on stays put beneath.
    const bool opened = QApplication::activePopupWidget() || QApplication::activeModalWidget();
    const bool hold = m_inside || opened || (m_held && m_recheck.isActive() && pointerInside());
    if (hold && !m_inside)
        m_recheck.start();
    else
        m_recheck.stop();
    if (hold == m_held)
        return;
    m_held = hold;
    if (m_filter)
        m_filter->setOrderHeld(hold);
    Q_EMIT holdingChanged(hold);
}

} // namespace ptriage
