// "Free memory…" with the real engine: two idle orphaned leakers holding 48 MiB each, left for hours
// (a capture of /proc with its clock moved forward, PSS from its smaps_rollup); the dialog asks the
// service for the relief plan (PSS read on the service thread), shows every step with its share,
// risk and why, and "End these processes…" opens the normal confirmation with exactly the plan's
// targets (cancelled here: nothing is ended). PTRIAGE_TEST_SHOTS=DIR keeps a picture of the dialog.
#include "acting/ActionDialog.h"
#include "acting/ReliefDialog.h"
#include "desk/Desk.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "window/MainWindow.h"

#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

class ReliefDialogTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void plansAndConfirmsThroughTheActionDialog()
    {
        Spawner spawner;
        const Actor a = spawner.spawn(
            {"ptriage-leak-a", {"ptriage-leak-a"}, {{"ACTOR_ALLOC_MB", "48"}}, Parenting::OrphanNoSession});
        const Actor b = spawner.spawn(
            {"ptriage-leak-b", {"ptriage-leak-b"}, {{"ACTOR_ALLOC_MB", "48"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0 && b.pid > 0);
        QTemporaryDir dir;
        CollectOptions collect = longLivedOptions();
        collect.procRoot = capturePair(dir.filePath(QStringLiteral("proc")).toStdString(), 1, 6 * 3600).after;
        TriageOptions triage;
        triage.selfPid = static_cast<int>(::getpid());
        triage.minAgeSeconds = 0;
        Desk desk(defaultModel(), collect, triage, dir.filePath(QStringLiteral("s.sqlite")));
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(w.shownResult() && w.shownResult()->snapshot->byPid(b.pid), 20000);

        ReliefDialog *dialog = w.showRelief(ReliefGoal{64ull << 20, 0});
        QSignalSpy shown(dialog, &ReliefDialog::planShown);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 20000);
        const ReliefPlan *plan = dialog->shownPlan();
        QVERIFY(plan);
        QVERIFY(plan);
        QCOMPARE(dialog->table()->rowCount(), static_cast<int>(plan->steps.size()));
        QVERIFY2(plan->reached, qPrintable(dialog->summary()));
        QVERIFY(plan->freesBytes >= 64ull << 20);
        QVERIFY2(dialog->summary().startsWith(QStringLiteral("Ending ")), qPrintable(dialog->summary()));
        for (int row = 0; row < dialog->table()->rowCount(); ++row)
            QCOMPARE(
                dialog->table()->item(row, 1)->text().toInt(), plan->steps[static_cast<std::size_t>(row)].target.pid);
        QCOMPARE(dialog->goalField()->text(), QStringLiteral("64M"));

        // The goal takes the CLI's units: 100M is 100 MiB (it once became 100 GiB); nonsense plans nothing.
        dialog->goalField()->setText(QStringLiteral("100M"));
        QTest::keyClick(dialog->goalField(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 20000);
        QCOMPARE(dialog->shownPlan()->goal.freeBytes, 100ull << 20);
        dialog->goalField()->setText(QStringLiteral("lots"));
        QTest::keyClick(dialog->goalField(), Qt::Key_Return);
        QTest::qWait(300);
        QCOMPARE(shown.size(), 2);
        dialog->goalField()->setText(QStringLiteral("64M"));
        QTest::keyClick(dialog->goalField(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 3, 20000);
        plan = dialog->shownPlan();

        // What was left out: one folded group per reason, each process under its reason.
        if (!plan->excluded.empty()) {
            QVERIFY(!dialog->leftOut()->isVisible());
            int listed = 0;
            for (int g = 0; g < dialog->leftOut()->topLevelItemCount(); ++g)
                listed += dialog->leftOut()->topLevelItem(g)->childCount();
            QCOMPARE(listed, static_cast<int>(plan->excluded.size()));
        }
        if (!qEnvironmentVariableIsEmpty("PTRIAGE_TEST_SHOTS"))
            dialog->grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/relief-dialog.png"));

        QVERIFY(dialog->endButton()->isEnabled());
        dialog->endButton()->click();
        ActionDialog *confirm = nullptr;
        QTRY_VERIFY((confirm = dialog->findChild<ActionDialog *>()) != nullptr);
        QCOMPARE(confirm->targetTable()->rowCount(), static_cast<int>(plan->steps.size()));
        QCOMPARE(confirm->request().verb, ActVerb::End);
        confirm->reject(); // nothing is ended
        QTest::qWait(300);
        for (int pid : {a.pid, b.pid})
            QVERIFY(!hasEnded(pid));
    }
};

PTRIAGE_ROOM_MAIN(ReliefDialogTest)
#include "tst_relief_dialog.moc"
