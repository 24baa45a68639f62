#include "window/menus/ProcessMenus.h"

#include "desk/Desk.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "window/MainWindow.h"
#include "window/menus/WindowActions.h"

#include <QHeaderView>
#include <QMenu>
#include <QTreeView>

#include <algorithm>

namespace ptriage {

ProcessMenus::ProcessMenus(MainWindow &window, Desk &desk, WindowActions &actions, ProcessTableModel &model,
    ProcessFilterModel &filter, QTreeView &table)
    : QObject(&window),
      m_window(window),
      m_desk(desk),
      m_actions(actions),
      m_model(model),
      m_filter(filter),
      m_table(table)
{
    connect(&m_table, &QWidget::customContextMenuRequested, this, &ProcessMenus::showContextMenu);
    connect(m_table.header(), &QWidget::customContextMenuRequested, this, &ProcessMenus::chooseColumns);
    connect(m_actions.columns, &QMenu::aboutToShow, this, [this] { fillColumnsMenu(m_actions.columns); });
}

std::vector<OfferedAction> ProcessMenus::offeredFor(const std::vector<ProcessIdentity> &selected) const
{
    std::vector<OfferedAction> out;
    const auto result = m_model.result();
    if (!result)
        return out;
    for (const ProcessIdentity &id : selected) {
        const auto process = result->find(id);
        if (!process)
            continue;
        for (OfferedAction &o : offeredActions(*process, actedOn(m_desk.undoable(), id, result->machine))) {
            const auto same = std::find_if(out.begin(), out.end(), [&](const auto &x) { return x.verb == o.verb; });
            if (same == out.end())
                out.push_back(std::move(o));
            else if (o.mayBeDone())
                same->blocks.clear(); // one of them may get it
        }
    }
    return out;
}

void ProcessMenus::updateVerbs(const std::vector<ProcessIdentity> &selected, const QString &why)
{
    const auto offered = offeredFor(selected);
    bool signals = false;
    if (const auto result = m_model.result())
        for (const ProcessIdentity &id : selected)
            if (const auto process = result->find(id))
                signals = signals || takesSignals(*process);
    for (QAction *a : std::as_const(m_actions.process)) {
        QString off = why;
        if (!a->data().isValid()) { // a signal of Send signal
            if (off.isEmpty() && !signals)
                off = tr("A zombie has ended already: no signal reaches it.");
        } else {
            const auto verb = static_cast<ActVerb>(a->data().toInt());
            const auto o = std::find_if(offered.begin(), offered.end(), [&](const auto &x) { return x.verb == verb; });
            if (off.isEmpty() && o == offered.end())
                off = tr("Not for the selected processes in their state.");
            else if (off.isEmpty() && !o->mayBeDone())
                off = tr("Refused: %1").arg(qs(o->blocks.front()));
        }
        a->setEnabled(off.isEmpty());
        a->setToolTip(off.isEmpty() ? a->text().remove(QLatin1Char('&')) : off);
        a->setStatusTip(off);
    }
    m_actions.signalMenu->setEnabled(why.isEmpty() && signals);
}

void ProcessMenus::updateGroupEnd(int group, const QString &why)
{
    QString off = why;
    if (off.isEmpty() && group < 0)
        off = tr("Select an origin group (View → By origin) first.");
    else if (off.isEmpty() && leftoversOf(group) == 0)
        off = tr("Nothing of this group would be ended: every member is in use, protected or blocked.");
    m_actions.endGroup->setEnabled(off.isEmpty());
    m_actions.endGroup->setStatusTip(off);
}

int ProcessMenus::leftoversOf(int group) const
{
    const auto rows = m_model.prepared();
    return group >= 0 && rows && static_cast<std::size_t>(group) < rows->groups.size()
        ? rows->groups[static_cast<std::size_t>(group)].leftovers
        : 0;
}

void ProcessMenus::showContextMenu(const QPoint &pos)
{
    const QModelIndex at = m_table.indexAt(pos);
    const int i = at.isValid() ? m_model.resultIndex(m_filter.mapToSource(at)) : -1;
    const int g = at.isValid() ? m_model.groupIndex(m_filter.mapToSource(at)) : -1;
    if (i < 0 && g < 0)
        return;
    QMenu menu(&m_window);
    if (g >= 0)
        fillGroupMenu(&menu, g);
    else
        fillProcessMenu(&menu, i);
    menu.exec(m_table.viewport()->mapToGlobal(pos));
}

void ProcessMenus::fillGroupMenu(QMenu *menu, int group)
{
    const auto rows = m_model.prepared();
    const GroupSummary &g = rows->groups[static_cast<std::size_t>(group)];
    menu->setToolTipsVisible(true);
    menu->addSection(g.leftovers == 1 ? tr("1 of %1 processes would be ended").arg(g.members)
                                      : tr("%1 of %2 processes would be ended").arg(g.leftovers).arg(g.members));
    QAction *end = menu->addAction(tr("End this group's leftovers…"));
    const std::string key = rows->result->group(group).key;
    connect(end, &QAction::triggered, &m_window, [this, key] { m_window.askToEndGroupOf(key); });
    end->setEnabled(g.leftovers > 0 && m_desk.actUnavailableReason().isEmpty());
    end->setToolTip(m_actions.endGroup->toolTip());
    menu->setDefaultAction(end);
}

void ProcessMenus::fillProcessMenu(QMenu *menu, int i)
{
    const auto result = m_model.result();
    const ProcessView process = result->process(i);
    menu->setToolTipsVisible(true);
    menu->addSection(tr("Recommended: %1").arg(EngineLabels::recommendation(process.recommendation())));
    // The clicked process's actions in its order, the recommended first; then what others selected may get.
    std::vector<ProcessIdentity> selected{process.identity()};
    for (const QModelIndex &row : m_table.selectionModel()->selectedRows())
        if (const auto id = row.data(IdentityRole).value<ProcessIdentity>(); id.isValid() && id != selected.front())
            selected.push_back(id);
    for (const OfferedAction &o : offeredFor(selected))
        if (QAction *a = m_actions.forVerb(o.verb)) {
            menu->addAction(a);
            if (o.recommended)
                menu->setDefaultAction(a);
        }
    if (takesSignals(process))
        menu->addMenu(m_actions.signalMenu);
    menu->addSeparator();
    if (m_actions.undo->isEnabled())
        menu->addAction(m_actions.undo);
    menu->addAction(m_actions.spare);
    // By origin, a member offers its group's End too.
    if (m_model.mode() == ProcessTableModel::Mode::Origin) {
        const std::string key = process.group().key;
        menu->addSeparator();
        QAction *end = menu->addAction(tr("End the leftovers of its group…"));
        connect(end, &QAction::triggered, &m_window, [this, key] { m_window.askToEndGroupOf(key); });
        end->setEnabled(leftoversOf(process.groupIndex()) > 0 && m_desk.actUnavailableReason().isEmpty());
    }
}

void ProcessMenus::fillColumnsMenu(QMenu *menu)
{
    // Which columns show; order and widths are dragged on the header, and all three are kept.
    menu->clear();
    QHeaderView *header = m_table.header();
    for (int c = 0; c < m_model.columnCount(); ++c) {
        QAction *a = menu->addAction(m_model.headerData(c, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(!header->isSectionHidden(c));
        a->setToolTip(m_model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
        a->setEnabled(c != m_model.columns().indexOf(QStringLiteral("command"))); // always one to read
        connect(a, &QAction::toggled, header, [header, c](bool shown) { header->setSectionHidden(c, !shown); });
    }
    menu->setToolTipsVisible(true);
}

void ProcessMenus::chooseColumns(const QPoint &pos)
{
    QMenu menu(&m_window);
    fillColumnsMenu(&menu);
    menu.exec(m_table.header()->mapToGlobal(pos));
}

} // namespace ptriage
