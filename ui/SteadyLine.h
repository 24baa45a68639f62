#pragma once

#include <QWidget>

class QLabel;

namespace ptriage {

// One line of text that can change at every refresh (an age ticking) without laying out its pane
// again. A QLabel asks its parent's layout to lay out anew whenever its text changes, and Qt then
// re-lays out and repaints every word-wrapped or selectable label of the pane: milliseconds of the
// GUI thread per refresh. Here the label's parent has a fixed height and no layout, so that request
// stops at it. A line too long for the pane ends in "…"; the whole of it is in the tooltip.
class SteadyLine : public QWidget {
    Q_OBJECT
public:
    explicit SteadyLine(QWidget *parent = nullptr);

    void setText(const QString &text);
    QString text() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void showFitted();

    QLabel *m_label;
    QString m_text; // whole; the label shows what fits
};

} // namespace ptriage
