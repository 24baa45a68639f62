#pragma once

#include "table/ProcessTableModel.h"

#include <QPointer>
#include <QSortFilterProxyModel>
#include <QStringList>

namespace ptriage {

// Sorts and filters the process table (a ProcessTableModel or an OriginModel, whose rows it reads
// without roles: a refresh re-filters every row it changes). Sorting uses SortRole, so numbers sort
// as numbers. A row is shown when it matches every filter, and a tree parent stays visible while one
// of its descendants matches (recursive filtering).
class ProcessFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    // Whose processes: everyone's, the user's own (uid == getuid()), or the system's (uid 0 or
    // protected).
    enum class Scope { AllUsers, Mine, System };
    Q_ENUM(Scope)

    explicit ProcessFilterModel(QObject *parent = nullptr);

    // Space-separated terms, all of which must occur (case-insensitive) in the command line, user
    // or PID; a term ":PORT" (":3000") is met by a process listening on that port.
    void setFilterText(const QString &text);
    QString filterText() const { return m_text; }
    void setScope(Scope scope);
    Scope scope() const { return m_scope; }
    void setCandidatesOnly(bool on);
    bool candidatesOnly() const { return m_candidatesOnly; }
    // Only these processes (a notification's culprits); empty: no such filter.
    void setOnly(QStringList identities);
    QStringList only() const { return m_only; }
    // Whose processes are "mine": getuid() unless set (tests).
    void setMyUid(uint uid);
    uint myUid() const { return m_myUid; }

    // A ProcessTableModel: the model it shows (ProcessTableModel::shown), whichever it is now.
    void setSourceModel(QAbstractItemModel *model) override;

    // Held: a refresh changes what rows say, never where they are (new rows come last, ended ones
    // go); released: sorted and filtered anew at once. While a person points at the table.
    void setOrderHeld(bool held);
    bool orderHeld() const { return m_orderHeld; }

Q_SIGNALS:
    // Around a change of the filters or of the held order: rows come and go that no refresh moved
    // (the selection model meanwhile makes a neighbour current that nobody chose).
    void filterAboutToChange();
    void filterChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    void refilter();
    void show(QAbstractItemModel *model);
    // Does this row match by itself (without looking at its descendants)?
    bool matches(const FilterFacts &row) const;

    QPointer<ProcessTableModel> m_table; // followed: by origin, it shows its OriginModel
    QMetaObject::Connection m_following;
    // The source, when it is one of these: read without roles.
    const ProcessTableModel *m_processes = nullptr;
    const OriginModel *m_origins = nullptr;

    QString m_text;
    QStringList m_terms;
    std::vector<int> m_ports; // the ":PORT" terms
    Scope m_scope = Scope::AllUsers;
    bool m_candidatesOnly = false;
    QStringList m_only; // start_ids
    uint m_myUid = 0;
    bool m_orderHeld = false;
};

} // namespace ptriage
