#pragma once

#include "act/ActionRules.h"

#include <QObject>

#include <string>
#include <vector>

class QMenu;
class QPoint;
class QTreeView;

namespace ptriage {

class Desk;
class MainWindow;
class ProcessFilterModel;
class ProcessTableModel;
class WindowActions;

// The process table's menus: a process's context menu (what the engine's ActionRules offer in its
// state, the recommended action first and the default), an origin group's, the column chooser; and
// which of the Process menu's actions the selection may get. Decides nothing itself.
class ProcessMenus : public QObject {
    Q_OBJECT

public:
    ProcessMenus(MainWindow &window, Desk &desk, WindowActions &actions, ProcessTableModel &model,
        ProcessFilterModel &filter, QTreeView &table);

    // The context menu of process `resultIndex` of the result shown, for the selection it is in.
    void fillProcessMenu(QMenu *menu, int resultIndex);
    void fillGroupMenu(QMenu *menu, int group);
    // One checkable entry per column (the header's context menu, View → Columns).
    void fillColumnsMenu(QMenu *menu);
    // The Process menu's actions on the selected processes: on where some of them may get it, off
    // saying why not. `why`: why nothing may be done now (empty: something may).
    void updateVerbs(const std::vector<ProcessIdentity> &selected, const QString &why);
    // End this group's leftovers…: on for origin group `group` (-1: none) when its plan ends a member.
    void updateGroupEnd(int group, const QString &why);

private:
    void showContextMenu(const QPoint &pos);
    void chooseColumns(const QPoint &pos);
    // The offered actions of the selected processes of the result shown, each verb once, in the
    // order of the first that offers it.
    std::vector<OfferedAction> offeredFor(const std::vector<ProcessIdentity> &selected) const;
    int leftoversOf(int group) const; // how many members the group's End would end (0: none, or no group)

    MainWindow &m_window;
    Desk &m_desk;
    WindowActions &m_actions;
    ProcessTableModel &m_model;
    ProcessFilterModel &m_filter;
    QTreeView &m_table;
};

} // namespace ptriage
