#pragma once

#include "util/ThreadPriority.h"

#include <QObject>

namespace ptriage {

// Tells background threads when this (the GUI) thread handles events: from the first event after
// its event loop woke up until the loop is about to wait again (foregroundAwake/Asleep), so that
// they pause at their yield points meanwhile. The loop's own awake signal comes too late for that:
// the GLib dispatcher emits it after handling the events it woke for.
class ForegroundWatch : public QObject {
    Q_OBJECT
public:
    explicit ForegroundWatch(QObject *parent, int pauseMs = kForegroundPauseMs);
    ~ForegroundWatch() override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int m_pauseMs;
};

} // namespace ptriage
