#include "sessions/SessionsWindow.h"

#include "acting/ActFlow.h"
#include "decide/Triage.h"
#include "desk/Desk.h"
#include "desk/SessionKeeper.h"
#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "sessions/SessionSidePane.h"
#include "sessions/SessionTimeline.h"
#include "sessions/TransitionModel.h"
#include "table/ProcessColumns.h"
#include "util/Format.h"
#include "widgets/ReadOnlyTable.h"
#include "widgets/ScreenFit.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ptriage {
namespace {

QString when(std::int64_t atMs)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(atMs), QLocale::ShortFormat);
}

QString listBytes(double b)
{
    return localBytes(b);
}

} // namespace

SessionsWindow::SessionsWindow(Desk &desk, QWidget *parent)
    : QWidget(parent, Qt::Window),
      m_desk(desk),
      m_keeper(desk.sessions()),
      m_list(makeReadOnlyTable({tr("Time"), tr("Host"), tr("Processes"), tr("Candidates"), tr("Memory")}, this)),
      m_timeline(new SessionTimeline(this)),
      m_heading(new QLabel(this)),
      m_tabs(new QTabWidget(this)),
      m_kind(new QComboBox(this)),
      m_transitionModel(new TransitionModel(this)),
      m_sorted(new QSortFilterProxyModel(this)),
      m_transitionView(new QTableView(this)),
      m_accumulation(makeReadOnlyTable({tr("Processes"), tr("Started by"), tr("Where"), tr("Count"),
                                           tr("Growth per hour"), tr("Memory"), tr("Oldest"), tr("Examples (PID)")},
          this)),
      m_side(new SessionSidePane(this))
{
    setWindowTitle(tr("ptriage — sessions"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setToolTip(tr("Pick one session to compare with now, or two to compare with each other"));
    m_list->horizontalHeader()->setStretchLastSection(false);
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_kind->addItem(tr("Every change"));
    for (int t = 0; t < kTransitionCount; ++t)
        m_kind->addItem(EngineLabels::transition(static_cast<Transition>(t)), t);
    m_sorted->setSourceModel(m_transitionModel);
    m_sorted->setSortRole(SortRole);
    m_transitionView->setModel(m_sorted);
    m_transitionView->setSortingEnabled(true);
    m_transitionView->sortByColumn(TransitionModel::Recommendation, Qt::DescendingOrder); // by score: triage order
    m_transitionView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_transitionView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_transitionView->verticalHeader()->hide();
    m_transitionView->horizontalHeader()->setStretchLastSection(true);
    m_transitionView->setAlternatingRowColors(true);
    m_transitionView->setWordWrap(false);
    m_transitionView->horizontalHeader()->resizeSection(TransitionModel::Command, 340);
    m_accumulation->horizontalHeader()->resizeSection(0, 260);

    auto *transitions = new QWidget(this);
    auto *tl = new QVBoxLayout(transitions);
    tl->setContentsMargins(0, 0, 0, 0);
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(new QLabel(tr("Show:"), transitions));
    filterRow->addWidget(m_kind);
    filterRow->addStretch(1);
    tl->addLayout(filterRow);
    tl->addWidget(m_transitionView, 1);
    m_tabs->addTab(transitions, tr("Transitions"));
    m_tabs->addTab(m_accumulation, tr("What keeps spawning these"));

    auto *save = new QPushButton(tr("Save a session now"), this);
    save->setToolTip(tr("Saves the current scan (Ctrl+S in the main window)"));
    auto *reloadButton = new QPushButton(tr("Reload"), this);
    auto *top = new QSplitter(Qt::Horizontal, this);
    auto *listBox = new QWidget(top);
    auto *ll = new QVBoxLayout(listBox);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(m_list, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(save);
    buttons->addWidget(reloadButton);
    buttons->addStretch(1);
    ll->addLayout(buttons);
    top->addWidget(listBox);
    top->addWidget(m_timeline);
    top->setStretchFactor(0, 2);
    top->setStretchFactor(1, 3);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_tabs);
    bottom->addWidget(m_side);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(top);
    vertical->addWidget(bottom);
    vertical->setSizes({300, 600});
    bottom->setSizes({640, 760}); // both sides of a process need room for their bars
    m_heading->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(vertical, 1);

    connect(&m_keeper, &SessionKeeper::listed, this, &SessionsWindow::showList);
    connect(&m_keeper, &SessionKeeper::compared, this, &SessionsWindow::showComparison);
    connect(&m_keeper, &SessionKeeper::saved, this, [this](long long id, const QString &, bool) {
        if (id != 0 && isVisible())
            reload();
    });
    connect(save, &QPushButton::clicked, &m_keeper, &SessionKeeper::saveNow);
    connect(reloadButton, &QPushButton::clicked, this, &SessionsWindow::reload);
    connect(m_list, &QTableWidget::itemSelectionChanged, this, &SessionsWindow::selectionChanged);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        const QVariant kind = m_kind->currentData();
        m_transitionModel->setKind(
            kind.isValid() ? std::optional(static_cast<Transition>(kind.toInt())) : std::nullopt);
        m_side->clear();
    });
    connect(m_transitionView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &SessionsWindow::showSelectedTransition);
    connect(m_side, &SessionSidePane::actRequested, this, [this](const ProcessIdentity &id, ActVerb verb) {
        ActRequest request;
        request.verb = verb;
        request.targets = {id};
        ActFlow::confirmAndAct(m_desk, request, this);
    });
    connect(m_side, &SessionSidePane::spareRequested, this,
        [this](const ProcessIdentity &id, const std::vector<std::string> &argv) {
            Decision d;
            d.vote = Decision::Vote::Spare;
            d.target = id;
            d.argv = argv;
            d.atMs = QDateTime::currentMSecsSinceEpoch();
            m_desk.spareCommands({d});
        });
    sizeToScreen(this, QSize(1400, 900));
}

void SessionsWindow::reload()
{
    m_heading->setText(tr("Reading the sessions…"));
    m_keeper.listSessions();
}

void SessionsWindow::compare(long long beforeId, long long afterId)
{
    m_wanted[0] = beforeId;
    m_wanted[1] = afterId;
    reload();
}

long long SessionsWindow::idAt(int row) const
{
    // Row 0 is now; then the saved sessions, newest first.
    return row <= 0 ? 0 : m_sessions[static_cast<std::size_t>(row - 1)].id;
}

void SessionsWindow::showList(const std::vector<SessionInfo> &sessions, const QString &error)
{
    m_sessions.assign(sessions.rbegin(), sessions.rend());
    const QSignalBlocker quiet(m_list);
    m_list->setRowCount(static_cast<int>(m_sessions.size()) + 1);
    m_list->setItem(0, 0, readOnlyCell(tr("Now (not saved)")));
    for (int c = 1; c < 5; ++c)
        m_list->setItem(0, c, readOnlyCell(QString()));
    for (std::size_t i = 0; i < m_sessions.size(); ++i) {
        const SessionInfo &s = m_sessions[i];
        const int row = static_cast<int>(i) + 1;
        m_list->setItem(row, 0, readOnlyCell(when(s.atMs)));
        m_list->setItem(row, 1, readOnlyCell(qs(s.host)));
        m_list->setItem(row, 2, readOnlyCell(QString::number(s.processCount)));
        m_list->setItem(row, 3, readOnlyCell(QString::number(s.candidateCount)));
        m_list->setItem(row, 4, readOnlyCell(listBytes(static_cast<double>(s.rssBytes))));
    }
    if (!error.isEmpty()) {
        m_heading->setText(tr("Cannot read the sessions: %1").arg(error));
        Q_EMIT comparisonShown();
        return;
    }
    if (m_sessions.empty()) {
        m_heading->setText(tr("No sessions saved yet. Ctrl+S in the main window saves the current scan, and "
                              "ptriage saves one every %1 minutes while it runs.")
                               .arg(m_keeper.autosaveMinutes()));
        m_transitionModel->setComparison(nullptr);
        m_accumulation->setRowCount(0);
        m_timeline->clear();
        m_side->clear();
        Q_EMIT comparisonShown();
        return;
    }
    // What to compare: what was asked for, else the latest saved session with now.
    auto rowOf = [this](long long id) {
        for (std::size_t i = 0; i < m_sessions.size(); ++i)
            if (m_sessions[i].id == id)
                return static_cast<int>(i) + 1;
        return id == 0 ? 0 : -1;
    };
    int rows[2] = {rowOf(m_wanted[0]), rowOf(m_wanted[1])};
    if (rows[0] <= 0 || rows[1] < 0) {
        rows[0] = 1;
        rows[1] = 0;
    }
    m_wanted[0] = m_wanted[1] = -1;
    m_list->clearSelection();
    for (int row : rows)
        m_list->selectionModel()->select(
            m_list->model()->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    selectionChanged();
}

void SessionsWindow::selectionChanged()
{
    std::vector<int> rows;
    for (const QModelIndex &r : m_list->selectionModel()->selectedRows())
        rows.push_back(r.row());
    std::sort(rows.begin(), rows.end());
    if (rows.empty() || (rows.size() == 1 && rows[0] == 0) || rows.size() > 2)
        return; // needs one saved session (with now) or two
    // Newest first in the list: the larger row is the older session.
    const long long before = idAt(rows.back());
    const long long after = rows.size() == 2 ? idAt(rows.front()) : 0;
    if (after == 0 && !m_keeper.hasLatest()) {
        m_heading->setText(tr("Waiting for the first scan to compare with…"));
        return;
    }
    m_keeper.setViewing(before, after);
    m_heading->setText(tr("Comparing…"));
    m_keeper.compare(before, after);
}

void SessionsWindow::showComparison(std::shared_ptr<const SessionComparison> comparison, const QString &error)
{
    m_side->clear();
    if (!comparison) {
        m_heading->setText(tr("Cannot compare: %1").arg(error));
        Q_EMIT comparisonShown();
        return;
    }
    m_comparison = std::move(comparison);
    const SessionComparison &c = *m_comparison;
    const QString to = c.after.info.id == 0 ? tr("now") : when(c.after.info.atMs);
    QStringList counts;
    for (int t = 0; t < kTransitionCount; ++t)
        if (t != static_cast<int>(Transition::Stable) && c.diff.counts[static_cast<std::size_t>(t)] > 0)
            counts << tr("%1 %2")
                          .arg(c.diff.counts[static_cast<std::size_t>(t)])
                          .arg(EngineLabels::transition(static_cast<Transition>(t)));
    QString heading = tr("%1 → %2 · saved sessions in this span: %3 · %4")
                          .arg(when(c.before.info.atMs), to)
                          .arg(c.sessionsBetween)
                          .arg(counts.isEmpty() ? tr("nothing changed") : counts.join(QStringLiteral(", ")));
    if (c.diff.crossBoot)
        heading += QLatin1Char('\n')
            + tr("The sessions are from different boots: processes are compared by command and origin only.");
    m_heading->setText(heading);
    m_timeline->showTimeline(c.timeline);
    m_transitionModel->setComparison(m_comparison);
    m_transitionView->resizeColumnsToContents(); // measures the first 1,000 rows, not all
    m_transitionView->horizontalHeader()->resizeSection(TransitionModel::Command, 300);
    showAccumulation();
    Q_EMIT comparisonShown();
}

void SessionsWindow::showAccumulation()
{
    const Accumulation &a = m_comparison->accumulation;
    // The origins that grew, or hold abandoned processes now: the rest is the machine as it is.
    std::vector<const AccumulationRow *> rows;
    for (const AccumulationRow &r : a.rows)
        if (r.growthPerHour > 0 || r.parentGone)
            rows.push_back(&r);
    m_accumulation->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const AccumulationRow &r = *rows[i];
        const int row = static_cast<int>(i);
        QStringList where;
        for (const std::string *s : {&r.origin.project, &r.origin.unit, &r.origin.terminal})
            if (!s->empty())
                where << qs(*s);
        QString parent = parentText(r.origin.parent).text();
        if (r.parentGone)
            parent = tr("%1 (gone)").arg(parent);
        const int first = r.counts.empty() ? 0 : r.counts.front();
        const int last = r.counts.empty() ? 0 : r.counts.back();
        QStringList examples;
        for (const ProcessIdentity &e : r.examples)
            examples << QString::number(e.pid);
        m_accumulation->setItem(row, 0, readOnlyCell(qs(r.origin.command)));
        m_accumulation->setItem(row, 1, readOnlyCell(parent));
        m_accumulation->setItem(row, 2, readOnlyCell(where.join(QStringLiteral(" · "))));
        m_accumulation->setItem(row, 3, readOnlyCell(tr("%1 → %2").arg(first).arg(last)));
        m_accumulation->setItem(row, 4,
            readOnlyCell(a.rateKnown() ? tr("%1/h").arg(localNumber(r.growthPerHour, 1)) : tr("span too short")));
        if (!a.rateKnown())
            m_accumulation->item(row, 4)->setToolTip(
                tr("A rate per hour needs sessions at least %1 apart; these span %2.")
                    .arg(
                        localDuration(Accumulation::kShortestRateSpanHours * 3600), localDuration(a.spanHours * 3600)));
        m_accumulation->setItem(row, 5, readOnlyCell(listBytes(static_cast<double>(r.rssBytes))));
        m_accumulation->setItem(row, 6,
            readOnlyCell(r.oldest.isValid() ? tr("%1 (PID %2)").arg(localDuration(r.oldestAgeSeconds)).arg(r.oldest.pid)
                                            : QString()));
        m_accumulation->setItem(row, 7, readOnlyCell(examples.join(QStringLiteral(", "))));
    }
}

void SessionsWindow::showSelectedTransition()
{
    const QModelIndex current = m_transitionView->selectionModel()->currentIndex();
    const DiffEntry *e = current.isValid() ? m_transitionModel->entry(m_sorted->mapToSource(current).row()) : nullptr;
    if (!e || !m_comparison) {
        m_side->clear();
        return;
    }
    const auto now = m_desk.current();
    const bool live = now && e->identity.isValid() && now->find(e->identity).has_value();
    m_side->showEntry(*e, m_comparison->before.info, m_comparison->after.info, live);
}

QString SessionsWindow::status() const
{
    return m_heading->text();
}

} // namespace ptriage
