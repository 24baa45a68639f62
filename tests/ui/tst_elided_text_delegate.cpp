// The delegate that paints the process table's and the ledger's text cells from kept layouts paints
// what the style would: the same text where the style puts it, cut with "…" the same way, in the
// row's colors; a changed text is painted anew, and a layout kept across its cache's generations is
// still the right one.
#include "support/TestRoom.h"
#include "widgets/ElidedTextDelegate.h"

#include <QImage>
#include <QPainter>
#include <QStandardItemModel>
#include <QTest>
#include <QTreeView>

using namespace ptriage;

namespace {

// Where a cell image differs from its background, and how many pixels do.
struct Ink {
    QRect box;
    int pixels = 0;
};

Ink inkOf(const QImage &image, QRgb background)
{
    Ink ink;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != background) {
                ink.box |= QRect(x, y, 1, 1);
                ++ink.pixels;
            }
    return ink;
}

} // namespace

class TestElidedTextDelegate : public QObject {
    Q_OBJECT

    QStandardItemModel m_model{1, 1};
    QTreeView m_view; // the style, font and palette a table's cells get

    // The cell is `size`, at the image's left; the image is `room` wide (at least the cell), so a
    // text painted past the cell shows.
    QImage paintCell(const QAbstractItemDelegate &delegate, QSize size, QStyle::State extra = {}, int room = 0)
    {
        QImage image(QSize(std::max(room, size.width()), size.height()), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QStyleOptionViewItem option;
        option.initFrom(&m_view);
        option.widget = &m_view;
        option.rect = QRect(QPoint(0, 0), size);
        option.state |= QStyle::State_Enabled | QStyle::State_Active | extra;
        option.textElideMode = Qt::ElideRight;
        option.palette.setColor(QPalette::Text, Qt::black);
        QPainter painter(&image);
        delegate.paint(&painter, option, m_model.index(0, 0));
        return image;
    }

    void setCell(const QString &text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter)
    {
        m_model.setData(m_model.index(0, 0), text);
        m_model.setData(m_model.index(0, 0), QVariant(alignment.toInt()), Qt::TextAlignmentRole);
        m_model.setData(m_model.index(0, 0), {}, Qt::ForegroundRole);
        m_model.setData(m_model.index(0, 0), {}, Qt::BackgroundRole);
        m_model.setData(m_model.index(0, 0), {}, Qt::DecorationRole);
    }

private Q_SLOTS:
    void initTestCase() { m_view.setModel(&m_model); }

    void paintsTheTextWhereTheStyleDoes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("alignment");
        const int left = (Qt::AlignLeft | Qt::AlignVCenter).toInt();
        const int right = (Qt::AlignRight | Qt::AlignVCenter).toInt();
        QTest::newRow("a pid, right") << QStringLiteral("48213") << 90 << right;
        QTest::newRow("a command, left") << QStringLiteral("python3 -m pytest -n 8") << 260 << left;
        QTest::newRow("a command cut short")
            << QStringLiteral("node /home/dev/app/node_modules/.bin/vitest --watch") << 120 << left;
        QTest::newRow("a number cut short, right") << QStringLiteral("1234567890123456789") << 60 << right;
    }

    void paintsTheTextWhereTheStyleDoes()
    {
        QFETCH(QString, text);
        QFETCH(int, width);
        QFETCH(int, alignment);
        setCell(text, Qt::Alignment::fromInt(alignment));
        const QSize size(width, 24);
        const QStyledItemDelegate style;
        const ElidedTextDelegate kept;
        const Ink expected = inkOf(paintCell(style, size), qRgb(255, 255, 255));
        const Ink ink = inkOf(paintCell(kept, size), qRgb(255, 255, 255));
        QVERIFY(expected.pixels > 20);
        // Glyphs placed from a kept layout may sit a fraction of a pixel off the style's.
        QVERIFY2(std::abs(ink.box.left() - expected.box.left()) <= 2
                && std::abs(ink.box.right() - expected.box.right()) <= 2,
            qPrintable(QStringLiteral("ink from %1 to %2, the style's from %3 to %4")
                           .arg(ink.box.left())
                           .arg(ink.box.right())
                           .arg(expected.box.left())
                           .arg(expected.box.right())));
        QVERIFY(std::abs(ink.box.top() - expected.box.top()) <= 1);
        QVERIFY(std::abs(ink.pixels - expected.pixels) <= expected.pixels / 5);
    }

    void paintsInTheRowsColors()
    {
        setCell(QStringLiteral("sleep 86400"));
        m_model.setData(m_model.index(0, 0), QColor(Qt::red), Qt::ForegroundRole);
        m_model.setData(m_model.index(0, 0), QColor(Qt::yellow), Qt::BackgroundRole);
        const ElidedTextDelegate kept;
        const QImage image = paintCell(kept, QSize(200, 24));
        QCOMPARE(image.pixel(1, 1), qRgb(255, 255, 0)); // the background reaches the cell's corners
        QCOMPARE(image.pixel(198, 22), qRgb(255, 255, 0));
        int red = 0, dark = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                red += c.red() > 200 && c.green() < 60 && c.blue() < 60;
                dark += c.red() < 60 && c.green() < 60 && c.blue() < 60;
            }
        QVERIFY(red > 20);
        QCOMPARE(dark, 0); // not in the palette's black
    }

    void aChangedTextIsPaintedAnew()
    {
        const ElidedTextDelegate kept;
        const QSize size(300, 24);
        setCell(QStringLiteral("ab"));
        const int shortWidth = inkOf(paintCell(kept, size), qRgb(255, 255, 255)).box.width();
        setCell(QStringLiteral("abababababab"));
        const int longWidth = inkOf(paintCell(kept, size), qRgb(255, 255, 255)).box.width();
        QVERIFY2(longWidth > 3 * shortWidth, qPrintable(QStringLiteral("%1 vs %2").arg(longWidth).arg(shortWidth)));
        // The same text in a narrower cell is cut, not painted from the wider cell's layout.
        const Ink narrow = inkOf(paintCell(kept, QSize(60, 24), {}, 300), qRgb(255, 255, 255));
        QVERIFY(narrow.box.right() < 60);
        QVERIFY(narrow.box.width() < longWidth);
    }

    void aLayoutKeptAcrossGenerationsIsStillTheRightOne()
    {
        // Keeps 4 to 8 layouts: 20 texts go through it, some of them again and again.
        const ElidedTextDelegate kept(nullptr, 4);
        const QStyledItemDelegate style;
        const QSize size(220, 24);
        QHash<QString, QImage> first;
        for (int round = 0; round < 3; ++round)
            for (int i = 0; i < 20; ++i) {
                const QString text
                    = i % 3 == 0 ? QStringLiteral("often %1").arg(i % 2) : QStringLiteral("text %1").arg(i);
                setCell(text);
                const QImage image = paintCell(kept, size);
                if (!first.contains(text)) {
                    first.insert(text, image);
                    const Ink ink = inkOf(image, qRgb(255, 255, 255));
                    const Ink expected = inkOf(paintCell(style, size), qRgb(255, 255, 255));
                    QVERIFY(std::abs(ink.box.right() - expected.box.right()) <= 2);
                } else {
                    QVERIFY2(image == first.value(text), qPrintable(text));
                }
            }
        QCOMPARE(first.size(), 15); // 13 "text i" and 2 "often"
    }

    void aSelectedCellOrOneWithAnIconIsTheStyles()
    {
        setCell(QStringLiteral("selected"));
        const ElidedTextDelegate kept;
        const QStyledItemDelegate style;
        const QSize size(200, 24);
        QCOMPARE(paintCell(kept, size, QStyle::State_Selected), paintCell(style, size, QStyle::State_Selected));
        QPixmap icon(16, 16);
        icon.fill(Qt::blue);
        m_model.setData(m_model.index(0, 0), icon, Qt::DecorationRole);
        QCOMPARE(paintCell(kept, size), paintCell(style, size));
    }
};

PTRIAGE_ROOM_MAIN(TestElidedTextDelegate)
#include "tst_elided_text_delegate.moc"
