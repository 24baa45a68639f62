#include "acting/ActionDialog.h"

#include "act/ActionController.h"
#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "util/Format.h"
#include "widgets/ReadOnlyTable.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

namespace ptriage {
namespace {

QString blastText(const TriageResult &r, std::size_t i)
{
    const BlastRadius &b = r.blast[i];
    if (b.affected.empty() && b.reasons.empty())
        return ActionDialog::tr("nothing else");
    QStringList parts;
    for (const auto &reason : b.reasons)
        parts << qs(reason);
    if (parts.isEmpty())
        parts << ActionDialog::tr("other processes: %1").arg(b.affected.size());
    return parts.join(QStringLiteral("; "));
}

} // namespace

QString ActionDialog::verbLabel(ActVerb verb)
{
    switch (verb) {
    case ActVerb::End:
        return tr("End (TERM, then KILL)");
    case ActVerb::Kill:
        return tr("Kill (KILL)");
    case ActVerb::Pause:
        return tr("Pause");
    case ActVerb::Resume:
        return tr("Resume");
    case ActVerb::Freeze:
        return tr("Freeze");
    case ActVerb::Thaw:
        return tr("Thaw");
    case ActVerb::Throttle:
        return tr("Throttle");
    case ActVerb::Unthrottle:
        return tr("Unthrottle");
    case ActVerb::Renice:
        return tr("Renice");
    case ActVerb::Quarantine:
        return tr("Quarantine");
    case ActVerb::Unquarantine:
        return tr("Release from quarantine");
    case ActVerb::Reap:
        return tr("Ask the parent to collect this zombie (SIGCHLD)");
    case ActVerb::Signal:
        break;
    }
    return tr("Send a signal");
}

ActionDialog::ActionDialog(const ActRequest &request, std::shared_ptr<const TriageResult> context, QWidget *parent)
    : QDialog(parent),
      m_allowed(request),
      m_table(makeReadOnlyTable(
          {tr("PID"), tr("Command"), tr("Class"), tr("Memory"), tr("Risk"), tr("Would affect")}, this)),
      m_understood(new QCheckBox(this)),
      m_act(new QPushButton(this)),
      m_cancel(new QPushButton(tr("Cancel"), this))
{
    const QString label = request.verb == ActVerb::Signal ? tr("Send SIG%1").arg(QString::fromStdString(request.signal))
                                                          : verbLabel(request.verb);
    setWindowTitle(tr("%1 — confirm").arg(label));
    m_allowed.targets.clear();
    const TriageResult &r = *context;
    int highRisk = 0;
    int affected = 0;
    for (const auto &id : request.targets) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const Sample *s = r.snapshot->byIdentity(id);
        if (!s) {
            m_table->setItem(row, 0, readOnlyCell(QString::number(id.pid)));
            m_table->setItem(row, 1, readOnlyCell(tr("gone, or its PID now names another process — left alone")));
            ++m_blocked;
            continue;
        }
        const auto i = static_cast<std::size_t>(s - r.snapshot->processes.data());
        m_table->setItem(row, 0, readOnlyCell(QString::number(id.pid)));
        m_table->setItem(row, 1, readOnlyCell(commandLineOf(*s)));
        auto *cls = readOnlyCell(ClassStyle::label(r.posteriors[i].classification));
        cls->setIcon(ClassStyle::icon(r.posteriors[i].classification));
        m_table->setItem(row, 2, cls);
        m_table->setItem(row, 3, readOnlyCell(localBytes(static_cast<double>(s->rssBytes))));
        m_table->setItem(row, 4, readOnlyCell(EngineLabels::risk(r.blast[i].risk)));
        const auto blocks = ActionController::hardBlocks(request, r, static_cast<int>(i));
        if (!blocks.empty()) {
            QStringList why;
            for (const auto &b : blocks)
                why << qs(b);
            auto *cell = readOnlyCell(tr("left alone: %1").arg(why.join(QStringLiteral("; "))));
            cell->setForeground(QColor(0xa0, 0x20, 0x20));
            m_table->setItem(row, 5, cell);
            ++m_blocked;
            continue;
        }
        m_table->setItem(row, 5, readOnlyCell(blastText(r, i)));
        if (r.blast[i].risk >= Risk::High)
            ++highRisk;
        affected += static_cast<int>(r.blast[i].affected.size());
        m_allowed.targets.push_back(id);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->setMinimumWidth(820);
    m_table->setFocusPolicy(Qt::NoFocus); // keyboard focus stays on Cancel

    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    const int n = static_cast<int>(m_allowed.targets.size());
    intro->setText(n == 0 ? tr("None of these processes can get this action; nothing will be done.")
            : n == 1      ? tr("%1: one process. Check what else would be affected before you go on.").arg(label)
                     : tr("%1: %2 processes. Check what else would be affected before you go on.").arg(label).arg(n));
    m_understood->setText(tr("I understand that this may break other processes (%1 found) and the services that "
                             "depend on them: the risk is high.")
                              .arg(affected));
    m_understood->setVisible(highRisk > 0 && n > 0);
    m_act->setText(n == 0 ? label : QStringLiteral("%1 (%2)").arg(label).arg(n));
    m_act->setAutoDefault(false);
    m_act->setDefault(false);
    m_cancel->setDefault(true); // Enter cancels
    m_cancel->setFocus();
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_act, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_cancel, QDialogButtonBox::RejectRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_understood, &QCheckBox::toggled, this, &ActionDialog::updateButtons);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    if (request.verb == ActVerb::Renice || request.verb == ActVerb::Throttle || request.verb == ActVerb::Quarantine) {
        auto *row = new QHBoxLayout;
        const int cpus = std::max(1, QThread::idealThreadCount());
        if (request.verb == ActVerb::Quarantine) {
            m_cpus = new QLineEdit(QString::number(cpus - 1), this);
            // Only CPU numbers this machine has, comma-separated.
            m_cpus->setValidator(new QRegularExpressionValidator(
                QRegularExpression(QStringLiteral("^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$")), m_cpus));
            row->addWidget(new QLabel(tr("Confine to CPUs (0–%1, comma-separated):").arg(cpus - 1), this));
            row->addWidget(m_cpus);
            connect(m_cpus, &QLineEdit::textChanged, this, &ActionDialog::updateButtons);
        } else {
            m_number = new QSpinBox(this);
            if (request.verb == ActVerb::Renice) {
                m_number->setRange(-20, 19);
                m_number->setValue(request.nice);
                row->addWidget(new QLabel(tr("Nice value (−20 highest priority … 19 lowest):"), this));
            } else {
                m_number->setRange(1, 100 * cpus);
                m_number->setValue(request.quotaPercent);
                m_number->setSuffix(QStringLiteral(" %"));
                row->addWidget(new QLabel(tr("CPU allowed (percent of one core):"), this));
            }
            row->addWidget(m_number);
        }
        row->addStretch(1);
        layout->addLayout(row);
    }
    layout->addWidget(m_understood);
    layout->addWidget(buttons);
    updateButtons();
}

bool ActionDialog::needsSecondConfirmation() const
{
    return !m_understood->isHidden();
}

ActRequest ActionDialog::request() const
{
    ActRequest r = m_allowed;
    if (m_number && r.verb == ActVerb::Renice)
        r.nice = m_number->value();
    if (m_number && r.verb == ActVerb::Throttle)
        r.quotaPercent = m_number->value();
    if (m_cpus) {
        r.cpus.clear();
        for (const QString &part : m_cpus->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
            r.cpus.push_back(part.trimmed().toInt());
    }
    return r;
}

void ActionDialog::updateButtons()
{
    bool cpusOk = true;
    if (m_cpus) {
        const int cpus = std::max(1, QThread::idealThreadCount());
        const auto parts = m_cpus->text().split(QLatin1Char(','), Qt::SkipEmptyParts);
        cpusOk = m_cpus->hasAcceptableInput() && !parts.isEmpty();
        for (const QString &part : parts)
            cpusOk = cpusOk && part.trimmed().toInt() < cpus;
    }
    m_act->setEnabled(
        cpusOk && !m_allowed.targets.empty() && (!needsSecondConfirmation() || m_understood->isChecked()));
}

} // namespace ptriage
