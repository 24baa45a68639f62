#include "panes/BlastGraphView.h"

#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "table/ProcessColumns.h"

#include "decide/BlastLayout.h"
#include "report/Palette.h"
#include "util/Fingerprint.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QWheelEvent>

namespace ptriage {
namespace {

constexpr int kIdentityKey = 0; // QGraphicsItem::data key holding a process node's start_id
QColor color(Rgb rgb)
{
    return {rgb.r, rgb.g, rgb.b};
}

QPointF point(BlastLayout::Point p)
{
    return {p.x, p.y};
}

QString resourceText(const BlastLayout::Resource &res)
{
    switch (res.kind) {
    case BlastLayout::ResourceKind::Listener:
        return BlastGraphView::tr("listens on %1").arg(qs(res.what));
    case BlastLayout::ResourceKind::Lock:
        return BlastGraphView::tr("lock %1").arg(qs(res.what));
    case BlastLayout::ResourceKind::Writing:
        return BlastGraphView::tr("writing %1").arg(qs(res.what));
    case BlastLayout::ResourceKind::Supervisor:
        return BlastGraphView::tr("supervisor %1").arg(qs(res.what));
    }
    return {};
}

// Everything the scene would show for this layout: equal prints draw the same graph.
std::uint64_t drawnPrint(const TriageResult &r, int index, const BlastLayout &layout)
{
    Fingerprint print; // by identity, not by index: the same processes at other rows draw the same
    for (const auto &e : layout.edges) {
        for (const double v : {e.from.x, e.from.y, e.to.x, e.to.y})
            print.add(v);
        print.add(std::string_view(e.why.english()));
    }
    for (const auto &n : layout.nodes) {
        const ProcessView p = r.process(n.index);
        const Sample &s = p.sample();
        print.add(n.index == index); // the selected one: bold, a thicker ring
        print.add(n.at.x);
        print.add(n.at.y);
        print.add(s.id.startTicks);
        print.add(s.id.pid);
        print.add(std::string_view(p.facts().name));
        print.add(p.posterior().classification);
        print.add(p.blast().risk);
    }
    for (const auto &res : layout.resources) {
        print.add(res.kind);
        print.add(std::string_view(res.what));
        print.add(res.at.x);
        print.add(res.at.y);
    }
    return print.value() | 1; // never 0, which is "nothing drawn"
}

} // namespace

BlastGraphView::BlastGraphView(const TriageConfig &config, QWidget *parent)
    : QGraphicsView(parent), m_config(config), m_scene(new QGraphicsScene(this))
{
    setScene(m_scene);
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
}

void BlastGraphView::clear()
{
    m_scene->clear();
    m_identity = {};
    m_processNodes = m_resourceNodes = m_edges = 0;
    m_drawn = 0;
}

void BlastGraphView::showProcess(std::shared_ptr<const TriageResult> result, int index)
{
    const TriageConfig &config = m_config;
    const TriageResult &r = *result;
    const BlastLayout layout = layoutBlastRadius(r, index, config.policy.maxHops); // same as the report's
    const std::uint64_t print = drawnPrint(r, index, layout);
    if (print == m_drawn && r.identityOf(index) == m_identity)
        return; // the same graph: nothing to redraw, and the zoom and pan stay
    clear();
    m_identity = r.identityOf(index);
    m_drawn = print;
    constexpr double radius = BlastLayout::kNodeRadius;

    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    for (const auto &e : layout.edges) {
        const QPointF a = point(e.from), b = point(e.to);
        m_scene->addLine(QLineF(a, b), QPen(palette().color(QPalette::Mid), 1.2))->setZValue(-1);
        const QString label = qs(e.why);
        auto *text = m_scene->addSimpleText(label, small);
        text->setBrush(palette().color(QPalette::WindowText));
        text->setPos((a + b) / 2 - QPointF(text->boundingRect().width() / 2, 0));
        text->setZValue(-0.5);
        text->setData(1, label);
        ++m_edges;
    }
    for (const auto &n : layout.nodes) {
        const ProcessView process = r.process(n.index);
        const QPointF p = point(n.at);
        const Sample &s = process.sample();
        const ProcessClass cls = process.posterior().classification;
        auto *node = m_scene->addEllipse(QRectF(p - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius)),
            QPen(color(riskColor(process.blast().risk)), n.index == index ? 5 : 3), ClassStyle::color(cls));
        node->setData(kIdentityKey, QVariant::fromValue(process.identity()));
        node->setToolTip(tr("%1 (pid %2)\n%3 · risk %4")
                             .arg(processName(process))
                             .arg(s.id.pid)
                             .arg(ClassStyle::label(cls), EngineLabels::risk(process.blast().risk)));
        node->setCursor(Qt::PointingHandCursor);
        auto *label = m_scene->addSimpleText(QStringLiteral("%1\n%2").arg(processName(process)).arg(s.id.pid));
        if (n.index == index) {
            QFont bold = label->font();
            bold.setBold(true);
            label->setFont(bold);
        }
        // Labels on the side away from the middle, where no edge arrives (as in the report).
        const QRectF box = label->boundingRect();
        label->setPos(p + QPointF(-box.width() / 2, p.y() < 0 ? -radius - 2 - box.height() : radius + 2));
        ++m_processNodes;
    }
    for (const auto &res : layout.resources) {
        const QPointF p = point(res.at);
        const QString text = resourceText(res);
        auto *box = m_scene->addRect(QRectF(p - QPointF(radius, 12), QSizeF(2 * radius, 24)),
            QPen(palette().color(QPalette::Dark), 1.5), palette().color(QPalette::AlternateBase));
        box->setToolTip(text);
        auto *label = m_scene->addSimpleText(text, small);
        const QRectF size = label->boundingRect();
        label->setPos(p + QPointF(-size.width() / 2, p.y() < 0 ? -14 - size.height() : 14));
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

void BlastGraphView::changeEvent(QEvent *event)
{
    // The graph's colours and fonts come from these: the next refresh draws it anew.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        m_drawn = 0;
    QGraphicsView::changeEvent(event);
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
