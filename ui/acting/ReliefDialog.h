#pragma once

#include "decide/relief/ReliefPlan.h"

#include <QDialog>

#include <memory>

class QLineEdit;
class QToolButton;
class QTreeWidget;
class QLabel;
class QPushButton;
class QTableWidget;

namespace ptriage {

class Desk;

// "Free memory…" and "Free port…": the goal, the smallest safe set of processes to end that reaches
// it (the engine's relief plan, computed on the service thread with each process's PSS), each one's
// share and risk, the total, what was left out and why; "End these processes…" goes through the
// normal confirmation (ActionDialog) and action path. The goal is a size or a port, ":3000".
class ReliefDialog : public QDialog {
    Q_OBJECT

public:
    ReliefDialog(Desk &desk, const ReliefGoal &goal, QWidget *parent = nullptr);

    void plan(); // with the latest result and the goal in the box
    const ReliefPlan *shownPlan() const { return m_plan.get(); }
    QTableWidget *table() const { return m_table; }
    QPushButton *endButton() const { return m_end; }
    // A size as the CLI takes it (512M, 4G, 1.5GiB, bytes), or a port as ":3000".
    QLineEdit *goalField() const { return m_goal; }
    QTreeWidget *leftOut() const { return m_excluded; } // grouped by why, folded
    QString summary() const;

Q_SIGNALS:
    void planShown();

private:
    void showPlan(std::shared_ptr<const ReliefPlan> plan, std::shared_ptr<const TriageResult> result);
    void endSteps();

    Desk &m_desk;
    QLineEdit *m_goal;
    QLabel *m_goalError;
    QPushButton *m_planButton;
    QLabel *m_summary;
    QTableWidget *m_table;
    QToolButton *m_excludedToggle;
    QTreeWidget *m_excluded;
    QPushButton *m_end;
    std::shared_ptr<const ReliefPlan> m_plan;
    std::shared_ptr<const TriageResult> m_result;
    int m_ticket = 0; // the plan asked for and not yet shown
};

} // namespace ptriage
