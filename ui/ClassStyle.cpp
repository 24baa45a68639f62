#include "ClassStyle.h"

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
    switch (c) {
    case ProcessClass::Useful:
        return tr("useful");
    case ProcessClass::UsefulBad:
        return tr("stuck or spinning");
    case ProcessClass::Abandoned:
        return tr("abandoned");
    case ProcessClass::Zombie:
        return tr("zombie");
    }
    return {};
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
    switch (c) {
    case ProcessClass::Useful:
        return QColor(0x2e, 0x7d, 0x32); // green
    case ProcessClass::UsefulBad:
        return QColor(0xef, 0x8f, 0x00); // amber
    case ProcessClass::Abandoned:
        return QColor(0xc6, 0x28, 0x28); // red
    case ProcessClass::Zombie:
        return QColor(0x6a, 0x1b, 0x9a); // purple
    }
    return {};
}

QColor ClassStyle::background(ProcessClass c)
{
    switch (c) {
    case ProcessClass::Useful:
        return QColor(0xe8, 0xf5, 0xe9);
    case ProcessClass::UsefulBad:
        return QColor(0xff, 0xec, 0xb3);
    case ProcessClass::Abandoned:
        return QColor(0xff, 0xcd, 0xd2);
    case ProcessClass::Zombie:
        return QColor(0xe1, 0xbe, 0xe7);
    }
    return {};
}

QColor ClassStyle::textOnBackground()
{
    return QColor(0x21, 0x21, 0x21);
}

} // namespace ptriage
