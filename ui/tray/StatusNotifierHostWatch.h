#pragma once

#include <QDBusServiceWatcher>
#include <QObject>

namespace ptriage {

// Whether a StatusNotifier host (a tray) is on the session bus, and when one appears: what Qt
// itself asks, asked by us first so that Qt asks only once the answer is yes.
class StatusNotifierHostWatch : public QObject {
    Q_OBJECT

public:
    explicit StatusNotifierHostWatch(QObject *parent = nullptr);

    // Looks now (`appeared` or `absent` follows at once) and whenever the watcher or a host registers.
    void start();
    bool hostIsThere() const { return m_there; }

Q_SIGNALS:
    void appeared();
    void absent();
    void noSessionBus();

private Q_SLOTS:
    void look();

private:
    QDBusServiceWatcher m_watcher;
    bool m_there = false;
};

} // namespace ptriage
