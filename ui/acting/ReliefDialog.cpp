#include "acting/ReliefDialog.h"

#include "acting/ActFlow.h"
#include "decide/groups/GroupPlan.h"
#include "desk/Desk.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "util/ByteSize.h"
#include "util/Format.h"
#include "widgets/ReadOnlyTable.h"
#include "widgets/ScreenFit.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace ptriage {
namespace {

// A size as the CLI takes it, a decimal comma as well as a point ("1,5G"); or a port, ":3000" (as
// the table's filter writes it).
std::optional<ReliefGoal> goalOf(QString text)
{
    text = text.trimmed();
    ReliefGoal goal;
    if (text.startsWith(QLatin1Char(':'))) {
        bool ok = false;
        goal.freePort = text.mid(1).toInt(&ok);
        if (!ok || goal.freePort < 1 || goal.freePort > 65535)
            return std::nullopt;
        return goal;
    }
    const auto bytes = parseByteSize(text.replace(QLatin1Char(','), QLatin1Char('.')).toStdString());
    if (!bytes || *bytes == 0)
        return std::nullopt;
    goal.freeBytes = *bytes;
    return goal;
}

QString reliefBytes(std::uint64_t b)
{
    return localBytes(static_cast<double>(b));
}

} // namespace

ReliefDialog::ReliefDialog(Desk &desk, const ReliefGoal &goal, QWidget *parent)
    : QDialog(parent),
      m_desk(desk),
      m_goal(new QLineEdit(this)),
      m_goalError(new QLabel(this)),
      m_planButton(new QPushButton(tr("Plan"), this)),
      m_summary(new QLabel(this)),
      m_table(makeReadOnlyTable(
          {tr("Process"), tr("PID"), tr("Frees"), tr("Measured as"), tr("Risk"), tr("Action"), tr("Why")}, this)),
      m_excludedToggle(new QToolButton(this)),
      m_excluded(new QTreeWidget(this)),
      m_end(new QPushButton(tr("End these processes…"), this))
{
    setWindowTitle(goal.freePort > 0 ? tr("Free port %1").arg(goal.freePort) : tr("Free memory"));
    // The units `ptriage relieve --free-memory` takes: "100M" is 100 MiB, never 100 GiB.
    const std::uint64_t goalBytes = goal.freeBytes;
    if (goal.freePort > 0)
        m_goal->setText(QStringLiteral(":%1").arg(goal.freePort));
    else
        m_goal->setText(goalBytes % (1ull << 30) == 0
                ? QStringLiteral("%1G").arg(goalBytes >> 30)
                : QStringLiteral("%1M").arg(std::max<std::uint64_t>(1, goalBytes >> 20)));
    m_goal->setToolTip(tr("A size: 512M, 4G, 1.5GiB, or bytes (powers of 1024); or a TCP port: :3000"));
    m_goal->setMaximumWidth(120);
    auto *goalRow = new QHBoxLayout;
    auto *goalLabel = new QLabel(goal.freePort > 0 ? tr("Free") : tr("Free at least"), this);
    goalLabel->setBuddy(m_goal);
    goalRow->addWidget(goalLabel);
    goalRow->addWidget(m_goal);
    goalRow->addWidget(m_planButton);
    goalRow->addWidget(m_goalError);
    goalRow->addStretch(1);
    m_goalError->setStyleSheet(QStringLiteral("color: #a02020;"));
    m_summary->setWordWrap(true);
    // What was left out and why: grouped by the reason, folded until asked for.
    m_excludedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_excludedToggle->setArrowType(Qt::RightArrow);
    m_excludedToggle->setCheckable(true);
    m_excludedToggle->setAutoRaise(true);
    m_excludedToggle->hide();
    m_excluded->setHeaderHidden(true);
    m_excluded->setRootIsDecorated(true);
    m_excluded->setMaximumHeight(fontMetrics().height() * 9);
    m_excluded->hide();
    connect(m_excludedToggle, &QToolButton::toggled, this, [this](bool open) {
        m_excludedToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_excluded->setVisible(open);
    });
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_end->setEnabled(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_end, QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(goalRow);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_excludedToggle);
    layout->addWidget(m_excluded);
    layout->addWidget(buttons);
    sizeToScreen(this, QSize(900, 480));

    connect(m_planButton, &QPushButton::clicked, this, &ReliefDialog::plan);
    connect(m_goal, &QLineEdit::returnPressed, this, &ReliefDialog::plan);
    connect(m_goal, &QLineEdit::textChanged, this, [this](const QString &text) {
        const bool ok = goalOf(text).has_value();
        m_goalError->setText(ok ? QString() : tr("not a size or port: write e.g. 512M, 4G, 1.5GiB or :3000"));
        m_planButton->setEnabled(ok);
    });
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
    const auto goal = goalOf(m_goal->text());
    if (!goal)
        return; // said beside the field
    setWindowTitle(goal->freePort > 0 ? tr("Free port %1").arg(goal->freePort) : tr("Free memory"));
    m_ticket = m_desk.planRelief(*goal); // a newer plan asked for supersedes the one on its way
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
        const Sample &s = r.process(step.index).sample();
        QString name = processName(r.process(step.index));
        if (!step.tree.empty())
            name += tr(" (and %1 with it)").arg(step.tree.size());
        const QStringList cells = {name, QString::number(s.id.pid), reliefBytes(step.freesBytes),
            step.source == MemoryFootprint::Source::Pss ? tr("PSS") : tr("RSS minus shared"),
            EngineLabels::risk(step.risk),
            step.stopUnit.empty() ? tr("end (TERM, then KILL)") : tr("stop the unit %1").arg(qs(step.stopUnit)),
            qs(step.why)};
        for (int c = 0; c < cells.size(); ++c)
            m_table->setItem(row, c, new QTableWidgetItem(cells[c]));
        actionable += step.stopUnit.empty() ? 1 : 0;
    }
    m_table->resizeColumnsToContents();
    QString text;
    if (!p.reached)
        text = tr("The goal cannot be reached safely: %1").arg(qs(p.shortfall));
    else if (p.goal.freePort > 0 && p.steps.size() == 1)
        text = tr("Ending 1 process frees port %1 (and %2); expected loss %3.")
                   .arg(p.goal.freePort)
                   .arg(reliefBytes(p.freesBytes), localNumber(p.expectedLoss, 1));
    else if (p.goal.freePort > 0)
        text = tr("Ending %1 processes frees port %2 (and %3); expected loss %4.")
                   .arg(p.steps.size())
                   .arg(p.goal.freePort)
                   .arg(reliefBytes(p.freesBytes), localNumber(p.expectedLoss, 1));
    else
        text = tr("Ending %1 processes frees %2 (goal %3); expected loss %4.")
                   .arg(p.steps.size())
                   .arg(reliefBytes(p.freesBytes), reliefBytes(p.goal.freeBytes))
                   .arg(localNumber(p.expectedLoss, 1));
    // Where a group is the culprit (a session whose owner is gone), it is named as one, as the tray does.
    std::vector<std::pair<int, std::vector<int>>> culprits;
    for (const ReliefStep &step : p.steps)
        culprits.emplace_back(step.index, step.tree);
    for (const GroupCulprit &g : groupCulprits(r, culprits))
        text += QLatin1Char('\n') + tr("Leftovers: %1.").arg(qs(g.phrase));
    m_summary->setText(text);
    // One group per reason, largest first; the processes under it.
    std::map<QString, QStringList> byReason;
    for (const auto &[index, gate] : p.excluded) {
        const Sample &s = r.process(index).sample();
        byReason[qs(gate)]
            << tr("%1 (pid %2), %3").arg(processName(r.process(index))).arg(s.id.pid).arg(reliefBytes(s.rssBytes));
    }
    std::vector<std::pair<QString, QStringList>> groups(byReason.begin(), byReason.end());
    std::stable_sort(
        groups.begin(), groups.end(), [](const auto &a, const auto &b) { return a.second.size() > b.second.size(); });
    m_excluded->clear();
    for (const auto &[reason, processes] : groups) {
        auto *group = new QTreeWidgetItem(m_excluded, {tr("%1 (%2)").arg(reason).arg(processes.size())});
        for (const QString &line : processes)
            new QTreeWidgetItem(group, {line});
    }
    m_excludedToggle->setText(p.excluded.size() == 1 ? tr("Left out: 1 process, and why")
                                                     : tr("Left out: %1 processes, and why").arg(p.excluded.size()));
    m_excludedToggle->setVisible(!p.excluded.empty());
    m_excluded->setVisible(!p.excluded.empty() && m_excludedToggle->isChecked());
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
