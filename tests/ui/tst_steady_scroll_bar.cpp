// The process table's scroll bar skips the repaint of a range change that moves nothing it draws,
// and what the screen shows is then still what a plain scroll bar shows; a change that moves the
// handle or takes the value to an end repaints.
#include "support/TestRoom.h"
#include "widgets/SteadyScrollBar.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QImage>
#include <QScreen>
#include <QTest>
#include <QWidget>

using namespace ptriage;

namespace {

class PaintCounter : public QObject {
public:
    int paints = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        paints += event->type() == QEvent::Paint ? 1 : 0;
        return false;
    }
};

} // namespace

class TestSteadyScrollBar : public QObject {
    Q_OBJECT

    QWidget m_window;
    SteadyScrollBar *m_steady = new SteadyScrollBar(Qt::Vertical);
    QScrollBar *m_plain = new QScrollBar(Qt::Vertical); // Qt's, beside it: the picture to match
    PaintCounter m_steadyPaints, m_plainPaints;

    void both(int minimum, int maximum, int value)
    {
        for (QScrollBar *bar : {static_cast<QScrollBar *>(m_steady), m_plain}) {
            bar->setRange(minimum, maximum);
            bar->setValue(value);
        }
    }
    void settle()
    {
        for (int i = 0; i < 3; ++i) {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
        }
    }
    // What the screen shows of each bar (the backing store, not a fresh render).
    std::pair<QImage, QImage> onScreen() const
    {
        const QImage window = QGuiApplication::primaryScreen()->grabWindow(m_window.winId()).toImage();
        return {window.copy(m_steady->geometry()), window.copy(m_plain->geometry())};
    }
    void resetCounts()
    {
        m_steadyPaints.paints = 0;
        m_plainPaints.paints = 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        auto *layout = new QHBoxLayout(&m_window);
        layout->addWidget(m_steady);
        layout->addWidget(m_plain);
        for (QScrollBar *bar : {static_cast<QScrollBar *>(m_steady), m_plain}) {
            bar->setFixedHeight(400);
            bar->setPageStep(40);
        }
        both(0, 5000, 0);
        m_steady->installEventFilter(&m_steadyPaints);
        m_plain->installEventFilter(&m_plainPaints);
        m_window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&m_window));
        settle();
        const auto [steady, plain] = onScreen();
        QCOMPARE(steady, plain);
    }

    // A few rows more: the handle of a 5,000-row table does not move a pixel.
    void smallRangeChangeIsNotRepainted()
    {
        resetCounts();
        both(0, 5003, 0);
        settle();
        QCOMPARE(m_plainPaints.paints, 1); // Qt repaints it
        QCOMPARE(m_steadyPaints.paints, 0);
        const auto [steady, plain] = onScreen();
        QCOMPARE(steady, plain);
    }

    void movedHandleIsRepainted()
    {
        resetCounts();
        both(0, 100, 30);
        settle();
        QCOMPARE(m_steadyPaints.paints, 1);
        const auto [steady, plain] = onScreen();
        QCOMPARE(steady, plain);
        QVERIFY(steady != onScreenAt(0, 5003, 0)); // the picture did change
    }

    // At the end the style may draw the arrow disabled: leaving the end repaints even when the
    // handle stays on its pixels.
    void leavingTheEndIsRepainted()
    {
        both(0, 5000, 5000);
        settle();
        resetCounts();
        both(0, 5001, 5000);
        settle();
        QCOMPARE(m_steadyPaints.paints, 1);
        const auto [steady, plain] = onScreen();
        QCOMPARE(steady, plain);
    }

private:
    QImage onScreenAt(int minimum, int maximum, int value)
    {
        QScrollBar reference(Qt::Vertical);
        reference.setPageStep(40);
        reference.setRange(minimum, maximum);
        reference.setValue(value);
        reference.resize(m_steady->size());
        return reference.grab().toImage().convertToFormat(onScreen().first.format());
    }
};

PTRIAGE_ROOM_MAIN(TestSteadyScrollBar)
#include "tst_steady_scroll_bar.moc"
