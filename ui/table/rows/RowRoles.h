#pragma once

#include "table/rows/PreparedRows.h"

#include <QIcon>

#include <array>
#include <unordered_map>
#include <vector>

namespace ptriage {

// What a prepared row answers for each role (ProcessRole and Qt's): its cells, class icon and
// colors, fonts, what ptriage did to it, its keys; and the header. The same in every model of the
// process table, which know only where their rows are. GUI thread.
class RowRoles {
    Q_DECLARE_TR_FUNCTIONS(RowRoles)
public:
    // `config` and `columns` must outlive this object.
    RowRoles(const TriageConfig &config, const ProcessColumns &columns);

    QVariant process(const PreparedRows &rows, int index, int column, int role) const; // process `index`
    QVariant group(const PreparedRows &rows, int group, int column, int role) const; // origin group `group`
    QVariant header(int section, Qt::Orientation orientation, int role) const;
    static QHash<int, QByteArray> roleNames(QHash<int, QByteArray> names); // Qt's, and ProcessRole's

    // What ptriage did to a process and has not undone ("frozen", "paused" …): shown in the State
    // column until undone or gone. Answers the processes whose mark changed.
    std::vector<ProcessIdentity> setMarks(std::unordered_map<ProcessIdentity, QString> marks);
    int stateColumn() const { return m_stateColumn; }

private:
    const TriageConfig &m_config;
    const ProcessColumns &m_columns;
    std::array<QIcon, kClassCount> m_icons;
    QIcon m_actIcon; // beside a recommended kill
    std::unordered_map<ProcessIdentity, QString> m_marks;
    int m_stateColumn = -1;
    int m_classColumn = -1;
    int m_actionColumn = -1;
    int m_commandColumn = -1;
};

} // namespace ptriage
