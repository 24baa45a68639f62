// The process table's view repaints what a change touches: a change over thousands of rows repaints
// the changed columns where they are shown (never the others), a change of a few rows the same as
// QTreeView would; a few rows more or less do not repaint its scroll bar.
#include "support/TestRoom.h"
#include "table/ProcessTableView.h"
#include "widgets/SteadyScrollBar.h"

#include <QHeaderView>
#include <QPaintEvent>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTest>

using namespace ptriage;

namespace {

// Records the region of every paint event the viewport gets.
class PaintRecorder : public QObject {
public:
    QRegion painted;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            painted += static_cast<QPaintEvent *>(event)->region();
        return false;
    }
};

} // namespace

class TestProcessTableView : public QObject {
    Q_OBJECT

    static constexpr int kRows = 3000;
    static constexpr int kColumns = 4;
    QStandardItemModel m_model{kRows, kColumns};
    ProcessTableView m_view;
    PaintRecorder m_recorder;

    // Sets the text of rows first..last in `column` without telling anyone, then tells the view once;
    // what the viewport repainted is in m_recorder.painted.
    void change(int column, int first, int last, const QString &text)
    {
        {
            const QSignalBlocker quiet(&m_model);
            for (int row = first; row <= last; ++row)
                m_model.item(row, column)->setText(text);
        }
        QTest::qWait(50); // anything still pending is painted before we listen
        m_recorder.painted = {};
        Q_EMIT m_model.dataChanged(m_model.index(first, column), m_model.index(last, column), {Qt::DisplayRole});
        QTRY_VERIFY(!m_recorder.painted.isEmpty());
        QTest::qWait(50);
    }

    QRect visibleCell(int row, int column)
    {
        return m_view.visualRect(m_model.index(row, column)).intersected(m_view.viewport()->rect());
    }

private Q_SLOTS:
    void initTestCase()
    {
        for (int row = 0; row < kRows; ++row)
            for (int column = 0; column < kColumns; ++column)
                m_model.setItem(row, column, new QStandardItem(QStringLiteral("r%1c%2").arg(row).arg(column)));
        m_view.setModel(&m_model);
        m_view.setUniformRowHeights(true);
        m_view.resize(600, 400);
        m_view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&m_view));
        m_view.viewport()->installEventFilter(&m_recorder);
    }

    void aFewRowsMoreDoNotRepaintTheScrollBar()
    {
        QVERIFY(qobject_cast<SteadyScrollBar *>(m_view.verticalScrollBar()));
        QVERIFY(qobject_cast<SteadyScrollBar *>(m_view.horizontalScrollBar()));
        PaintRecorder bar;
        m_view.verticalScrollBar()->installEventFilter(&bar);
        QTest::qWait(50);
        m_recorder.painted = {};
        m_model.appendRow(new QStandardItem(QStringLiteral("one more")));
        QTRY_VERIFY(!m_recorder.painted.isEmpty()); // the view has laid the row out
        QTest::qWait(50);
        QVERIFY(m_view.verticalScrollBar()->maximum() > 0);
        QVERIFY(bar.painted.isEmpty());
        m_model.removeRow(kRows);
        QTest::qWait(50);
    }

    void aChangeOverEveryRowRepaintsThatColumnOnly()
    {
        change(2, 0, kRows - 1, QStringLiteral("changed"));
        const QRegion &painted = m_recorder.painted;
        QVERIFY(painted.contains(visibleCell(0, 2)));
        QVERIFY(painted.contains(visibleCell(10, 2)));
        QVERIFY(!painted.intersects(visibleCell(0, 0)));
        QVERIFY(!painted.intersects(visibleCell(10, 3)));
    }

    void aMovedColumnIsRepaintedWhereItIsShown()
    {
        m_view.header()->moveSection(3, 0); // column 3 is shown first now
        QTest::qWait(50);
        change(3, 0, kRows - 1, QStringLiteral("moved"));
        const QRegion &painted = m_recorder.painted;
        QVERIFY(painted.contains(visibleCell(5, 3)));
        QVERIFY(!painted.intersects(visibleCell(5, 1)));
        m_view.header()->moveSection(0, 3);
    }

    void aChangeOfAFewRowsRepaintsThoseRows()
    {
        change(1, 2, 4, QStringLiteral("few"));
        const QRegion &painted = m_recorder.painted;
        QVERIFY(painted.contains(visibleCell(3, 1)));
        QVERIFY(!painted.intersects(visibleCell(8, 1)));
    }
};

PTRIAGE_ROOM_MAIN(TestProcessTableView)
#include "tst_process_table_view.moc"
