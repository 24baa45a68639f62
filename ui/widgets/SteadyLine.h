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
    // Given: the layout gives the width (a stretch). Widest: as wide as the widest text it has shown,
    // so a shorter text never lays the window out again and a wider one does once.
    enum class Width { Given, Widest };
    explicit SteadyLine(QWidget *parent = nullptr, Width width = Width::Given);

    void setText(const QString &text);
    // Widest: at least as wide as `sample` (its numbers a digit longer), from the start.
    void reserveWidthFor(const QString &sample);
    // Selectable by mouse (the default): a text document per line, laid out at every new text.
    void setSelectable(bool selectable);
    QString text() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void showFitted();

    int widthFor(const QString &text) const;

    QLabel *m_label;
    QString m_text; // whole; the label shows what fits
    Width m_widthMode;
    int m_widest = 0; // Widest: the width asked of the layout
};

} // namespace ptriage
