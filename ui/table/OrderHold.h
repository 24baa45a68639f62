#pragma once

#include <QObject>
#include <QTimer>

class QAbstractItemView;

namespace ptriage {

class ProcessFilterModel;

// Keeps the table's rows where they are while a person is about to click one: the pointer over the
// table, or one of its menus or a dialog open. A refresh then changes what the rows say but moves
// none; the new order comes when the pointer leaves (and nothing is open). GUI thread.
// With a ProcessFilterModel it holds that model's order; any other view follows holdingChanged.
class OrderHold : public QObject {
    Q_OBJECT
public:
    explicit OrderHold(QAbstractItemView *view, ProcessFilterModel *filter = nullptr);

    bool isHolding() const;

Q_SIGNALS:
    void holdingChanged(bool holding);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();
    bool pointerInside() const;

    QAbstractItemView *m_view;
    ProcessFilterModel *m_filter;
    bool m_held = false;
    bool m_inside = false;
    QTimer m_recheck; // after the pointer left while a menu or dialog was open
};

} // namespace ptriage
