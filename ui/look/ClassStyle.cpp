#include "look/ClassStyle.h"

#include "report/EngineLabels.h"
#include "report/Palette.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace ptriage {
namespace {

QPixmap glyph(ProcessClass c, int size)
{
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(ClassStyle::color(c).darker(150), 1));
    p.setBrush(ClassStyle::color(c));
    const double m = size * 0.12;
    const QRectF r(m, m, size - 2 * m, size - 2 * m);
    switch (c) {
    case ProcessClass::Useful:
        p.drawEllipse(r);
        break;
    case ProcessClass::UsefulBad: {
        QPainterPath t;
        t.moveTo(r.center().x(), r.top());
        t.lineTo(r.right(), r.bottom());
        t.lineTo(r.left(), r.bottom());
        t.closeSubpath();
        p.drawPath(t);
        break;
    }
    case ProcessClass::Abandoned:
        p.drawRect(r);
        break;
    case ProcessClass::Zombie: {
        const double w = r.width() / 3;
        QPainterPath x;
        x.addRect(r.left() + w, r.top(), w, r.height());
        x.addRect(r.left(), r.top() + w, r.width(), w);
        p.drawPath(x.simplified());
        break;
    }
    }
    return pm;
}

} // namespace

QString ClassStyle::label(ProcessClass c)
{
    return EngineLabels::processClass(c);
}

QIcon ClassStyle::icon(ProcessClass c)
{
    QIcon icon;
    for (int size : {16, 24, 32})
        icon.addPixmap(glyph(c, size));
    return icon;
}

QColor ClassStyle::color(ProcessClass c)
{
    const Rgb rgb = classColor(c);
    return QColor(rgb.r, rgb.g, rgb.b);
}

QColor ClassStyle::background(ProcessClass c)
{
    const Rgb rgb = classTint(c);
    return QColor(rgb.r, rgb.g, rgb.b);
}

QColor ClassStyle::textOnBackground()
{
    return QColor(0x21, 0x21, 0x21);
}

} // namespace ptriage
