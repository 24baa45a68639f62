#include "acting/ActionDialog.h"

#include "act/ActionController.h"
#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "util/Format.h"
#include "widgets/ReadOnlyTable.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QScrollBar>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>
#include <unistd.h>

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

// Whose process, when it is not the person's own: "root (the system)", "alice (another user)".
QString otherOwner(const TriageResult &r, std::size_t i)
{
    const Sample &s = r.snapshot->processes[i];
    if (!s.uid || *s.uid == ::getuid())
        return {};
    const QString user = qs(r.facts[i].user);
    return *s.uid == 0 ? ActionDialog::tr("%1 (the system)").arg(user)
                       : ActionDialog::tr("%1 (another user)").arg(user);
}

// A left-out member's own verdict and why it is left out ("freeze — left out: in use: …"), the verdict
// said once when the reason already names it.
QString leftOutVerdict(const QString &verdict, const QString &why)
{
    return why.contains(verdict) ? ActionDialog::tr("left out: %1").arg(why)
                                 : ActionDialog::tr("%1 — left out: %2").arg(verdict, why);
}

// A group member's identity as a person reads it: "4242 · started 16:31:02" (the tooltip has start_id).
QString memberIdentity(const TriageResult &r, std::size_t i)
{
    const auto startedMs = r.snapshot->capturedAtMs - static_cast<std::int64_t>(r.facts[i].ageSeconds * 1000);
    return ActionDialog::tr("%1 · started %2")
        .arg(r.snapshot->processes[i].id.pid)
        .arg(QDateTime::fromMSecsSinceEpoch(startedMs).toString(QStringLiteral("HH:mm:ss")));
}

} // namespace

QString ActionDialog::buttonLabel(ActVerb verb, int count)
{
    QString word;
    switch (verb) {
    case ActVerb::End:
        word = tr("End");
        break;
    case ActVerb::Kill:
        word = tr("Kill");
        break;
    case ActVerb::Reap:
        word = tr("Ask the parent");
        break;
    case ActVerb::Signal:
        word = tr("Send the signal");
        break;
    default:
        word = verbLabel(verb);
    }
    return count == 1 ? tr("%1 1 process").arg(word) : tr("%1 %2 processes").arg(word).arg(count);
}

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

ActionDialog::ActionDialog(
    const ActRequest &request, std::shared_ptr<const TriageResult> context, QWidget *parent, const GroupMembers *group)
    : QDialog(parent),
      m_allowed(request),
      m_table(makeReadOnlyTable({tr("PID"), tr("Command"), tr("Class"), tr("Memory"), tr("Risk"), tr("Would affect"),
                                    tr("ptriage recommends"), tr("Owner")},
          this)),
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
    int recommended = 0;
    QStringList others; // owners that are not the person
    QStringList notes;
    const auto wanted = recommendedActionOf(request.verb);
    // The rows: the targets; for a group every member in its order, each left-out one with its reason.
    std::vector<std::pair<ProcessIdentity, std::optional<QString>>> listed;
    if (group) {
        for (const ProcessIdentity &id : group->members) {
            const auto left = std::find_if(
                group->leftOut.begin(), group->leftOut.end(), [&](const auto &l) { return l.first == id; });
            if (left != group->leftOut.end())
                listed.emplace_back(id, left->second);
            else if (std::find(request.targets.begin(), request.targets.end(), id) != request.targets.end())
                listed.emplace_back(id, std::nullopt);
        }
    } else {
        for (const ProcessIdentity &id : request.targets)
            listed.emplace_back(id, std::nullopt);
    }
    for (auto [id, leftOut] : listed) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const Sample *s = r.snapshot->byIdentity(id);
        if (leftOut && s) {
            // Shown, greyed, unchecked and never a target: no way to include it from here.
            const auto i = static_cast<std::size_t>(s - r.snapshot->processes.data());
            const QStringList cells
                = {memberIdentity(r, i), commandLineOf(*s), ClassStyle::label(r.posteriors[i].classification),
                    localBytes(static_cast<double>(s->rssBytes)), EngineLabels::risk(r.blast[i].risk), blastText(r, i),
                    leftOutVerdict(EngineLabels::recommendation(r.recommendations[i]), *leftOut),
                    otherOwner(r, i).isEmpty() ? tr("you") : otherOwner(r, i)};
            for (int c = 0; c < static_cast<int>(cells.size()); ++c) {
                auto *cell = readOnlyCell(cells.at(c));
                cell->setFlags(Qt::NoItemFlags);
                if (c == 0) {
                    cell->setCheckState(Qt::Unchecked);
                    cell->setToolTip(tr("Identity %1: left out, not ended").arg(s->id.toQString()));
                }
                m_table->setItem(row, c, cell);
            }
            ++m_leftOut;
            continue;
        }
        if (leftOut) { // gone since: nothing to leave out
            m_table->setItem(row, 0, readOnlyCell(QString::number(id.pid)));
            m_table->setItem(row, 1, readOnlyCell(tr("gone, or its PID now names another process — left alone")));
            ++m_leftOut;
            continue;
        }
        // A zombie cannot be ended: its parent can, and is what is offered.
        if (s && s->state == 'Z' && (request.verb == ActVerb::End || request.verb == ActVerb::Kill)) {
            if (const Sample *reaper = r.snapshot->byPid(s->ppid); reaper && reaper->id.pid > 1) {
                notes << tr("%1 (%2) is a zombie: it has exited and cannot be ended. Its parent %3 (%4) is "
                            "offered instead; ending the parent removes the zombie.")
                             .arg(processName(*s))
                             .arg(s->id.pid)
                             .arg(processName(*reaper))
                             .arg(reaper->id.pid);
                id = reaper->id;
                s = reaper;
            }
        }
        if (!s) {
            m_table->setItem(row, 0, readOnlyCell(QString::number(id.pid)));
            m_table->setItem(row, 1, readOnlyCell(tr("gone, or its PID now names another process — left alone")));
            ++m_blocked;
            continue;
        }
        const auto i = static_cast<std::size_t>(s - r.snapshot->processes.data());
        if (group) {
            // Checked: it will be ended (the mark cannot be changed here).
            auto *cell = readOnlyCell(memberIdentity(r, i));
            cell->setFlags(Qt::ItemIsEnabled);
            cell->setCheckState(Qt::Checked);
            cell->setToolTip(tr("Identity %1: will be ended").arg(s->id.toQString()));
            m_table->setItem(row, 0, cell);
        } else {
            m_table->setItem(row, 0, readOnlyCell(QString::number(id.pid)));
        }
        m_table->setItem(row, 1, readOnlyCell(commandLineOf(*s)));
        auto *cls = readOnlyCell(ClassStyle::label(r.posteriors[i].classification));
        cls->setIcon(ClassStyle::icon(r.posteriors[i].classification));
        m_table->setItem(row, 2, cls);
        m_table->setItem(row, 3, readOnlyCell(localBytes(static_cast<double>(s->rssBytes))));
        m_table->setItem(row, 4, readOnlyCell(EngineLabels::risk(r.blast[i].risk)));
        const Recommendation &rec = r.recommendations[i];
        QString says = QStringLiteral("\u2014");
        if (group) { // each member's own verdict: the group's plan ends only the ones whose verdict is to
            says = EngineLabels::recommendation(rec);
            ++recommended;
        } else if (wanted && rec.targetIndex == static_cast<int>(i) && rec.action == *wanted) {
            says = tr("this");
            ++recommended;
        } else if (wanted) {
            says = tr("not this: %1").arg(EngineLabels::recommendation(rec));
        }
        m_table->setItem(row, 6, readOnlyCell(says));
        const QString owner = otherOwner(r, i);
        m_table->setItem(row, 7, readOnlyCell(owner.isEmpty() ? tr("you") : owner));
        if (!owner.isEmpty() && !others.contains(owner))
            others << owner;
        const auto blocks = ActionController::hardBlocks(request, r, static_cast<int>(i));
        if (!blocks.empty()) {
            QStringList why;
            for (const auto &b : blocks)
                why << qs(b);
            auto *cell = readOnlyCell(tr("left alone: %1").arg(why.join(QStringLiteral("; "))));
            cell->setForeground(QColor(0xa0, 0x20, 0x20));
            m_table->setItem(row, 5, cell);
            ++m_blocked;
            if (group)
                m_table->item(row, 0)->setCheckState(Qt::Unchecked);
            continue;
        }
        m_table->setItem(row, 5, readOnlyCell(blastText(r, i)));
        if (r.blast[i].risk >= Risk::High)
            ++highRisk;
        affected += static_cast<int>(r.blast[i].affected.size());
        m_allowed.targets.push_back(id);
    }
    // What it would affect and what ptriage says next to the command; the whole of each readable.
    m_table->horizontalHeader()->moveSection(6, 2);
    m_table->horizontalHeader()->moveSection(7, 3);
    m_table->setWordWrap(true);
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(1, std::min(m_table->columnWidth(1), 240));
    m_table->setColumnWidth(5, std::min(m_table->columnWidth(5), 280));
    m_table->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    m_table->resizeRowsToContents();
    m_table->setMinimumWidth(1000);
    m_table->setFocusPolicy(Qt::NoFocus); // keyboard focus stays on Cancel

    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    const int n = static_cast<int>(m_allowed.targets.size());
    QStringList lines;
    if (group) {
        m_table->setHorizontalHeaderItem(0, new QTableWidgetItem(tr("PID, started")));
        m_table->setHorizontalHeaderItem(6, new QTableWidgetItem(tr("Its own verdict")));
        // The verdict and reason wrap rather than push memory and risk out of view.
        m_table->setColumnWidth(6, std::min(m_table->columnWidth(6), 300));
        m_table->resizeRowsToContents();
        // Every member in view, the left-out ones included (up to what fits a small screen).
        int rowsHeight = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth();
        for (int row = 0; row < m_table->rowCount(); ++row)
            rowsHeight += m_table->rowHeight(row);
        m_table->setMinimumHeight(std::min(rowsHeight + m_table->horizontalScrollBar()->sizeHint().height(), 420));
        QString what = tr("%1 (its owner: %2)").arg(group->origin, group->owner);
        if (!group->project.isEmpty())
            what = tr("%1 in %2").arg(what, group->project);
        setWindowTitle(tr("End this group's leftovers — confirm"));
        lines << tr("<b>End the leftovers of %1:</b> %2 of its %3 processes.")
                     .arg(what.toHtmlEscaped())
                     .arg(n)
                     .arg(group->members.size());
        const int left = m_leftOut + m_blocked;
        if (left > 0)
            lines << (left == 1 ? tr("1 is left out, greyed, with the reason: what is in use, protected or blocked "
                                     "is never ended from here.")
                                : tr("%1 are left out, greyed, each with the reason: what is in use, protected or "
                                     "blocked is never ended from here.")
                                      .arg(left));
    } else {
        lines << (n == 0 ? tr("None of these processes can get this action; nothing will be done.")
                : n == 1
                ? tr("%1: one process. Check what else would be affected before you go on.").arg(label)
                : tr("%1: %2 processes. Check what else would be affected before you go on.").arg(label).arg(n));
    }
    if (n > 0 && wanted) {
        if (recommended == n)
            lines << (n == 1 ? tr("<b>ptriage recommends this.</b>")
                             : tr("<b>ptriage recommends this for all of them.</b>"));
        else if (recommended == 0)
            lines << (n == 1 ? tr("<b>ptriage does not recommend this</b> (see what it recommends below): be sure.")
                             : tr("<b>ptriage recommends this for none of them</b> (see below): be sure."));
        else
            lines << tr("<b>ptriage recommends this for %1 of them</b>, not for the others (see below).")
                         .arg(recommended);
    }
    const QString host = QString::fromStdString(r.machine.hostName()); // empty: this machine
    if (!host.isEmpty()) {
        // Another machine: said first, in the title and the text, so nobody mistakes it for this one.
        setWindowTitle(tr("%1 — on %2").arg(windowTitle(), host));
        lines.prepend(tr("<b>On %1</b>, over ssh: ptriage there checks each process again before it acts, and "
                         "cannot ask for a password.")
                          .arg(host.toHtmlEscaped()));
    }
    if (!others.isEmpty() && !host.isEmpty())
        lines << tr("Not yours: %1. On %2 that needs a polkit rule there that allows it without a password, or acting "
                    "as its owner.")
                     .arg(others.join(QStringLiteral(", ")).toHtmlEscaped(), host.toHtmlEscaped());
    else if (!others.isEmpty())
        lines << tr("Not yours: %1. Acting on it needs an administrator's rights; the system will ask.")
                     .arg(others.join(QStringLiteral(", ")).toHtmlEscaped());
    for (const QString &note : std::as_const(notes))
        lines << note.toHtmlEscaped();
    intro->setTextFormat(Qt::RichText);
    intro->setText(lines.join(QStringLiteral("<br>")));
    m_understood->setText(tr("I understand that this may break other processes (%1 found) and the services that "
                             "depend on them: the risk is high.")
                              .arg(affected));
    m_understood->setVisible(highRisk > 0 && n > 0);
    m_act->setText(n == 0 ? label : buttonLabel(request.verb, n));
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
                // Renicing lowers a priority: never to the current value or above it.
                long now = -20;
                for (const ProcessIdentity &id : m_allowed.targets)
                    if (const Sample *t = r.snapshot->byIdentity(id))
                        now = std::max(now, t->nice);
                m_number->setRange(static_cast<int>(std::min(now + 1, 19L)), 19);
                m_number->setValue(lowerPriorityNice(now).value_or(19)); // as `ptriage act renice` does
                m_lowestAlready = now >= 19;
                row->addWidget(new QLabel(m_lowestAlready
                        ? tr("Already at the lowest priority (nice 19): renicing cannot lower it.")
                        : tr("Now nice %1. New nice value (up to 19, the lowest priority):").arg(now),
                    this));
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
    m_act->setEnabled(cpusOk && !m_lowestAlready && !m_allowed.targets.empty()
        && (!needsSecondConfirmation() || m_understood->isChecked()));
}

} // namespace ptriage
