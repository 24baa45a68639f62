#pragma once

#include <QWidget>

class QVBoxLayout;

namespace ptriage {

// A titled part of a side pane: a bold heading over its contents, set off by space rather than a
// frame. A QGroupBox in Fusion paints its frame from a pixmap stretched over its whole area, about
// a millisecond of the GUI thread for the four of the evidence pane each time its tab is opened.
class PaneSection : public QWidget {
    Q_OBJECT
public:
    explicit PaneSection(const QString &title, QWidget *parent = nullptr);

    QVBoxLayout *contents() const { return m_contents; }

private:
    QVBoxLayout *m_contents;
};

} // namespace ptriage
