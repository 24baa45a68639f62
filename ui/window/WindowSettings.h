#pragma once

class QHeaderView;
class QMainWindow;
class QSplitter;

namespace ptriage {

class Desk;
class WindowActions;

// What the main window keeps between runs (QSettings): geometry, the splitter, the table's columns,
// the view mode, the refresh interval and the sessions' choices.
namespace WindowSettings {
void restore(QMainWindow &window, QSplitter &splitter, QHeaderView &header, WindowActions &actions, Desk &desk);
void save(const QMainWindow &window, const QSplitter &splitter, const QHeaderView &header, const WindowActions &actions,
    Desk &desk);
} // namespace WindowSettings

} // namespace ptriage
