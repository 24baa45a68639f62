#include "BlastGraphView.h"

#include "ClassStyle.h"
#include "EngineLabels.h"
#include "ProcessColumns.h"
#include "UiText.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QtMath>

#include <map>

namespace ptriage {
namespace {

constexpr int kIdentityKey = 0; // QGraphicsItem::data key holding a process node's start_id
constexpr double kNodeRadius = 18;

QColor riskColor(Risk risk)
{
    switch (risk) {
    case Risk::Critical:
        return {0x8e, 0x10, 0x10};
    case Risk::High:
        return {0xd3, 0x54, 0x00};
    case Risk::Medium:
        return {0xf1, 0xc4, 0x0f};
    case Risk::Low:
        break;
    }
    return {0x95, 0xa5, 0xa6};
}

QPointF onRing(int ring, int slot, int slots)
{
    if (ring == 0)
        return {0, 0};
    const double radius = ring * std::max(150.0, slots * 2.4 * kNodeRadius / (2 * M_PI));
    const double angle = 2 * M_PI * slot / std::max(1, slots) - M_PI / 2 + ring * 0.3;
    return {radius * std::cos(angle), radius * std::sin(angle)};
}

} // namespace

BlastGraphView::BlastGraphView(QWidget *parent) : QGraphicsView(parent), m_scene(new QGraphicsScene(this))
{
    setScene(m_scene);
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
}

void BlastGraphView::clear()
{
    m_scene->clear();
    m_processNodes = m_resourceNodes = m_edges = 0;
}

void BlastGraphView::showRadius(std::shared_ptr<const TriageResult> result, int index, const TriageConfig &config)
{
    clear();
    const TriageResult &r = *result;
    const auto edgesFrom = [&r](int node) -> const std::vector<BlastGraph::Edge> & {
        return r.blastEdges[static_cast<std::size_t>(node)]; // built once by triage(), off the GUI thread
    };
    const BlastRadius &radius = r.blast[static_cast<std::size_t>(index)];

    // Rings by hop (breadth first over the same graph the engine used).
    std::map<int, int> hop{{index, 0}};
    std::vector<std::vector<int>> rings{{index}};
    for (std::size_t k = 0; k < rings.size() && k < static_cast<std::size_t>(config.policy.maxHops); ++k) {
        std::vector<int> next;
        for (int node : rings[k])
            for (const auto &e : edgesFrom(node))
                if (!hop.count(e.to)
                    && std::find(radius.affected.begin(), radius.affected.end(), e.to) != radius.affected.end()) {
                    hop[e.to] = static_cast<int>(k) + 1;
                    next.push_back(e.to);
                }
        if (next.empty())
            break;
        rings.push_back(std::move(next));
    }
    const auto &f = r.facts[static_cast<std::size_t>(index)];
    std::vector<QString> resources;
    for (const auto &l : f.listeners)
        resources.push_back(tr("listens on %1").arg(qs(l)));
    for (const auto &l : f.lockedFiles)
        resources.push_back(tr("lock %1").arg(qs(l)));
    for (const auto &c : f.criticalFiles)
        resources.push_back(tr("writing %1").arg(qs(c.path)));
    if (!f.supervisor.empty())
        resources.push_back(tr("supervisor %1").arg(qs(f.supervisor)));

    std::map<int, QPointF> position;
    for (std::size_t k = 0; k < rings.size(); ++k) {
        const int slots = static_cast<int>(rings[k].size() + (k == 1 ? resources.size() : 0));
        for (std::size_t s = 0; s < rings[k].size(); ++s)
            position[rings[k][s]] = onRing(static_cast<int>(k), static_cast<int>(s), slots);
    }

    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    auto addEdge = [&](QPointF a, QPointF b, const QString &label) {
        m_scene->addLine(QLineF(a, b), QPen(palette().color(QPalette::Mid), 1.2))->setZValue(-1);
        auto *text = m_scene->addSimpleText(label, small);
        text->setBrush(palette().color(QPalette::WindowText));
        text->setPos((a + b) / 2 - QPointF(text->boundingRect().width() / 2, 0));
        text->setZValue(-0.5);
        text->setData(1, label);
        ++m_edges;
    };
    // Process edges between drawn nodes, each pair once.
    for (const auto &[from, p] : position)
        for (const auto &e : edgesFrom(from))
            if (position.count(e.to) && (hop[e.to] > hop[from] || (hop[e.to] == hop[from] && e.to > from)))
                addEdge(p, position[e.to], qs(e.why));

    for (const auto &[i, p] : position) {
        const auto u = static_cast<std::size_t>(i);
        const Sample &s = r.snapshot->processes[u];
        const ProcessClass cls = r.posteriors[u].classification;
        auto *node = m_scene->addEllipse(
            QRectF(p - QPointF(kNodeRadius, kNodeRadius), QSizeF(2 * kNodeRadius, 2 * kNodeRadius)),
            QPen(riskColor(r.blast[u].risk), i == index ? 5 : 3), ClassStyle::color(cls));
        node->setData(kIdentityKey, QVariant::fromValue(r.identityOf(i)));
        node->setToolTip(tr("%1 (pid %2)\n%3 · risk %4")
                             .arg(processName(s))
                             .arg(s.id.pid)
                             .arg(ClassStyle::label(cls), EngineLabels::risk(r.blast[u].risk)));
        node->setCursor(Qt::PointingHandCursor);
        auto *label = m_scene->addSimpleText(QStringLiteral("%1\n%2").arg(processName(s)).arg(s.id.pid));
        if (i == index) {
            QFont bold = label->font();
            bold.setBold(true);
            label->setFont(bold);
        }
        label->setPos(p + QPointF(-label->boundingRect().width() / 2, kNodeRadius + 2));
        ++m_processNodes;
    }
    // Resources of the selected process share the first ring.
    const int slots = static_cast<int>((rings.size() > 1 ? rings[1].size() : 0) + resources.size());
    for (std::size_t k = 0; k < resources.size(); ++k) {
        const QPointF p = onRing(1, static_cast<int>((rings.size() > 1 ? rings[1].size() : 0) + k), slots);
        addEdge(position[index], p, QString());
        auto *box = m_scene->addRect(QRectF(p - QPointF(kNodeRadius, 12), QSizeF(2 * kNodeRadius, 24)),
            QPen(palette().color(QPalette::Dark), 1.5), palette().color(QPalette::AlternateBase));
        box->setToolTip(resources[k]);
        auto *label = m_scene->addSimpleText(resources[k], small);
        label->setPos(p + QPointF(-label->boundingRect().width() / 2, 14));
        ++m_resourceNodes;
    }
    m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-40, -40, 40, 40));
    fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
    if (transform().m11() > 1.0)
        resetTransform(); // small graphs at natural size
}

QStringList BlastGraphView::edgeLabels() const
{
    QStringList out;
    for (const auto *item : m_scene->items())
        if (item->data(1).isValid() && !item->data(1).toString().isEmpty())
            out << item->data(1).toString();
    return out;
}

void BlastGraphView::wheelEvent(QWheelEvent *event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
}

void BlastGraphView::mousePressEvent(QMouseEvent *event)
{
    for (auto *item : items(event->position().toPoint())) {
        const QVariant id = item->data(kIdentityKey);
        if (id.isValid()) {
            Q_EMIT processActivated(id.value<ProcessIdentity>());
            return;
        }
    }
    QGraphicsView::mousePressEvent(event);
}

} // namespace ptriage
