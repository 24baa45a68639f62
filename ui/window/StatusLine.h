#pragma once

#include <QObject>

#include <memory>
#include <vector>

class QMainWindow;

namespace ptriage {

class Desk;
class SteadyLine;
struct TriageResult;

// The main window's status bar: the totals of the result shown, the scan time (or what is being
// done: an action, updates paused), and the Desk's passing messages (saves, warnings, exports).
// The texts that change at every refresh are SteadyLines: a QLabel would lay the window out again.
class StatusLine : public QObject {
    Q_OBJECT

public:
    StatusLine(QMainWindow &window, Desk &desk);

    void showResult(const TriageResult &result, qint64 scanMicroseconds);
    void setPaused(bool paused);

private:
    void sessionSaved(long long id, const QString &error, bool automatic);

    QMainWindow &m_window;
    SteadyLine *m_totals;
    SteadyLine *m_scanTime;
    bool m_paused = false;
};

} // namespace ptriage
