#pragma once

#include "table/rows/PreparedRows.h"
#include "table/rows/RowRoles.h"

#include <QAbstractItemModel>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ptriage {

// The process table by origin: a row per origin group of the latest result, keyed by its
// OriginGroup::key, and its members under it, keyed by ProcessIdentity. A new result is applied as
// batched insertions, removals and moves and coalesced dataChanged ranges, so persistent indexes —
// the selection, the current index, the groups expanded — stay on their group or process.
class OriginModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // `config` gives the category labels; it must outlive this object.
    explicit OriginModel(const TriageConfig &config, QObject *parent = nullptr);
    ~OriginModel() override;

    // The first rows, or rows of another boot, reset the model; later ones are applied as batched
    // updates. Null empties it.
    void setPrepared(std::shared_ptr<const PreparedRows> rows);
    std::shared_ptr<const PreparedRows> prepared() const { return m_rows; }
    const ProcessColumns &columns() const { return m_columns; }
    void setMarks(std::unordered_map<ProcessIdentity, QString> marks); // as ProcessTableModel's

    // A process's row, or a group's (column `column`); invalid when not in the rows shown.
    QModelIndex indexOf(const ProcessIdentity &id, int column = 0) const;
    QModelIndex indexOfGroup(const std::string &key, int column = 0) const;
    // Behind an index: a member's index into the result, a group row's into its groups; else -1.
    int resultIndex(const QModelIndex &index) const;
    int groupIndex(const QModelIndex &index) const;
    std::optional<FilterFacts> filterFacts(int row, const QModelIndex &parent) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Group;
    struct Member;
    struct Update;

    // A group row's index has no internal pointer; a member's points to its group.
    Group *groupAt(const QModelIndex &index) const;
    Member *memberAt(const QModelIndex &index) const;
    QModelIndex indexOfGroupNode(const Group *group, int column = 0) const;
    void rebuild(std::shared_ptr<const PreparedRows> rows);
    // A new result of the same boot, in steps that keep every view's state on the same rows.
    void applyIncrementally(std::shared_ptr<const PreparedRows> rows);
    Update match(std::shared_ptr<const PreparedRows> rows);
    void removeVanishedMembers(Update &u);
    void takeOver(Update &u);
    void insertFreshGroups(Update &u);
    void moveMembers(const Update &u);
    void removeVanishedGroups();
    void insertFreshMembers(Update &u);
    void reportChanged(const Update &u);
    void removeMembers(Group *group, const std::vector<int> &rows);

    ProcessColumns m_columns;
    RowRoles m_roles;
    std::shared_ptr<const PreparedRows> m_rows;
    std::uint64_t m_generation = 0;
    std::vector<std::unique_ptr<Group>> m_groups; // the top-level rows, in order
    std::unordered_map<std::string, Group *> m_groupByKey;
    std::unordered_map<ProcessIdentity, std::unique_ptr<Member>> m_members;
    // Each process's member in m_rows (null for a repeated identity): with basisIndex, a refresh
    // finds its survivors without hashing an identity.
    std::vector<Member *> m_memberAt;
};

} // namespace ptriage
