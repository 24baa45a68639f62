#include "sessions/SessionTimeline.h"

#include "look/ClassStyle.h"

#include <QDateTime>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QValueAxis>

namespace ptriage {

SessionTimeline::SessionTimeline(QWidget *parent)
    : QChartView(new QChart, parent), // not setChart(): that releases the view's own chart without deleting it
      m_chart(chart()),
      m_time(new QDateTimeAxis),
      m_count(new QValueAxis),
      m_memory(new QValueAxis),
      m_rss(new QLineSeries)
{
    m_chart->setTitle(tr("Candidates per class and all memory, session by session"));
    m_chart->setMargins(QMargins(2, 2, 2, 2));
    m_chart->setLocalizeNumbers(true); // axis labels with the locale's decimal separator
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_time->setFormat(QStringLiteral("dd.MM. HH:mm"));
    m_time->setTickCount(4);
    m_count->setTitleText(tr("candidates"));
    m_count->setLabelFormat(QStringLiteral("%.0f"));
    m_memory->setTitleText(tr("GiB resident"));
    m_memory->setLabelFormat(QStringLiteral("%.1f"));
    m_chart->addAxis(m_time, Qt::AlignBottom);
    m_chart->addAxis(m_count, Qt::AlignLeft);
    m_chart->addAxis(m_memory, Qt::AlignRight);
    // The candidates by class, counted as the headline counts them; a useful one (a renice) is rare
    // and is in the title's total.
    for (int c = 1; c < kClassCount; ++c) {
        auto *s = new QLineSeries;
        const auto cls = static_cast<ProcessClass>(c);
        s->setName(ClassStyle::label(cls));
        QPen pen(ClassStyle::color(cls), 2);
        // Not color alone: each class has its own dash pattern too.
        const Qt::PenStyle styles[kClassCount] = {Qt::SolidLine, Qt::DashLine, Qt::SolidLine, Qt::DotLine};
        pen.setStyle(styles[c]);
        s->setPen(pen);
        s->setPointsVisible(true);
        m_chart->addSeries(s);
        s->attachAxis(m_time);
        s->attachAxis(m_count);
        m_classes[static_cast<std::size_t>(c)] = s;
    }
    m_rss->setName(tr("memory (all)"));
    m_rss->setPen(QPen(QColor(90, 90, 90), 1.5, Qt::SolidLine));
    m_chart->addSeries(m_rss);
    m_rss->attachAxis(m_time);
    m_rss->attachAxis(m_memory);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(360, 220);
    showTimeline({}); // the last hour, and how to get lines into it
}

void SessionTimeline::showTimeline(const std::vector<TimelinePoint> &points)
{
    std::array<QList<QPointF>, kClassCount> counts;
    QList<QPointF> rss;
    double top = 1;
    double topGiB = 0.1;
    for (const TimelinePoint &p : points) {
        const auto x = static_cast<double>(p.atMs);
        for (std::size_t c = 0; c < kClassCount; ++c)
            counts[c] << QPointF(x, p.counts.byClass[c]);
        rss << QPointF(x, static_cast<double>(p.rssBytes) / (1024.0 * 1024 * 1024));
        topGiB = std::max(topGiB, rss.back().y());
        for (std::size_t c = 1; c < kClassCount; ++c)
            top = std::max(top, static_cast<double>(p.counts.byClass[c]));
    }
    for (std::size_t c = 1; c < kClassCount; ++c)
        m_classes[c]->replace(counts[c]);
    // Before two saved sessions there is no line to draw: say how to get one, over the last hour
    // (not an axis from 1970).
    m_chart->setTitle(points.empty() ? tr("No saved sessions yet: File → Save session, or save automatically")
            : points.size() == 1     ? tr("One saved session so far: the lines start with the next one")
                                     : tr("Candidates by class, and memory (candidates: %1 → %2)")
                                       .arg(points.front().counts.candidates)
                                       .arg(points.back().counts.candidates));
    m_rss->replace(rss);
    // Whole processes, and no two ticks with one label.
    m_count->setTickCount(5);
    m_count->setRange(0, std::max(4.0, top * 1.1));
    m_count->applyNiceNumbers();
    m_memory->setRange(0, topGiB * 1.1);
    m_memory->applyNiceNumbers();
    m_memory->setLabelFormat(topGiB < 1 ? QStringLiteral("%.2f") : QStringLiteral("%.1f"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 to = points.empty() ? now : std::max<qint64>(points.back().atMs, points.front().atMs + 1000);
    const qint64 from = points.size() < 2 ? to - 3600000 : points.front().atMs;
    m_time->setRange(QDateTime::fromMSecsSinceEpoch(from), QDateTime::fromMSecsSinceEpoch(to));
    m_time->setFormat(to - from < 600000 ? QStringLiteral("HH:mm:ss")
            : to - from < 86400000       ? QStringLiteral("HH:mm")
                                         : QStringLiteral("dd.MM. HH:mm"));
}

void SessionTimeline::clear()
{
    for (QLineSeries *s : m_classes)
        if (s)
            s->clear();
    m_rss->clear();
}

int SessionTimeline::pointCount() const
{
    return static_cast<int>(m_rss->count());
}

} // namespace ptriage
