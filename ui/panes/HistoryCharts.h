#pragma once

#include "live/ProcessHistory.h"
#include "panes/ProcessPane.h"

#include <QWidget>

#include <utility>

class QChart;
class QChartView;
class QLineSeries;
class QDateTimeAxis;
class QValueAxis;

namespace ptriage {

// Line charts over the session: CPU, memory and I/O of the selected process, and the system's
// memory use with memory pressure (PSI). Redrawn from the history on demand, one replace() per series.
class HistoryCharts : public QWidget, public ProcessPane {
    Q_OBJECT

public:
    // A series drawn has at most this many points (the lowest and highest of each stretch past it).
    static constexpr qsizetype kMaxPointsPerSeries = 1000;

    // `history`: what the process's and the system's charts draw (the Desk's).
    explicit HistoryCharts(const ProcessHistory &history, QWidget *parent = nullptr);

    void showProcess(std::shared_ptr<const TriageResult> result, int index) override;
    void clear() override; // the system's chart only

    // `title` names the process; an empty key shows only the system chart's data.
    void showHistory(const ProcessHistory &history, const ProcessIdentity &key, const QString &title);
    int pointCount(const QString &seriesName) const;
    // The time axis's ends for points from `fromMs` to `toMs`: rounded out to a step of about a tenth
    // of the span, so the axis moves only when the newest point passes its end. An axis that moves
    // lays its chart out again, a millisecond of the GUI thread a chart at every refresh.
    static std::pair<qint64, qint64> timeAxisEnds(qint64 fromMs, qint64 toMs);
    ProcessIdentity shownIdentity() const override { return m_identity; } // whose charts

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct Plot {
        QChart *chart = nullptr;
        QChartView *view = nullptr;
        QDateTimeAxis *time = nullptr;
        QValueAxis *value = nullptr;
        QList<QLineSeries *> series;
        bool valueRanged = false; // the value axis has had a range of ours (not its default 0–1)
        std::pair<qint64, qint64> timeEnds{0, 0}; // what the time axis was last given
    };
    Plot makePlot(const QString &title, const QString &unit, const QStringList &seriesNames);
    static void setRange(Plot &plot, qint64 fromMs, qint64 toMs, double floor);
    static void setTitle(Plot &plot, const QString &title);

    const ProcessHistory &m_history;
    Plot m_cpu;
    Plot m_memory;
    Plot m_io;
    Plot m_system;
    ProcessIdentity m_identity;
    bool m_justShown = false; // painted whole by being shown; the scene's updates are not followed yet
};

} // namespace ptriage
