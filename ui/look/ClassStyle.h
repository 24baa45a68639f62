#pragma once

#include "config/TriageConfig.h"

#include <QColor>
#include <QCoreApplication>
#include <QIcon>
#include <QString>

namespace ptriage {

// How a process class looks everywhere in the window: a translated label, an icon whose *shape*
// differs per class (circle, triangle, square, cross), and colors. Color is never the only cue.
class ClassStyle {
public:
    static QString label(ProcessClass c); // "useful", "stuck or spinning", "abandoned", "zombie"
    static QIcon icon(ProcessClass c); // drawn on each call (cache it); needs a QGuiApplication
    static QColor color(ProcessClass c); // saturated: icons, graph nodes, class text
    static QColor background(ProcessClass c); // light tint for candidate rows
    static QColor textOnBackground(); // readable on background(), whatever the palette
};

} // namespace ptriage
