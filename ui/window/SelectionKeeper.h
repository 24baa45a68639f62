#pragma once

#include "table/rows/PreparedRows.h"

#include <QObject>

#include <memory>
#include <vector>

class QTreeView;

namespace ptriage {

class Desk;
class PortsView;
class ProcessFilterModel;
class ProcessTableModel;
class SidePanes;

// Keeps the table's selection on the process the person chose, by identity, across refreshes,
// view modes and filters (a filter that hides it selects nothing, not a neighbour), and shows it:
// the panes, the Ports view's marked row, this machine's deep read. GUI thread.
class SelectionKeeper : public QObject {
    Q_OBJECT

public:
    SelectionKeeper(Desk &desk, ProcessTableModel &model, ProcessFilterModel &filter, QTreeView &table,
        SidePanes &panes, PortsView &ports, QObject *parent = nullptr);

    // Puts new rows into the table, the same identity selected (nothing when it ended).
    void apply(std::shared_ptr<const PreparedRows> rows);
    // Selects this process and scrolls to it, when the table shows it.
    void select(const ProcessIdentity &id);
    // Selects the process with this PID once a result has it (for --select).
    void selectPidWhenSeen(int pid) { m_selectPid = pid; }
    ProcessIdentity selected() const; // the process the panes show (invalid: none)
    std::vector<ProcessIdentity> selectedIdentities() const; // every selected row's process
    // The origin group of the current row (the group's row, or a member's); -1: none, or not By origin.
    int currentGroup() const;

Q_SIGNALS:
    void selectionChanged(); // the selected rows changed

private:
    void followChosen();
    void showSelected();

    Desk &m_desk;
    ProcessTableModel &m_model;
    ProcessFilterModel &m_filter;
    QTreeView &m_table;
    SidePanes &m_panes;
    PortsView &m_ports;
    int m_selectPid = 0;
    bool m_applying = false; // rows are moving: the current row is not the person's choice
    bool m_filtering = false; // the filter is changing the rows: likewise
    ProcessIdentity m_chosen; // the process the person chose, hidden by the filter or not
};

} // namespace ptriage
