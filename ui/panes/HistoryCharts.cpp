#include "panes/HistoryCharts.h"

#include "look/UiText.h"

#include <QBrush>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QGridLayout>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ptriage {

namespace {

// At most `limit` points, time order kept: past that, the lowest and the highest point of each of
// limit/2 stretches, so a spike stays visible. A chart is a few hundred pixels wide; drawn whole, a
// day of history (43,200 points a series) costs the chart megabytes of paths and every redraw the time.
QList<QPointF> thinned(QList<QPointF> points, qsizetype limit = HistoryCharts::kMaxPointsPerSeries)
{
    if (points.size() <= limit)
        return points;
    QList<QPointF> out;
    const qsizetype buckets = limit / 2;
    out.reserve(buckets * 2);
    for (qsizetype b = 0; b < buckets; ++b) {
        const qsizetype from = points.size() * b / buckets, to = points.size() * (b + 1) / buckets;
        qsizetype lo = from, hi = from;
        for (qsizetype i = from; i < to; ++i) {
            if (points[i].y() < points[lo].y())
                lo = i;
            if (points[i].y() > points[hi].y())
                hi = i;
        }
        out << points[std::min(lo, hi)];
        if (lo != hi)
            out << points[std::max(lo, hi)];
    }
    return out;
}

// A gradient whose stops are all one color as that color. Qt Charts' light theme fills with a white
// to white gradient; Qt 6.4's raster engine hands a gradient over a hundred pixel rows tall to its
// global thread pool in slices, and the GUI thread sleeps until those threads have had a core.
QBrush plainIfUniform(const QBrush &brush)
{
    const QGradient *gradient = brush.gradient();
    if (!gradient || gradient->stops().isEmpty())
        return brush;
    const QColor first = gradient->stops().first().second;
    for (const auto &stop : gradient->stops())
        if (stop.second != first)
            return brush;
    return QBrush(first);
}

} // namespace

HistoryCharts::HistoryCharts(const ProcessHistory &history, QWidget *parent) : QWidget(parent), m_history(history)
{
    m_cpu = makePlot(tr("CPU"), tr("% of one core"), {tr("CPU")});
    m_memory = makePlot(tr("Memory"), tr("MiB resident"), {tr("Memory")});
    m_io = makePlot(tr("I/O"), tr("KiB/s read + written"), {tr("I/O")});
    m_system = makePlot(tr("System memory"), tr("%"), {tr("used"), tr("PSI some"), tr("PSI full")});
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(2);
    grid->addWidget(m_cpu.view, 0, 0);
    grid->addWidget(m_memory.view, 0, 1);
    grid->addWidget(m_io.view, 1, 0);
    grid->addWidget(m_system.view, 1, 1);
}

HistoryCharts::Plot HistoryCharts::makePlot(const QString &title, const QString &unit, const QStringList &seriesNames)
{
    Plot p;
    p.chart = new QChart;
    p.chart->setLocalizeNumbers(true); // axis labels with the locale's decimal separator
    p.chart->setTitle(title);
    p.chart->setMargins(QMargins(2, 2, 2, 2));
    p.chart->legend()->setVisible(seriesNames.size() > 1);
    p.chart->legend()->setAlignment(Qt::AlignBottom);
    p.time = new QDateTimeAxis;
    p.time->setFormat(QStringLiteral("HH:mm:ss"));
    p.time->setTickCount(3);
    p.value = new QValueAxis;
    p.value->setTitleText(unit);
    p.value->setTickCount(5);
    p.chart->addAxis(p.time, Qt::AlignBottom);
    p.chart->addAxis(p.value, Qt::AlignLeft);
    for (const QString &name : seriesNames) {
        auto *s = new QLineSeries;
        s->setName(name);
        p.chart->addSeries(s);
        s->attachAxis(p.time);
        s->attachAxis(p.value);
        p.series << s;
    }
    p.view = new QChartView(p.chart, this);
    p.view->setRenderHint(QPainter::Antialiasing);
    // The view paints the background as one plain rectangle; the chart's own, a rounded and
    // antialiased shape, took half the time of drawing a chart whenever the tab was opened.
    // The viewport fills itself with it, so the view draws no background over that fill.
    QWidget *viewport = p.view->viewport();
    QPalette palette = viewport->palette();
    palette.setBrush(viewport->backgroundRole(), plainIfUniform(p.chart->backgroundBrush())); // the theme's
    viewport->setPalette(palette);
    viewport->setAutoFillBackground(true);
    p.view->setBackgroundBrush(Qt::NoBrush);
    p.chart->setBackgroundVisible(false);
    p.view->setMinimumSize(220, 160);
    return p;
}

void HistoryCharts::setTitle(Plot &plot, const QString &title)
{
    if (plot.chart->title() != title)
        plot.chart->setTitle(title);
}

void HistoryCharts::setRange(Plot &plot, qint64 fromMs, qint64 toMs, double floor)
{
    double top = floor;
    for (const QLineSeries *s : plot.series)
        for (const QPointF &p : s->points())
            top = std::max(top, p.y());
    if (floor >= 100 && top <= 100) {
        if (plot.value->min() != 0 || plot.value->max() != 100)
            plot.value->setRange(0, 100); // a percentage of the whole
    } else if (!plot.valueRanged || top > plot.value->max() || top * 1.1 < plot.value->max() / 2
        || plot.value->min() != 0) {
        // Only when the data leave the range or shrink to half of it: a range set anew at every
        // refresh lays the chart out again.
        plot.value->setRange(0, top * 1.1);
        plot.value->applyNiceNumbers();
        plot.valueRanged = true;
    }
    const QString format = plot.value->max() < 10 ? QStringLiteral("%.1f") : QStringLiteral("%.0f");
    if (plot.value->labelFormat() != format)
        plot.value->setLabelFormat(format);
    const auto ends = timeAxisEnds(fromMs, toMs);
    if (ends != plot.timeEnds) {
        plot.time->setRange(QDateTime::fromMSecsSinceEpoch(ends.first), QDateTime::fromMSecsSinceEpoch(ends.second));
        plot.timeEnds = ends;
    }
}

std::pair<qint64, qint64> HistoryCharts::timeAxisEnds(qint64 fromMs, qint64 toMs)
{
    static constexpr qint64 second = 1000, minute = 60 * second, hour = 60 * minute;
    static constexpr qint64 steps[]
        = {second, 2 * second, 5 * second, 10 * second, 15 * second, 30 * second, minute, 2 * minute, 5 * minute,
            10 * minute, 15 * minute, 30 * minute, hour, 2 * hour, 3 * hour, 6 * hour, 12 * hour, 24 * hour};
    const qint64 span = std::max<qint64>(toMs - fromMs, 0);
    qint64 step = steps[std::size(steps) - 1];
    for (const qint64 s : steps)
        if (s * 10 >= span) {
            step = s;
            break;
        }
    const qint64 from = fromMs - ((fromMs % step) + step) % step; // down, also before 1970
    qint64 to = toMs + (step - ((toMs % step) + step) % step) % step; // up
    if (((to - from) / step) % 2 != 0 || to <= from)
        to += step; // an even number of steps: the middle label (of three) is round too
    return {from, to};
}

void HistoryCharts::showEvent(QShowEvent *event)
{
    // Being shown paints every chart whole. Qt Charts then updates each scene once more with
    // nothing new, which painted three of the four charts twice at every opening of the tab: the
    // scenes' updates are not followed until the next data come.
    for (const Plot *p : {&m_cpu, &m_memory, &m_io, &m_system})
        p->view->setViewportUpdateMode(QGraphicsView::NoViewportUpdate);
    m_justShown = true;
    QWidget::showEvent(event);
}

void HistoryCharts::showProcess(std::shared_ptr<const TriageResult> result, int index)
{
    const Sample &s = result->process(index).sample();
    showHistory(m_history, s.id, tr("%1 (%2)").arg(processName(result->process(index))).arg(s.id.pid));
}

void HistoryCharts::clear()
{
    showHistory(m_history, {}, {});
}

void HistoryCharts::showHistory(const ProcessHistory &history, const ProcessIdentity &key, const QString &title)
{
    // The data the tab opened with join the paint of its opening; later data repaint what they move.
    for (const Plot *p : {&m_cpu, &m_memory, &m_io, &m_system}) {
        if (m_justShown)
            p->view->viewport()->update();
        else
            p->view->setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    }
    m_justShown = false;
    m_identity = key;
    const auto &system = history.system();
    const qint64 from = system.empty() ? 0 : system.front().atMs;
    const qint64 to = system.empty() ? 0 : system.back().atMs;

    // Unknown values (no rate yet) are left out rather than drawn as zero.
    QList<QPointF> cpu, mem, io;
    for (const auto &p : history.process(key)) {
        const auto x = static_cast<double>(p.atMs);
        if (!std::isnan(p.cpuPercent))
            cpu << QPointF(x, static_cast<double>(p.cpuPercent));
        mem << QPointF(x, static_cast<double>(p.rssMiB));
        if (!std::isnan(p.ioKiBps))
            io << QPointF(x, static_cast<double>(p.ioKiBps));
    }
    m_cpu.series[0]->replace(thinned(std::move(cpu)));
    m_memory.series[0]->replace(thinned(std::move(mem)));
    m_io.series[0]->replace(thinned(std::move(io)));
    // Each change lays a chart out again: only what changed is set.
    setTitle(m_cpu, title.isEmpty() ? tr("CPU") : tr("CPU — %1").arg(title));
    setTitle(m_memory, title.isEmpty() ? tr("Memory") : tr("Memory — %1").arg(title));
    setTitle(m_io, title.isEmpty() ? tr("I/O") : tr("I/O — %1").arg(title));
    setRange(m_cpu, from, to, 5);
    setRange(m_memory, from, to, 1);
    setRange(m_io, from, to, 1);

    QList<QPointF> used, some, full;
    for (const auto &p : system) {
        const auto x = static_cast<double>(p.atMs);
        if (!std::isnan(p.memUsedPercent))
            used << QPointF(x, static_cast<double>(p.memUsedPercent));
        if (!std::isnan(p.pressureSome))
            some << QPointF(x, static_cast<double>(p.pressureSome));
        if (!std::isnan(p.pressureFull))
            full << QPointF(x, static_cast<double>(p.pressureFull));
    }
    m_system.series[0]->replace(thinned(std::move(used)));
    m_system.series[1]->replace(thinned(std::move(some)));
    m_system.series[2]->replace(thinned(std::move(full)));
    setRange(m_system, from, to, 100);
}

int HistoryCharts::pointCount(const QString &seriesName) const
{
    for (const Plot *p : {&m_cpu, &m_memory, &m_io, &m_system})
        for (const QLineSeries *s : p->series)
            if (s->name() == seriesName)
                return static_cast<int>(s->count());
    return -1;
}

} // namespace ptriage
