#include "table/OriginModel.h"

#include "table/rows/RowRuns.h"

#include <map>
#include <tuple>

namespace ptriage {

struct OriginModel::Member {
    ProcessIdentity id;
    int index = -1; // into the processes of m_rows
    Group *group = nullptr; // null while not in the model
    int row = 0; // among group->members
    std::uint64_t stamp = 0; // the refresh that last found it in a result
    std::uint64_t bornAt = 0; // the refresh that made it
    int nextIndex = -1; // its index in that result
    Group *nextGroup = nullptr; // and its group there
};

struct OriginModel::Group {
    std::string key;
    int index = -1; // into the groups of m_rows
    int row = 0; // among the top-level rows
    std::vector<Member *> members; // owned by m_members
    std::uint64_t stamp = 0;
    std::uint64_t bornAt = 0;
    int nextIndex = -1;
    bool gone = false; // not in the result taken over: answers nothing until removed, the same refresh
};

// What one incremental update knows about the new result while its steps run.
struct OriginModel::Update {
    std::shared_ptr<const PreparedRows> rows;
    std::uint64_t generation = 0; // a node is in the new result when stamped with it
    std::vector<Member *> memberAt; // by process of the new result (null for a repeated identity)
    std::vector<Member *> order; // its members, group by group, each in its group's order
    std::unordered_map<ProcessIdentity, std::unique_ptr<Member>> freshMembers; // not in the model yet
    std::unordered_map<std::string, std::unique_ptr<Group>> freshGroups;
    std::vector<Group *> freshGroupOrder; // in the new result's order
    bool diffed = false; // prepared against the rows shown: changed columns are known per row
};

namespace {

template<typename Node> void renumber(std::vector<Node> &nodes, int from)
{
    for (auto i = static_cast<std::size_t>(from); i < nodes.size(); ++i)
        nodes[i]->row = static_cast<int>(i);
}

} // namespace

OriginModel::OriginModel(const TriageConfig &config, QObject *parent)
    : QAbstractItemModel(parent), m_roles(config, m_columns)
{ }

OriginModel::~OriginModel() = default;

void OriginModel::setPrepared(std::shared_ptr<const PreparedRows> rows)
{
    const bool valid = rows && rows->result && rows->result->snapshot;
    if (!m_rows || !valid || rows->result->snapshot->system.bootId != m_rows->result->snapshot->system.bootId)
        rebuild(valid ? std::move(rows) : nullptr);
    else
        applyIncrementally(std::move(rows));
}

void OriginModel::setMarks(std::unordered_map<ProcessIdentity, QString> marks)
{
    for (const ProcessIdentity &id : m_roles.setMarks(std::move(marks)))
        if (const QModelIndex i = indexOf(id, m_roles.stateColumn()); i.isValid())
            Q_EMIT dataChanged(i, i, {Qt::DisplayRole});
}

void OriginModel::rebuild(std::shared_ptr<const PreparedRows> rows)
{
    beginResetModel();
    m_groups.clear();
    m_groupByKey.clear();
    m_members.clear();
    m_memberAt.clear();
    m_rows = std::move(rows);
    if (m_rows) {
        const TriageResult &r = *m_rows->result;
        m_memberAt.assign(m_rows->processes, nullptr);
        for (int g = 0; g < static_cast<int>(r.groups.size()); ++g) {
            const OriginGroup &og = r.group(g);
            auto [at, added] = m_groupByKey.try_emplace(og.key, nullptr);
            if (added) { // a key seen twice: its members join the first group of it
                auto group = std::make_unique<Group>();
                group->key = og.key;
                group->index = g;
                group->row = static_cast<int>(m_groups.size());
                at->second = group.get();
                m_groups.push_back(std::move(group));
            }
            Group *x = at->second;
            for (int i : og.members) {
                if (i < 0 || i >= r.size())
                    continue;
                auto [it, fresh] = m_members.try_emplace(r.identityOf(i));
                if (!fresh)
                    continue; // an identity seen twice keeps its first process
                it->second = std::make_unique<Member>();
                Member *m = it->second.get();
                m->id = it->first;
                m->index = i;
                m->group = x;
                m->row = static_cast<int>(x->members.size());
                x->members.push_back(m);
                m_memberAt[static_cast<std::size_t>(i)] = m;
            }
        }
    }
    endResetModel();
}

// Members that vanished go first (the rows shown still read the old result), then the new result is
// taken over; fresh groups come, members that changed group move to theirs, groups that vanished
// (empty by then) go, fresh members come; last, what changed in the rows that stayed.
void OriginModel::applyIncrementally(std::shared_ptr<const PreparedRows> rows)
{
    Update u = match(std::move(rows));
    removeVanishedMembers(u);
    takeOver(u);
    insertFreshGroups(u);
    moveMembers(u);
    removeVanishedGroups();
    insertFreshMembers(u);
    reportChanged(u);
}

OriginModel::Update OriginModel::match(std::shared_ptr<const PreparedRows> rows)
{
    Update u;
    const TriageResult &r = *rows->result;
    u.generation = ++m_generation;
    u.memberAt.assign(rows->processes, nullptr);
    // Prepared against the rows shown, each process already knows its index in the result shown.
    const bool mapped = m_rows && rows->basisSerial == m_rows->serial && rows->basisIndex.size() >= rows->processes;
    for (int g = 0; g < static_cast<int>(r.groups.size()); ++g) {
        const OriginGroup &og = r.group(g);
        Group *x = nullptr;
        if (auto it = m_groupByKey.find(og.key); it != m_groupByKey.end()) {
            x = it->second;
        } else if (auto f = u.freshGroups.find(og.key); f != u.freshGroups.end()) {
            x = f->second.get();
        } else {
            auto group = std::make_unique<Group>();
            x = group.get();
            x->key = og.key;
            x->bornAt = u.generation;
            u.freshGroupOrder.push_back(x);
            u.freshGroups.emplace(og.key, std::move(group));
        }
        if (x->stamp != u.generation) { // a key seen twice: its members join the first group of it
            x->stamp = u.generation;
            x->nextIndex = g;
        }
        for (int i : og.members) {
            if (i < 0 || i >= r.size())
                continue;
            const auto k = static_cast<std::size_t>(i);
            const int before = mapped ? rows->basisIndex[k] : -1;
            Member *m = before >= 0 && static_cast<std::size_t>(before) < m_memberAt.size()
                ? m_memberAt[static_cast<std::size_t>(before)]
                : nullptr;
            if (!m) {
                const ProcessIdentity &id = r.identityOf(i);
                if (auto it = m_members.find(id); it != m_members.end()) {
                    m = it->second.get();
                } else if (auto f = u.freshMembers.find(id); f != u.freshMembers.end()) {
                    m = f->second.get();
                } else {
                    auto member = std::make_unique<Member>();
                    m = member.get();
                    m->id = id;
                    m->bornAt = u.generation;
                    u.freshMembers.emplace(id, std::move(member));
                }
            }
            if (m->stamp == u.generation)
                continue; // an identity seen twice keeps its first process
            m->stamp = u.generation;
            m->nextIndex = i;
            m->nextGroup = x;
            u.memberAt[k] = m;
            u.order.push_back(m);
        }
    }
    u.rows = std::move(rows);
    return u;
}

void OriginModel::removeVanishedMembers(Update &u)
{
    std::unordered_map<Group *, std::vector<int>> vanished;
    for (const Member *m : m_memberAt)
        if (m && m->stamp != u.generation)
            vanished[m->group].push_back(m->row);
    for (auto &[group, rows] : vanished)
        removeMembers(group, rows);
    for (Member *&m : m_memberAt)
        if (m && m->stamp != u.generation) {
            const ProcessIdentity id = m->id; // a copy: erasing frees the member
            m = nullptr;
            m_members.erase(id);
        }
}

void OriginModel::removeMembers(Group *group, const std::vector<int> &rows)
{
    const QModelIndex parent = indexOfGroupNode(group);
    const auto runs = runsOf(rows);
    // From the last run backwards, so the rows of the earlier runs stay valid.
    for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
        const auto [first, last] = *it;
        beginRemoveRows(parent, first, last);
        auto &c = group->members;
        for (int row = first; row <= last; ++row)
            c[static_cast<std::size_t>(row)]->group = nullptr;
        c.erase(c.begin() + first, c.begin() + last + 1);
        renumber(c, first);
        endRemoveRows();
    }
}

// The new result takes over: what stays points into it (its data may change: reported last).
void OriginModel::takeOver(Update &u)
{
    u.diffed = m_rows && u.rows->basisSerial == m_rows->serial;
    m_rows = u.rows;
    for (const auto &g : m_groups) {
        g->gone = g->stamp != u.generation;
        if (!g->gone)
            g->index = g->nextIndex;
    }
    for (Member *m : u.order)
        if (m->group)
            m->index = m->nextIndex;
    m_memberAt = std::move(u.memberAt);
}

// Appended at the end, in the result's order, still empty.
void OriginModel::insertFreshGroups(Update &u)
{
    if (u.freshGroupOrder.empty())
        return;
    const int first = static_cast<int>(m_groups.size());
    beginInsertRows({}, first, first + static_cast<int>(u.freshGroupOrder.size()) - 1);
    for (Group *x : u.freshGroupOrder) {
        x->index = x->nextIndex;
        x->row = static_cast<int>(m_groups.size());
        m_groupByKey.emplace(x->key, x);
        m_groups.push_back(std::move(u.freshGroups.at(x->key)));
    }
    endInsertRows();
    u.freshGroups.clear();
}

// A process whose origin changed: its row goes to its new group, the same row (persistent indexes follow).
void OriginModel::moveMembers(const Update &u)
{
    for (Member *m : u.order) {
        Group *from = m->group, *to = m->nextGroup;
        if (!from || from == to)
            continue;
        const int src = m->row;
        const int dest = static_cast<int>(to->members.size());
        const bool ok = beginMoveRows(indexOfGroupNode(from), src, src, indexOfGroupNode(to), dest);
        Q_ASSERT(ok); // between two parents, never refused
        from->members.erase(from->members.begin() + src);
        renumber(from->members, src);
        m->group = to;
        m->row = dest;
        to->members.push_back(m);
        if (ok)
            endMoveRows();
    }
}

// Every member of a group that vanished has vanished or moved by now.
void OriginModel::removeVanishedGroups()
{
    std::vector<int> rows;
    for (const auto &g : m_groups)
        if (g->gone)
            rows.push_back(g->row);
    const auto runs = runsOf(rows);
    for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
        const auto [first, last] = *it;
        beginRemoveRows({}, first, last);
        for (int row = first; row <= last; ++row) {
            Q_ASSERT(m_groups[static_cast<std::size_t>(row)]->members.empty());
            m_groupByKey.erase(m_groups[static_cast<std::size_t>(row)]->key);
        }
        m_groups.erase(m_groups.begin() + first, m_groups.begin() + last + 1);
        renumber(m_groups, first);
        endRemoveRows();
    }
}

// Appended under their group, a batch per group, in the groups' order and each group's.
void OriginModel::insertFreshMembers(Update &u)
{
    std::vector<Group *> groupsInOrder;
    std::unordered_map<Group *, std::vector<Member *>> batch;
    for (Member *m : u.order)
        if (!m->group) {
            auto &b = batch[m->nextGroup];
            if (b.empty())
                groupsInOrder.push_back(m->nextGroup);
            b.push_back(m);
        }
    for (auto &[id, member] : u.freshMembers)
        m_members.emplace(id, std::move(member));
    for (Group *g : groupsInOrder) {
        const auto &b = batch[g];
        const int first = static_cast<int>(g->members.size());
        beginInsertRows(indexOfGroupNode(g), first, first + static_cast<int>(b.size()) - 1);
        for (Member *m : b) {
            m->index = m->nextIndex;
            m->group = g;
            m->row = static_cast<int>(g->members.size());
            g->members.push_back(m);
        }
        endInsertRows();
    }
}

// Changed rows, as one dataChanged per contiguous run of rows over the columns that changed (a
// sorting proxy re-sorts only when the sort column is in the range); under a parent with many runs,
// one range from the first to the last changed row.
void OriginModel::reportChanged(const Update &u)
{
    const int lastColumn = m_columns.count() - 1;
    // (parent group, null at the top level; first and last column; candidacy changed) → rows
    std::map<std::tuple<const Group *, int, int, bool>, std::vector<int>> changed;
    const auto note = [&](const Group *parent, int row, std::size_t at, std::uint64_t bornAt) {
        if (bornAt == u.generation)
            return; // inserted by this refresh, not changed
        int first = 0, last = lastColumn;
        bool candidacy = true;
        if (u.diffed) {
            candidacy = m_rows->candidacyChanged[at] != 0;
            if (!candidacy) // else its colors change across the row
                std::tie(first, last) = m_rows->changedColumns[at];
        }
        if (last >= 0)
            changed[{parent, first, last, candidacy}].push_back(row);
    };
    for (const auto &g : m_groups) {
        note(nullptr, g->row, m_rows->groupRow(g->index), g->bornAt);
        for (const Member *m : g->members)
            note(g.get(), m->row, static_cast<std::size_t>(m->index), m->bornAt);
    }
    // A change without candidacy names what it shows: a tree view then measures no row again.
    const QList<int> shownRoles = {Qt::DisplayRole, Qt::ToolTipRole, SortRole};
    for (const auto &[where, rows] : changed) {
        const auto &[parent, firstColumn, lastChanged, candidacy] = where;
        for (auto [first, last] : boundedRuns(runsOf(rows)))
            Q_EMIT dataChanged(createIndex(first, firstColumn, parent), createIndex(last, lastChanged, parent),
                candidacy ? QList<int>() : shownRoles);
    }
}

OriginModel::Group *OriginModel::groupAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.constInternalPointer())
        return nullptr;
    return m_groups[static_cast<std::size_t>(index.row())].get();
}

OriginModel::Member *OriginModel::memberAt(const QModelIndex &index) const
{
    if (!index.isValid() || !index.constInternalPointer())
        return nullptr;
    const auto *group = static_cast<const Group *>(index.constInternalPointer());
    return group->members[static_cast<std::size_t>(index.row())];
}

QModelIndex OriginModel::indexOfGroupNode(const Group *group, int column) const
{
    return group ? createIndex(group->row, column) : QModelIndex();
}

QModelIndex OriginModel::indexOf(const ProcessIdentity &id, int column) const
{
    const auto it = m_members.find(id);
    const Member *m = it == m_members.end() ? nullptr : it->second.get();
    return m && m->group ? createIndex(m->row, column, m->group) : QModelIndex();
}

QModelIndex OriginModel::indexOfGroup(const std::string &key, int column) const
{
    const auto it = m_groupByKey.find(key);
    return it == m_groupByKey.end() ? QModelIndex() : indexOfGroupNode(it->second, column);
}

int OriginModel::resultIndex(const QModelIndex &index) const
{
    const Member *m = index.model() == this ? memberAt(index) : nullptr;
    return m ? m->index : -1;
}

int OriginModel::groupIndex(const QModelIndex &index) const
{
    const Group *g = index.model() == this ? groupAt(index) : nullptr;
    return g && !g->gone ? g->index : -1;
}

std::optional<FilterFacts> OriginModel::filterFacts(int row, const QModelIndex &parent) const
{
    if (!m_rows || row < 0 || (parent.isValid() && parent.model() != this))
        return std::nullopt;
    const auto r = static_cast<std::size_t>(row);
    if (!parent.isValid()) {
        if (r >= m_groups.size())
            return std::nullopt;
        const Group *g = m_groups[r].get();
        if (g->gone) {
            FilterFacts f;
            f.group = true;
            return f;
        }
        return m_rows->filterFacts(m_rows->groupRow(g->index));
    }
    const Group *g = groupAt(parent);
    if (!g || r >= g->members.size())
        return std::nullopt;
    return m_rows->filterFacts(static_cast<std::size_t>(g->members[r]->index));
}

QModelIndex OriginModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return parent.isValid() ? createIndex(row, column, groupAt(parent)) : createIndex(row, column);
}

QModelIndex OriginModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || !child.constInternalPointer())
        return {};
    return indexOfGroupNode(static_cast<const Group *>(child.constInternalPointer()));
}

int OriginModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_groups.size());
    const Group *g = groupAt(parent);
    return g ? static_cast<int>(g->members.size()) : 0;
}

int OriginModel::columnCount(const QModelIndex &) const
{
    return m_columns.count();
}

bool OriginModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

QVariant OriginModel::data(const QModelIndex &index, int role) const
{
    // Not asking the parent: the index's node is all that is read.
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::DoNotUseParent) || !m_rows
        || index.column() >= m_columns.count())
        return {};
    if (const Member *m = memberAt(index))
        return m_roles.process(*m_rows, m->index, index.column(), role);
    const Group *g = groupAt(index);
    return g->gone ? QVariant() : m_roles.group(*m_rows, g->index, index.column(), role);
}

QVariant OriginModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return m_roles.header(section, orientation, role);
}

QHash<int, QByteArray> OriginModel::roleNames() const
{
    return RowRoles::roleNames(QAbstractItemModel::roleNames());
}

} // namespace ptriage
