#include "window/TableSide.h"

#include "look/ThemeIcon.h"
#include "table/OrderHold.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "table/ProcessTableView.h"
#include "widgets/ElidedTextDelegate.h"
#include "window/SummaryBar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace ptriage {

TableSide::TableSide(ProcessTableModel &model, QWidget *parent)
    : QWidget(parent),
      m_filter(new ProcessFilterModel(this)),
      m_table(new ProcessTableView(this)),
      m_search(new QLineEdit(this)),
      m_scope(new QComboBox(this)),
      m_candidatesOnly(new QCheckBox(tr("Candidates only"), this)),
      m_onlyBar(new QWidget(this)),
      m_onlyLabel(new QLabel(m_onlyBar)),
      m_summary(new SummaryBar(this))
{
    m_filter->setSourceModel(&model);
    m_table->setModel(m_filter);
    new OrderHold(m_table, m_filter); // rows stay put under the pointer
    // A few thousand texts: a re-ranking moves the same texts to other rows, and every one is
    // painted from its kept layout.
    m_table->setItemDelegate(new ElidedTextDelegate(m_table, 4096));
    m_table->setSortingEnabled(true);
    m_table->setUniformRowHeights(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection); // act on several at once
    m_table->setRootIsDecorated(false);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->header()->setSectionsMovable(true);
    m_table->header()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->sortByColumn(model.columns().defaultSortColumn(), model.columns().defaultSortOrder());
    // What to do about which process and why, until the person's own choice (the header's menu, View).
    const ProcessColumns &columns = model.columns();
    for (int c = 0; c < columns.count(); ++c)
        m_table->header()->setSectionHidden(c, !columns.shownByDefault(c));
    m_table->header()->resizeSection(columns.indexOf(u"command"), 230);
    m_table->header()->resizeSection(columns.indexOf(u"action"), 150);
    for (const char16_t *number : {u"memory", u"cpu", u"age"})
        m_table->header()->resizeSection(columns.indexOf(QStringView(number)), 72);

    m_search->setPlaceholderText(tr("Filter: command, user, PID or :PORT (several words: all must match)"));
    m_search->setClearButtonEnabled(true);
    m_search->addAction(themeIcon(QStringLiteral("edit-find")), QLineEdit::LeadingPosition);
    m_scope->addItem(tr("All users"), QVariant::fromValue(ProcessFilterModel::Scope::AllUsers));
    m_scope->addItem(tr("Mine"), QVariant::fromValue(ProcessFilterModel::Scope::Mine));
    m_scope->addItem(tr("System"), QVariant::fromValue(ProcessFilterModel::Scope::System));
    connect(m_search, &QLineEdit::textChanged, m_filter, &ProcessFilterModel::setFilterText);
    connect(m_scope, &QComboBox::currentIndexChanged, this,
        [this] { m_filter->setScope(m_scope->currentData().value<ProcessFilterModel::Scope>()); });
    connect(m_candidatesOnly, &QCheckBox::toggled, m_filter, &ProcessFilterModel::setCandidatesOnly);
    connect(m_candidatesOnly, &QCheckBox::toggled, m_summary, &SummaryBar::setShowingCandidatesOnly);
    connect(m_summary, &SummaryBar::showCandidatesOnly, m_candidatesOnly, &QCheckBox::setChecked);
    connect(new QShortcut(QKeySequence::Find, this), &QShortcut::activated, this, [this] {
        m_search->setFocus(Qt::ShortcutFocusReason);
        m_search->selectAll();
    });
    connect(new QShortcut(QKeySequence(Qt::Key_Slash), m_table), &QShortcut::activated, this,
        [this] { m_search->setFocus(Qt::ShortcutFocusReason); });
    // Down from the filter goes on to what it found, as in a browser's or a file manager's search.
    auto *toList = new QShortcut(QKeySequence(Qt::Key_Down), m_search);
    toList->setContext(Qt::WidgetShortcut);
    connect(toList, &QShortcut::activated, this, [this] {
        if (m_filter->rowCount() == 0)
            return;
        if (!m_table->currentIndex().isValid())
            m_table->setCurrentIndex(m_filter->index(0, 0));
        m_table->setFocus(Qt::ShortcutFocusReason);
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    auto *filters = m_filters = new QHBoxLayout;
    filters->addWidget(m_search, 1);
    filters->addWidget(m_scope);
    filters->addWidget(m_candidatesOnly);
    filters->addWidget(m_summary->minAgeChooser());
    layout->addLayout(filters);
    auto *onlyLayout = new QHBoxLayout(m_onlyBar);
    onlyLayout->setContentsMargins(4, 0, 4, 0);
    auto *showAll = new QPushButton(tr("Show all"), m_onlyBar);
    onlyLayout->addWidget(m_onlyLabel, 1);
    onlyLayout->addWidget(showAll);
    m_onlyBar->hide();
    connect(showAll, &QPushButton::clicked, this, [this] { showOnly({}); });
    layout->addWidget(m_onlyBar);
    layout->addWidget(m_table, 1);
}

void TableSide::setMachineChooser(QWidget *chooser)
{
    m_filters->insertWidget(0, chooser);
}

void TableSide::showOnly(const std::vector<ProcessIdentity> &ids)
{
    QStringList only;
    for (const ProcessIdentity &id : ids)
        only << id.toQString();
    m_filter->setOnly(only);
    m_onlyLabel->setText(tr("Showing only the processes named in the alert: %1.").arg(ids.size()));
    m_onlyBar->setVisible(!only.isEmpty());
}

} // namespace ptriage
