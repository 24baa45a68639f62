#include "acting/ReliefDialog.h"

#include "acting/ActFlow.h"
#include "desk/Desk.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "util/Format.h"
#include "widgets/ReadOnlyTable.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ptriage {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

QString bytes(std::uint64_t b)
{
    return localBytes(static_cast<double>(b));
}

} // namespace

ReliefDialog::ReliefDialog(Desk &desk, std::uint64_t goalBytes, QWidget *parent)
    : QDialog(parent),
      m_desk(desk),
      m_goal(new QDoubleSpinBox(this)),
      m_summary(new QLabel(this)),
      m_table(makeReadOnlyTable(
          {tr("Process"), tr("PID"), tr("Frees"), tr("Measured as"), tr("Risk"), tr("Action"), tr("Why")}, this)),
      m_excluded(new QLabel(this)),
      m_end(new QPushButton(tr("End these processes…"), this))
{
    setWindowTitle(tr("Free memory"));
    m_goal->setRange(0.01, 4096);
    m_goal->setDecimals(2);
    m_goal->setSingleStep(0.25);
    m_goal->setSuffix(tr(" GiB"));
    m_goal->setValue(std::max(0.01, static_cast<double>(goalBytes) / kGiB));
    auto *planButton = new QPushButton(tr("Plan"), this);
    auto *goalRow = new QHBoxLayout;
    goalRow->addWidget(new QLabel(tr("Free at least"), this));
    goalRow->addWidget(m_goal);
    goalRow->addWidget(planButton);
    goalRow->addStretch(1);
    m_summary->setWordWrap(true);
    m_excluded->setWordWrap(true);
    m_excluded->setTextFormat(Qt::PlainText);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_end->setEnabled(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_end, QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(goalRow);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_excluded);
    layout->addWidget(buttons);
    resize(900, 480);

    connect(planButton, &QPushButton::clicked, this, &ReliefDialog::plan);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_end, &QPushButton::clicked, this, &ReliefDialog::endSteps);
    connect(&m_desk, &Desk::reliefPlanned, this,
        [this](int ticket, std::shared_ptr<const ReliefPlan> plan, std::shared_ptr<const TriageResult> result) {
            if (ticket == m_ticket)
                showPlan(std::move(plan), std::move(result));
        });
}

void ReliefDialog::plan()
{
    ReliefGoal goal;
    goal.freeBytes = static_cast<std::uint64_t>(m_goal->value() * kGiB);
    m_ticket = m_desk.planRelief(goal); // a newer plan asked for supersedes the one on its way
    if (m_ticket == 0) {
        m_summary->setText(tr("Waiting for the first scan…"));
        return;
    }
    m_end->setEnabled(false);
    m_summary->setText(tr("Measuring what each candidate would free…"));
}

void ReliefDialog::showPlan(std::shared_ptr<const ReliefPlan> plan, std::shared_ptr<const TriageResult> result)
{
    m_ticket = 0;
    m_plan = std::move(plan);
    m_result = std::move(result);
    const ReliefPlan &p = *m_plan;
    const TriageResult &r = *m_result;
    m_table->setRowCount(static_cast<int>(p.steps.size()));
    int actionable = 0;
    for (int row = 0; row < static_cast<int>(p.steps.size()); ++row) {
        const ReliefStep &step = p.steps[static_cast<std::size_t>(row)];
        const Sample &s = r.snapshot->processes[static_cast<std::size_t>(step.index)];
        QString name = processName(s);
        if (!step.tree.empty())
            name += tr(" (and %1 with it)").arg(step.tree.size());
        const QStringList cells = {name, QString::number(s.id.pid), bytes(step.freesBytes),
            step.source == MemoryFootprint::Source::Pss ? tr("PSS") : tr("RSS minus shared"),
            EngineLabels::risk(step.risk),
            step.stopUnit.empty() ? tr("end (TERM, then KILL)") : tr("stop the unit %1").arg(qs(step.stopUnit)),
            qs(step.why)};
        for (int c = 0; c < cells.size(); ++c)
            m_table->setItem(row, c, new QTableWidgetItem(cells[c]));
        actionable += step.stopUnit.empty() ? 1 : 0;
    }
    m_table->resizeColumnsToContents();
    QString text = p.reached ? tr("Ending %1 processes frees %2 (goal %3); expected loss %4.")
                                   .arg(p.steps.size())
                                   .arg(bytes(p.freesBytes), bytes(p.goal.freeBytes))
                                   .arg(localNumber(p.expectedLoss, 1))
                             : tr("The goal cannot be reached safely: %1").arg(qs(p.shortfall));
    m_summary->setText(text);
    QStringList left;
    for (const auto &[index, gate] : p.excluded)
        left << tr("%1 (pid %2): %3")
                    .arg(processName(r.snapshot->processes[static_cast<std::size_t>(index)]))
                    .arg(r.snapshot->processes[static_cast<std::size_t>(index)].id.pid)
                    .arg(qs(gate));
    m_excluded->setText(left.isEmpty() ? QString() : tr("Left out: %1").arg(left.join(QStringLiteral("; "))));
    m_end->setEnabled(actionable > 0);
    Q_EMIT planShown();
}

QString ReliefDialog::summary() const
{
    return m_summary->text();
}

void ReliefDialog::endSteps()
{
    if (!m_plan)
        return;
    std::vector<ProcessIdentity> targets;
    for (const ReliefStep &step : m_plan->steps)
        if (step.stopUnit.empty())
            targets.push_back(step.target);
    // The normal confirmation: every target with its class, memory, risk and blast radius.
    ActRequest request;
    request.verb = ActVerb::End;
    request.targets = std::move(targets);
    ActFlow::confirmAndAct(m_desk, request, this);
}

} // namespace ptriage
