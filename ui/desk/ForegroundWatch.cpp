#include "desk/ForegroundWatch.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>

namespace ptriage {

ForegroundWatch::ForegroundWatch(QObject *parent, int pauseMs) : QObject(parent), m_pauseMs(pauseMs)
{
    QCoreApplication::instance()->installEventFilter(this);
    if (auto *loop = QAbstractEventDispatcher::instance())
        connect(loop, &QAbstractEventDispatcher::aboutToBlock, this, [] { foregroundAsleep(); });
}

ForegroundWatch::~ForegroundWatch()
{
    foregroundAsleep(); // nothing to pause for any more
}

bool ForegroundWatch::eventFilter(QObject *, QEvent *)
{
    foregroundAwake(m_pauseMs);
    return false;
}

} // namespace ptriage
