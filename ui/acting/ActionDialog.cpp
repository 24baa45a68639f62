#include "acting/ActionDialog.h"

#include "act/ActionRules.h"
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

QString blastText(const ProcessView &p)
{
    const BlastRadius &b = p.blast();
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
QString otherOwner(const ProcessView &p)
{
    const Sample &s = p.sample();
    if (!s.uid || *s.uid == ::getuid())
        return {};
    const QString user = qs(p.facts().user);
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
QString memberIdentity(const ProcessView &p)
{
    const TriageResult &r = p.result();
    const auto startedMs = r.snapshot->capturedAtMs - static_cast<std::int64_t>(p.facts().ageSeconds * 1000);
    return ActionDialog::tr("%1 · started %2")
        .arg(p.identity().pid)
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
    const TriageResult &r = *context;
    // What the request becomes is the engine's (ActionRules): a zombie's parent, blocked targets out.
    const VettedRequest vetted = vetRequest(request, r);
    m_allowed = vetted.request;
    Tally tally;
    if (group) {
        // Every member in its order: a target as vetted, a member the plan leaves out with its reason.
        for (const ProcessIdentity &id : group->members) {
            const auto left = std::find_if(
                group->leftOut.begin(), group->leftOut.end(), [&](const auto &l) { return l.first == id; });
            const auto asked = std::find_if(
                vetted.targets.begin(), vetted.targets.end(), [&](const VettedTarget &t) { return t.asked == id; });
            if (left != group->leftOut.end())
                addLeftOutRow(r, id, left->second);
            else if (asked != vetted.targets.end())
                addTargetRow(r, *asked, request.verb, true, tally);
        }
    } else {
        for (const VettedTarget &t : vetted.targets)
            addTargetRow(r, t, request.verb, false, tally);
    }
    layOutTable(group != nullptr);

    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);
    intro->setText(introLines(r, request, label, group, tally).join(QStringLiteral("<br>")));
    const int n = static_cast<int>(m_allowed.targets.size());
    m_understood->setText(tr("I understand that this may break other processes (%1 found) and the services that "
                             "depend on them: the risk is high.")
                              .arg(tally.affected));
    m_understood->setVisible(tally.highRisk > 0 && n > 0);
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
    if (QLayout *choice = choiceRow(r, request))
        layout->addLayout(choice);
    layout->addWidget(m_understood);
    layout->addWidget(buttons);
    updateButtons();
}

void ActionDialog::addLeftOutRow(const TriageResult &r, const ProcessIdentity &id, const QString &why)
{
    // Shown, greyed, unchecked and never a target: no way to include it from here.
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    ++m_leftOut;
    const auto found = r.find(id);
    if (!found) { // gone since: nothing to leave out
        m_table->setItem(row, 0, readOnlyCell(QString::number(id.pid)));
        m_table->setItem(row, 1, readOnlyCell(tr("gone, or its PID now names another process — left alone")));
        return;
    }
    const ProcessView &p = *found;
    const QStringList cells
        = {memberIdentity(p), commandLineOf(p.sample()), ClassStyle::label(p.posterior().classification),
            localBytes(static_cast<double>(p.sample().rssBytes)), EngineLabels::risk(p.blast().risk), blastText(p),
            leftOutVerdict(EngineLabels::recommendation(p.recommendation()), why),
            otherOwner(p).isEmpty() ? tr("you") : otherOwner(p)};
    for (int c = 0; c < static_cast<int>(cells.size()); ++c) {
        auto *cell = readOnlyCell(cells.at(c));
        cell->setFlags(Qt::NoItemFlags);
        if (c == 0) {
            cell->setCheckState(Qt::Unchecked);
            cell->setToolTip(tr("Identity %1: left out, not ended").arg(id.toQString()));
        }
        m_table->setItem(row, c, cell);
    }
}

void ActionDialog::addTargetRow(const TriageResult &r, const VettedTarget &t, ActVerb verb, bool inGroup, Tally &tally)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    if (!t.instead.empty())
        tally.notes << qs(t.instead);
    if (t.index < 0) {
        m_table->setItem(row, 0, readOnlyCell(QString::number(t.target.pid)));
        m_table->setItem(row, 1, readOnlyCell(tr("gone, or its PID now names another process — left alone")));
        ++m_blocked;
        return;
    }
    const ProcessView p = r.process(t.index);
    if (inGroup) {
        // Checked: it will be ended (the mark cannot be changed here).
        auto *cell = readOnlyCell(memberIdentity(p));
        cell->setFlags(Qt::ItemIsEnabled);
        cell->setCheckState(t.goes() ? Qt::Checked : Qt::Unchecked);
        cell->setToolTip(tr("Identity %1: will be ended").arg(p.identity().toQString()));
        m_table->setItem(row, 0, cell);
    } else {
        m_table->setItem(row, 0, readOnlyCell(QString::number(p.identity().pid)));
    }
    m_table->setItem(row, 1, readOnlyCell(commandLineOf(p.sample())));
    auto *cls = readOnlyCell(ClassStyle::label(p.posterior().classification));
    cls->setIcon(ClassStyle::icon(p.posterior().classification));
    m_table->setItem(row, 2, cls);
    m_table->setItem(row, 3, readOnlyCell(localBytes(static_cast<double>(p.sample().rssBytes))));
    m_table->setItem(row, 4, readOnlyCell(EngineLabels::risk(p.blast().risk)));
    const Recommendation &rec = p.recommendation();
    const auto wanted = recommendedActionOf(verb);
    QString says = QStringLiteral("\u2014");
    if (inGroup) { // each member's own verdict: the group's plan ends only the ones whose verdict is to
        says = EngineLabels::recommendation(rec);
        ++tally.recommended;
    } else if (wanted && rec.targetIndex == t.index && rec.action == *wanted) {
        says = tr("this");
        ++tally.recommended;
    } else if (wanted) {
        says = tr("not this: %1").arg(EngineLabels::recommendation(rec));
    }
    m_table->setItem(row, 6, readOnlyCell(says));
    const QString owner = otherOwner(p);
    m_table->setItem(row, 7, readOnlyCell(owner.isEmpty() ? tr("you") : owner));
    if (!owner.isEmpty() && !tally.others.contains(owner))
        tally.others << owner;
    if (!t.blocks.empty()) {
        QStringList why;
        for (const auto &b : t.blocks)
            why << qs(b);
        auto *cell = readOnlyCell(tr("left alone: %1").arg(why.join(QStringLiteral("; "))));
        cell->setForeground(QColor(0xa0, 0x20, 0x20));
        m_table->setItem(row, 5, cell);
        ++m_blocked;
        return;
    }
    m_table->setItem(row, 5, readOnlyCell(blastText(p)));
    if (p.blast().risk >= Risk::High)
        ++tally.highRisk;
    tally.affected += static_cast<int>(p.blast().affected.size());
}

void ActionDialog::layOutTable(bool group)
{
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
    if (!group)
        return;
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
}

QStringList ActionDialog::introLines(const TriageResult &r, const ActRequest &request, const QString &label,
    const GroupMembers *group, const Tally &tally)
{
    const int n = static_cast<int>(m_allowed.targets.size());
    QStringList lines;
    if (group) {
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
    if (n > 0 && recommendedActionOf(request.verb)) {
        if (tally.recommended == n)
            lines << (n == 1 ? tr("<b>ptriage recommends this.</b>")
                             : tr("<b>ptriage recommends this for all of them.</b>"));
        else if (tally.recommended == 0)
            lines << (n == 1 ? tr("<b>ptriage does not recommend this</b> (see what it recommends below): be sure.")
                             : tr("<b>ptriage recommends this for none of them</b> (see below): be sure."));
        else
            lines << tr("<b>ptriage recommends this for %1 of them</b>, not for the others (see below).")
                         .arg(tally.recommended);
    }
    const QString host = QString::fromStdString(r.machine.hostName()); // empty: this machine
    if (!host.isEmpty()) {
        // Another machine: said first, in the title and the text, so nobody mistakes it for this one.
        setWindowTitle(tr("%1 — on %2").arg(windowTitle(), host));
        lines.prepend(tr("<b>On %1</b>, over ssh: ptriage there checks each process again before it acts, and "
                         "cannot ask for a password.")
                          .arg(host.toHtmlEscaped()));
    }
    const QString others = tally.others.join(QStringLiteral(", ")).toHtmlEscaped();
    if (!others.isEmpty() && !host.isEmpty())
        lines << tr("Not yours: %1. On %2 that needs a polkit rule there that allows it without a password, or acting "
                    "as its owner.")
                     .arg(others, host.toHtmlEscaped());
    else if (!others.isEmpty())
        lines << tr("Not yours: %1. Acting on it needs an administrator's rights; the system will ask.").arg(others);
    for (const QString &note : tally.notes)
        lines << note.toHtmlEscaped();
    return lines;
}

QLayout *ActionDialog::choiceRow(const TriageResult &r, const ActRequest &request)
{
    if (request.verb != ActVerb::Renice && request.verb != ActVerb::Throttle && request.verb != ActVerb::Quarantine)
        return nullptr;
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
                if (const auto p = r.find(id))
                    now = std::max(now, p->nice());
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
    return row;
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
