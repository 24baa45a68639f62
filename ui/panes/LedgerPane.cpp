#include "panes/LedgerPane.h"

#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "table/ProcessColumns.h"
#include "util/Format.h"
#include "widgets/BitsDelegate.h"
#include "widgets/ClassBars.h"
#include "widgets/ElidedTextDelegate.h"
#include "widgets/PaneSection.h"
#include "widgets/ReadOnlyTable.h"
#include "widgets/SteadyLine.h"

#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace ptriage {
namespace {

QString describe(const TriageResult &r, int index)
{
    const Sample &s = r.process(index).sample();
    return QStringLiteral("%1 (%2)").arg(processName(r.process(index))).arg(s.id.pid);
}

} // namespace

LedgerPane::LedgerPane(const TriageConfig &config, QWidget *parent)
    : QWidget(parent),
      m_config(config),
      m_title(new QLabel(this)),
      m_subtitle(new QLabel(this)),
      m_facts(new SteadyLine(this)),
      m_bars(new ClassBars(this)),
      m_recommendation(new QLabel(this)),
      m_blocked(new QListWidget(this)),
      m_ledger(makeReadOnlyTable({tr("Evidence"), tr("Bits"), tr("Why")}, this)),
      m_losses(new QLabel(this)),
      m_links(new QLabel(this)),
      m_resources(new QListWidget(this)),
      m_hint(new QLabel(this))
{
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle->setWordWrap(true);
    m_recommendation->setWordWrap(true);
    m_links->setWordWrap(true);
    m_links->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QListWidget *list : {m_blocked, m_resources}) {
        list->setWordWrap(true);
        list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        list->setTextElideMode(Qt::ElideNone);
    }
    m_blocked->setMaximumHeight(fontMetrics().height() * 5);
    m_ledger->setItemDelegate(new ElidedTextDelegate(m_ledger));
    m_ledger->setItemDelegateForColumn(1, new BitsDelegate(8.0, m_ledger));
    m_ledger->setItemDelegateForColumn(2, new QStyledItemDelegate(m_ledger)); // wraps
    m_ledger->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_ledger->setColumnWidth(0, 150);
    m_ledger->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Fixed);
    m_ledger->setColumnWidth(1, 110);
    m_ledger->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_ledger->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Two lines a term, the same for every row: most sentences whole, the rest in the tooltip. Rows
    // measured to their text would lay the table out again whenever a sentence grows a line.
    m_ledger->setWordWrap(true);
    m_ledger->setTextElideMode(Qt::ElideRight);
    m_ledger->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_ledger->verticalHeader()->setDefaultSectionSize(m_ledger->fontMetrics().lineSpacing() * 2 + 6);
    m_losses->setWordWrap(true);
    m_resources->setMaximumHeight(fontMetrics().height() * 6);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_facts);
    m_hint->setWordWrap(true);
    m_hint->setText(tr("Select a process in the table to see why it got its verdict, term by term. Rows with a "
                       "bold action are the ones ptriage recommends acting on; \"review\" rows need a look first."));
    layout->addWidget(m_hint);
    auto *verdict = new PaneSection(tr("Posterior"), this);
    verdict->contents()->addWidget(m_bars);
    layout->addWidget(verdict);
    auto *recommendation = new PaneSection(tr("Recommendation"), this);
    recommendation->contents()->addWidget(m_recommendation);
    recommendation->contents()->addWidget(m_blocked);
    recommendation->contents()->addWidget(m_losses);
    m_losses->hide(); // the experts' numbers: the recommendation's tooltip, room for the ledger
    layout->addWidget(recommendation);
    auto *ledger = new PaneSection(tr("Evidence ledger"), this);
    ledger->contents()->addWidget(m_ledger);
    layout->addWidget(ledger, 1);
    auto *more = new PaneSection(tr("Links, files and sockets"), this);
    more->contents()->addWidget(m_links);
    more->contents()->addWidget(m_resources);
    layout->addWidget(more);
    m_sections = {m_facts, verdict, recommendation, ledger, more};
    m_emptySpace = new QWidget(this);
    layout->addWidget(m_emptySpace, 1);
    clear();
}

void LedgerPane::clear()
{
    m_result.reset();
    m_index = -1;
    m_identity = {};
    m_title->setText(tr("No process selected"));
    m_subtitle->clear();
    setSectionsVisible(false);
    m_facts->setText({});
    m_bars->clear();
    m_recommendation->clear();
    m_blocked->clear();
    m_blocked->hide();
    m_ledger->setRowCount(0);
    m_losses->clear();
    m_links->clear();
    m_resources->clear();
}

void LedgerPane::showProcess(std::shared_ptr<const TriageResult> result, int index)
{
    const TriageConfig &config = m_config;
    m_result = std::move(result);
    m_index = index;
    const TriageResult &r = *m_result;
    const ProcessView process = r.process(index);
    const Sample &s = process.sample();
    const ProcessFacts &f = process.facts();
    const Posterior &post = process.posterior();
    const Recommendation &rec = process.recommendation();
    const Category &cat = config.signatures.categories[static_cast<std::size_t>(f.category)];
    m_identity = process.identity();
    setSectionsVisible(true);

    QString command;
    if (s.details)
        for (const auto &a : s.details->cmdline)
            command += (command.isEmpty() ? QString() : QStringLiteral(" ")) + qs(a);
    m_title->setText(tr("%1 — pid %2").arg(processName(process)).arg(s.id.pid));
    m_subtitle->setText(command.left(400));
    // The age ticks at every refresh: on a line of its own that never lays the pane out again.
    m_facts->setText(tr("%1 old · %2 confidence · %3 · %4 · identity %5")
                         .arg(localDuration(f.ageSeconds), EngineLabels::confidence(post.confidence), qs(f.user),
                             cat.word().text(), m_identity.toQString()));
    m_bars->setPosterior(post.probability, post.classification);

    QString action = EngineLabels::recommendation(rec);
    if (rec.targetIndex >= 0 && rec.targetIndex != index)
        action = rec.parentAction != ParentAction::None
            ? tr("%1: %2").arg(action, describe(r, rec.targetIndex))
            : tr("%1 on its parent %2").arg(action, describe(r, rec.targetIndex));
    m_recommendation->setText(tr("<b>%1</b> — triage score %2 of 100; blast radius %3 (%4 processes affected)")
                                  .arg(action.toHtmlEscaped())
                                  .arg(rec.score)
                                  .arg(EngineLabels::risk(process.blast().risk))
                                  .arg(process.blast().affected.size())
        + (f.protectedReason.empty() ? QString() : tr("<br>Protected: %1").arg(qs(f.protectedReason).toHtmlEscaped()))
        + (rec.changed.empty() ? QString() : tr("<br>Changed: %1").arg(qs(rec.changed).toHtmlEscaped())));
    QStringList blocked;
    for (const auto &b : rec.blockedBy)
        blocked << qs(b);
    setListLines(m_blocked, blocked);
    m_blocked->setVisible(!rec.blockedBy.empty());

    const Ledger ledger = ledgerOf(process, config);
    // Cells are updated in place: a refresh repaints only what changed.
    if (m_ledger->rowCount() != static_cast<int>(ledger.size()))
        m_ledger->setRowCount(static_cast<int>(ledger.size()));
    const QString bitsHeader = tr("Bits: toward %1 (right) or %2 (left)")
                                   .arg(ClassStyle::label(post.classification), ClassStyle::label(post.reference));
    if (m_ledger->horizontalHeaderItem(1)->toolTip() != bitsHeader)
        m_ledger->horizontalHeaderItem(1)->setToolTip(bitsHeader);
    for (int row = 0; row < static_cast<int>(ledger.size()); ++row) {
        const EvidenceTerm &t = ledger[static_cast<std::size_t>(row)];
        setReadOnlyCell(m_ledger, row, 0,
            QStringLiteral("%1 (%2)").arg(EngineLabels::term(t.term), EngineLabels::strength(t.strength)));
        auto *bits = setReadOnlyCell(m_ledger, row, 1, localNumber(t.bits, 2));
        setCellData(bits, Qt::UserRole, t.bits);
        setCellData(bits, Qt::UserRole + 1, ClassStyle::color(post.classification));
        setCellData(bits, Qt::UserRole + 2, ClassStyle::color(post.reference));
        setCellData(
            bits, Qt::ToolTipRole, tr("%1 bits toward %2").arg(localNumber(t.bits, 2), ClassStyle::label(t.favors)));
        setReadOnlyCell(m_ledger, row, 2, qs(t.detail));
    }

    QStringList losses;
    for (int a = 0; a < kActionCount; ++a) {
        QString text = QStringLiteral("%1 %2")
                           .arg(EngineLabels::action(static_cast<RecommendedAction>(a)))
                           .arg(localNumber(rec.expectedLoss[static_cast<std::size_t>(a)], 2));
        if (!rec.allowed[static_cast<std::size_t>(a)])
            text += tr(" (blocked)");
        losses << (a == static_cast<int>(rec.action) ? QStringLiteral("<b>%1</b>").arg(text.toHtmlEscaped())
                                                     : text.toHtmlEscaped());
    }
    m_losses->setText(tr("Expected loss: %1").arg(losses.join(QStringLiteral(" · "))));
    if (m_recommendation->toolTip() != m_losses->text())
        m_recommendation->setToolTip(m_losses->text());

    QStringList links;
    if (f.wrapperIndex >= 0)
        links << tr("Wrapped by %1").arg(describe(r, f.wrapperIndex));
    if (f.workloadIndex >= 0)
        links << tr("Wrapper of the workload %1").arg(describe(r, f.workloadIndex));
    links << (f.supervisor.empty() ? tr("No supervisor") : tr("Supervisor: %1").arg(qs(f.supervisor)));
    m_links->setText(links.join(QStringLiteral(" · ")));
    fillResources(s, f, s.deep.get());
}

bool LedgerPane::showsWhereToStart() const
{
    return !m_hint->isHidden()
        && std::all_of(m_sections.begin(), m_sections.end(), [](const QWidget *w) { return w->isHidden(); });
}

void LedgerPane::setSectionsVisible(bool on)
{
    m_hint->setVisible(!on);
    m_emptySpace->setVisible(!on); // keeps the hint at the top
    for (QWidget *section : m_sections)
        section->setVisible(on);
}

void LedgerPane::showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep)
{
    if (!m_result || id != m_identity || !deep)
        return;
    const ProcessView process = m_result->process(m_index);
    fillResources(process.sample(), process.facts(), deep.get());
}

void LedgerPane::fillResources(const Sample &s, const ProcessFacts &f, const DeepDetails *deep)
{
    QStringList lines;
    for (const auto &l : f.listeners)
        lines << tr("listens on %1").arg(qs(l));
    for (const auto &c : f.criticalFiles)
        lines << tr("critical, open for writing: %1 — %2").arg(qs(c.path), qs(c.hint));
    for (const auto &l : f.lockedFiles)
        lines << tr("holds a lock on %1").arg(qs(l));
    for (const auto &l : f.heldLocks)
        lines << tr("holds %1 (%2), which it removes when it ends").arg(qs(l.path), qs(l.hint));
    if (deep) {
        for (const auto &of : deep->files)
            if (of.kind == FdKind::File)
                lines << tr("fd %1 %2 %3").arg(of.fd).arg(of.writable ? tr("writes") : tr("reads"), qs(of.target));
        if (!deep->partial.empty())
            lines << tr("not everything could be read: %1").arg(qs(deep->partial));
    } else if (s.fdCount >= 0) {
        lines << tr("%1 open files (details load when selected)").arg(s.fdCount);
    }
    setListLines(m_resources, lines);
    // As tall as its lines (up to six): an empty list takes no room from the ledger.
    const int height = m_resources->sizeHintForRow(0) * static_cast<int>(std::min<qsizetype>(lines.size(), 6))
        + 2 * m_resources->frameWidth();
    if (m_resources->maximumHeight() != std::max(height, 0) || m_resources->isHidden() != lines.isEmpty()) {
        m_resources->setFixedHeight(std::max(height, 0));
        m_resources->setVisible(!lines.isEmpty());
    }
}

QString LedgerPane::lossText() const
{
    return m_losses->text();
}

QString LedgerPane::factsText() const
{
    return m_facts->text();
}

QString LedgerPane::recommendationText() const
{
    return m_recommendation->text();
}

QStringList LedgerPane::blockedReasons() const
{
    QStringList out;
    for (int i = 0; i < m_blocked->count(); ++i)
        out << m_blocked->item(i)->text();
    return out;
}

QStringList LedgerPane::resourceLines() const
{
    QStringList out;
    for (int i = 0; i < m_resources->count(); ++i)
        out << m_resources->item(i)->text();
    return out;
}

} // namespace ptriage
