#pragma once

#include <QFont>
#include <QHash>
#include <QStaticText>
#include <QStyledItemDelegate>

namespace ptriage {

// A read-only cell's one line of text, cut with "…" where it does not fit, painted from a layout
// kept per text and width: the style's item painting lays out and shapes every cell's text at every
// paint (most of a table's paint time). Cells with an icon, a check box, a selection, wrapped text or
// a font of their own are the style's, as before.
class ElidedTextDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // Keeps the layouts of about `keep` to twice `keep` recently painted texts.
    explicit ElidedTextDelegate(QObject *parent = nullptr, int keep = 512);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    const QStaticText &laidOut(const QStyleOptionViewItem &option, int width) const;

    // By width and text, in m_font. Two generations: a layout painted lately is in the current one
    // or moves there from the previous; a full current one becomes the previous, and the rest go.
    mutable QHash<QString, QStaticText> m_laidOut, m_laidOutBefore;
    int m_keep;
    mutable QFont m_font;
};

} // namespace ptriage
