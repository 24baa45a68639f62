#include "window/SelectionKeeper.h"

#include "desk/Desk.h"
#include "ports/PortsView.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "window/SidePanes.h"

#include <QItemSelectionModel>
#include <QTreeView>

namespace ptriage {

SelectionKeeper::SelectionKeeper(Desk &desk, ProcessTableModel &model, ProcessFilterModel &filter, QTreeView &table,
    SidePanes &panes, PortsView &ports, QObject *parent)
    : QObject(parent), m_desk(desk), m_model(model), m_filter(filter), m_table(table), m_panes(panes), m_ports(ports)
{
    QItemSelectionModel *selection = m_table.selectionModel();
    connect(selection, &QItemSelectionModel::currentRowChanged, this, &SelectionKeeper::showSelected);
    connect(selection, &QItemSelectionModel::selectionChanged, this, &SelectionKeeper::selectionChanged);
    // A filter that hides the chosen process: Qt moves the current index to a neighbour it did not
    // select. The panes follow the person's choice instead: nothing while it is hidden, it again once shown.
    connect(&m_filter, &ProcessFilterModel::filterAboutToChange, this, [this] { m_filtering = true; });
    connect(&m_filter, &ProcessFilterModel::filterChanged, this, &SelectionKeeper::followChosen);
    connect(&m_panes, &SidePanes::processActivated, this, &SelectionKeeper::select);
    connect(&m_ports, &PortsView::processActivated, this, &SelectionKeeper::select);
}

ProcessIdentity SelectionKeeper::selected() const
{
    return m_panes.selected();
}

std::vector<ProcessIdentity> SelectionKeeper::selectedIdentities() const
{
    std::vector<ProcessIdentity> out;
    for (const QModelIndex &row : m_table.selectionModel()->selectedRows())
        if (const auto id = row.data(IdentityRole).value<ProcessIdentity>(); id.isValid())
            out.push_back(id); // an origin group's row is no process
    return out;
}

int SelectionKeeper::currentGroup() const
{
    const auto result = m_model.result();
    if (!result || m_model.mode() != ProcessTableModel::Mode::Origin)
        return -1;
    const QModelIndex current = m_filter.mapToSource(m_table.selectionModel()->currentIndex());
    if (const int g = m_model.groupIndex(current); g >= 0)
        return g;
    const int i = m_model.resultIndex(current);
    return i >= 0 && i < static_cast<int>(result->groupOf.size()) ? result->process(i).groupIndex() : -1;
}

void SelectionKeeper::apply(std::shared_ptr<const PreparedRows> rows)
{
    const auto result = rows->result;
    const ProcessIdentity chosen = selected();
    // The selected process ended: nothing is current any more (its panes clear), rather than the
    // row Qt would move to when its row is removed.
    if (chosen.isValid() && !result->find(chosen))
        m_table.selectionModel()->clearCurrentIndex();
    m_applying = true;
    m_model.setPrepared(std::move(rows));
    m_applying = false;
    if (chosen.isValid()) {
        // Still there, but maybe not current (hidden by the filter now, or moved): follow it, or
        // select nothing.
        const QModelIndex proxy = m_filter.mapFromSource(m_model.indexOf(chosen));
        const QModelIndex current = m_table.currentIndex();
        if (!proxy.isValid())
            m_table.selectionModel()->clearCurrentIndex();
        else if (proxy.row() != current.row() || proxy.parent() != current.parent())
            select(chosen);
    }
    if (m_selectPid > 0) {
        if (const auto p = result->byPid(m_selectPid)) {
            select(p->identity());
            m_selectPid = 0;
        }
    }
    showSelected(); // the same identity, refreshed (or cleared if it is gone)
}

void SelectionKeeper::select(const ProcessIdentity &id)
{
    if (!id.isValid()) { // a row with no process (another user's listener): none is shown
        m_table.selectionModel()->clear();
        return;
    }
    const QModelIndex proxy = m_filter.mapFromSource(m_model.indexOf(id));
    if (!proxy.isValid())
        return;
    m_table.selectionModel()->setCurrentIndex(proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table.scrollTo(proxy);
}

void SelectionKeeper::followChosen()
{
    m_filtering = false;
    if (m_applying)
        return; // apply follows the selection itself
    const QModelIndex shown = m_chosen.isValid() ? m_filter.mapFromSource(m_model.indexOf(m_chosen)) : QModelIndex();
    const QModelIndex current = m_table.selectionModel()->currentIndex();
    if (shown.isValid()) {
        if (shown.row() != current.row() || shown.parent() != current.parent()
            || !m_table.selectionModel()->isSelected(shown))
            select(m_chosen);
    } else if (current.isValid()) {
        const ProcessIdentity keep = m_chosen; // still the choice: selected again when the filter shows it
        m_table.selectionModel()->clear();
        m_chosen = keep;
    }
    showSelected();
}

void SelectionKeeper::showSelected()
{
    if (m_applying || m_filtering)
        return; // shown once the result is applied, or the filter has settled
    const QModelIndex current = m_table.selectionModel()->currentIndex();
    const int i = current.isValid() ? m_model.resultIndex(m_filter.mapToSource(current)) : -1;
    const ProcessIdentity before = selected();
    if (i >= 0 || !m_chosen.isValid() || m_filter.mapFromSource(m_model.indexOf(m_chosen)).isValid())
        m_chosen = i >= 0 ? m_model.result()->identityOf(i) : ProcessIdentity();
    m_panes.showSelected(i >= 0 ? m_model.result() : nullptr, i);
    m_ports.followProcess(selected());
    // Fds, sockets and environment of the selected process only, read here: never for another machine's.
    const auto result = m_model.result();
    if (selected().isValid() && selected() != before && result && result->machine.isThis())
        m_desk.requestDeep(selected());
}

} // namespace ptriage
