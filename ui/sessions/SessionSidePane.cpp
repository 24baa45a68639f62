#include "sessions/SessionSidePane.h"

#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "util/Format.h"
#include "widgets/ClassBars.h"

#include <QDateTime>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cmath>

namespace ptriage {

SessionSidePane::SessionSidePane(QWidget *parent)
    : QWidget(parent),
      m_summary(new QLabel(this)),
      m_end(new QPushButton(tr("&End…"), this)),
      m_spare(new QPushButton(tr("&Spare"), this))
{
    m_sides[0] = makeSide();
    m_sides[1] = makeSide();
    m_summary->setWordWrap(true);
    m_end->setToolTip(tr("End this process (TERM, then KILL), after the usual confirmation"));
    m_spare->setToolTip(tr("Mark processes like this one as useful: ptriage learns from it"));
    auto *sides = new QHBoxLayout;
    sides->addWidget(m_sides[0].box);
    sides->addWidget(m_sides[1].box);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_spare);
    buttons->addWidget(m_end);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addLayout(sides, 1);
    layout->addLayout(buttons);
    connect(m_end, &QPushButton::clicked, this, [this] { Q_EMIT actRequested(m_identity, ActVerb::End); });
    connect(m_spare, &QPushButton::clicked, this, [this] { Q_EMIT spareRequested(m_identity, m_argv); });
    clear();
}

SessionSidePane::Side SessionSidePane::makeSide()
{
    Side s;
    s.box = new QGroupBox(this);
    s.bars = new ClassBars(s.box);
    s.text = new QLabel(s.box);
    s.text->setWordWrap(true);
    s.text->setTextFormat(Qt::PlainText);
    s.text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    s.text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The text scrolls: a long side must not grow the Sessions window past a 1366×768 screen.
    auto *scroll = new QScrollArea(s.box);
    scroll->setWidget(s.text);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *l = new QVBoxLayout(s.box);
    l->addWidget(s.bars);
    l->addWidget(scroll, 1);
    return s;
}

void SessionSidePane::fill(Side &side, const SessionProcess *p, const QString &title)
{
    side.box->setTitle(title);
    if (!p) {
        side.bars->clear();
        side.text->setText(tr("Not running then."));
        return;
    }
    side.bars->setPosterior(p->posterior, p->classification);
    QStringList lines;
    lines << tr("Class: %1").arg(ClassStyle::label(p->classification));
    lines << tr("Recommendation: %1 (score %2)").arg(EngineLabels::recommendation(p->action, p->review)).arg(p->score);
    if (!p->gates.empty()) {
        QStringList gates;
        for (const std::string &g : p->gates)
            gates << qs(g);
        lines << tr("Not stronger because: %1").arg(gates.join(QStringLiteral("; ")));
    }
    lines << tr("PID %1, state %2%3")
                 .arg(p->pid)
                 .arg(QChar::fromLatin1(p->state))
                 .arg(p->orphaned ? tr(", orphaned (its parent is gone)") : QString());
    lines << tr("Age: %1").arg(localDuration(p->ageSeconds));
    lines << tr("Memory: %1").arg(localBytes(static_cast<double>(p->rssBytes)));
    if (p->cpuShare)
        lines << tr("CPU: %1").arg(localPercent(*p->cpuShare));
    if (!p->user.empty())
        lines << tr("User: %1").arg(qs(p->user));
    if (!p->cwd.empty())
        lines << tr("Working directory: %1").arg(qs(p->cwd));
    lines << tr("Command: %1").arg(qs(p->commandLine().empty() ? p->comm : p->commandLine()));
    const auto &ledger = p->ledger;
    if (!ledger.empty()) {
        lines << QString() << tr("Evidence (bits toward a class):");
        for (const SavedTerm &t : ledger)
            lines << tr("  %1: %2 toward %3")
                         .arg(EngineLabels::term(t.term))
                         .arg(localNumber(std::abs(t.bits), 1)) // the sign is which class; favors says it
                         .arg(ClassStyle::label(t.favors));
    }
    side.text->setText(lines.join(QLatin1Char('\n')));
}

void SessionSidePane::showEntry(const DiffEntry &entry, const SessionInfo &before, const SessionInfo &after, bool live)
{
    auto when = [](const SessionInfo &s) {
        return s.id == 0 ? tr("Now") : QLocale().toString(QDateTime::fromMSecsSinceEpoch(s.atMs), QLocale::ShortFormat);
    };
    fill(m_sides[0], entry.before, tr("Then: %1").arg(when(before)));
    fill(m_sides[1], entry.after, after.id == 0 ? tr("Now") : tr("Later: %1").arg(when(after)));
    m_summary->setText(EngineLabels::transition(entry.transition));
    m_identity = entry.identity;
    const SessionProcess *p = entry.after ? entry.after : entry.before;
    m_argv = p ? p->argv : std::vector<std::string>{};
    const bool canAct = live && entry.identity.isValid();
    m_end->setEnabled(canAct);
    // A host's session (scan --host --save): its command lines are its word, never a lesson here.
    const bool here = before.sshHost.empty() && after.sshHost.empty();
    m_spare->setEnabled((entry.after || entry.before) && here);
    m_spare->setToolTip(here
            ? tr("Mark processes like this one as useful: ptriage learns from it")
            : tr("ptriage learns from this machine's processes only, not from %1's")
                  .arg(QString::fromStdString(after.sshHost.empty() ? before.sshHost : after.sshHost)));
    m_end->setToolTip(canAct ? tr("End this process (TERM, then KILL), after the usual confirmation")
                             : tr("This process does not run any more (or not as the same process)."));
}

void SessionSidePane::clear()
{
    for (Side &s : m_sides) {
        s.box->setTitle(QString());
        s.bars->clear();
        s.text->clear();
    }
    m_summary->setText(tr("Select a row to see the process in both sessions."));
    m_identity = {};
    m_argv.clear();
    m_end->setEnabled(false);
    m_spare->setEnabled(false);
}

QString SessionSidePane::sideText(int side) const
{
    return m_sides[side == 0 ? 0 : 1].text->text();
}

} // namespace ptriage
