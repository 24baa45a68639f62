#pragma once

#include "session/SessionComparison.h"

#include <QChartView>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace ptriage {

// The diff as a picture: processes per class and their memory across the sessions from one moment
// to the other (Qt Charts). Counts on the left axis, memory on the right, a point per session.
class SessionTimeline : public QChartView {
    Q_OBJECT

public:
    explicit SessionTimeline(QWidget *parent = nullptr);
    void showTimeline(const std::vector<TimelinePoint> &points);
    void clear();
    int pointCount() const; // sessions drawn, for tests

private:
    QChart *m_chart;
    QDateTimeAxis *m_time;
    QValueAxis *m_count;
    QValueAxis *m_memory;
    std::array<QLineSeries *, kClassCount> m_classes{}; // [0] (useful) stays null
    QLineSeries *m_rss;
};

} // namespace ptriage
