#include "table/ProcessTableModel.h"

#include "table/rows/RowRuns.h"

#include <map>
#include <tuple>

namespace ptriage {

struct ProcessTableModel::Node {
    ProcessIdentity id;
    int index = -1; // into m_result's arrays
    int row = 0; // position among parent->children
    Node *parent = nullptr; // m_root for top-level rows; nullptr while not in the tree
    std::vector<Node *> children;
    std::uint64_t stamp = 0; // the refresh that last found it in a result
    std::uint64_t bornAt = 0; // the refresh that made it
    int nextIndex = -1; // its index in that result
};

namespace {

// The parent of each process of `r` (an index into r, or -1 for top-level). A process is the child
// of the process holding its ppid unless that one started later (its PID was reused) or the links
// form a cycle (only a doctored capture could).
std::vector<int> parentIndices(const TriageResult &r, bool tree)
{
    const auto n = static_cast<std::size_t>(r.size());
    std::vector<int> parent(n, -1);
    if (!tree)
        return parent;
    for (int i = 0; i < r.size(); ++i) {
        const Sample &s = r.process(i).sample();
        const auto p = r.byPid(s.ppid);
        if (!p || p->index() == i || p->identity().startTicks > s.id.startTicks)
            continue;
        parent[static_cast<std::size_t>(i)] = p->index();
    }
    // Break cycles: 0 unvisited, 1 on the current path, 2 done.
    std::vector<char> mark(n, 0);
    std::vector<int> path;
    for (std::size_t start = 0; start < n; ++start) {
        path.clear();
        int x = static_cast<int>(start);
        while (x >= 0 && mark[static_cast<std::size_t>(x)] == 0) {
            mark[static_cast<std::size_t>(x)] = 1;
            path.push_back(x);
            x = parent[static_cast<std::size_t>(x)];
        }
        if (x >= 0 && mark[static_cast<std::size_t>(x)] == 1)
            parent[static_cast<std::size_t>(x)] = -1; // x closes a cycle: make it top-level
        for (int p : path)
            mark[static_cast<std::size_t>(p)] = 2;
    }
    return parent;
}

// Every index of r once, best first (the ranking, then anything it left out).
std::vector<int> rankedOrder(const TriageResult &r)
{
    const std::size_t n = r.snapshot->processes.size();
    std::vector<char> seen(n, 0);
    std::vector<int> order;
    order.reserve(n);
    for (int i : r.ranking)
        if (i >= 0 && static_cast<std::size_t>(i) < n && !seen[static_cast<std::size_t>(i)]) {
            seen[static_cast<std::size_t>(i)] = 1;
            order.push_back(i);
        }
    for (std::size_t i = 0; i < n; ++i)
        if (!seen[i])
            order.push_back(static_cast<int>(i));
    return order;
}

} // namespace

ProcessTableModel::ProcessTableModel(const TriageConfig &config, QObject *parent)
    : QAbstractItemModel(parent),
      m_config(config),
      m_roles(config, m_columns),
      m_origin(new OriginModel(config, this)),
      m_root(std::make_unique<Node>())
{ }

ProcessTableModel::~ProcessTableModel() = default;

void ProcessTableModel::setMarks(std::unordered_map<ProcessIdentity, QString> marks)
{
    m_origin->setMarks(marks);
    for (const ProcessIdentity &key : m_roles.setMarks(std::move(marks)))
        if (const auto it = m_nodes.find(key); it != m_nodes.end())
            Q_EMIT dataChanged(indexOfNode(it->second.get(), m_roles.stateColumn()),
                indexOfNode(it->second.get(), m_roles.stateColumn()), {Qt::DisplayRole});
}

void ProcessTableModel::setResult(std::shared_ptr<const TriageResult> result)
{
    setPrepared(PreparedRows::prepare(std::move(result), m_config, m_columns, m_rows));
}

void ProcessTableModel::setPrepared(std::shared_ptr<const PreparedRows> rows)
{
    if (m_mode == Mode::Origin) { // the rows are the origin model's; this one only keeps them
        m_origin->setPrepared(rows);
        keep(std::move(rows));
        return;
    }
    const auto &result = rows ? rows->result : nullptr;
    if (!m_result || !result || !result->snapshot
        || result->snapshot->system.bootId != m_result->snapshot->system.bootId)
        rebuild(std::move(rows));
    else
        applyIncrementally(std::move(rows));
}

// The view's model changes before this one empties, and after it is built: views see one reset.
void ProcessTableModel::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    const bool wasOrigin = m_mode == Mode::Origin;
    m_mode = mode;
    if (mode == Mode::Origin) {
        m_origin->setPrepared(m_rows);
        Q_EMIT shownChanged(m_origin);
    }
    rebuild(m_rows);
    if (wasOrigin) {
        Q_EMIT shownChanged(this);
        m_origin->setPrepared(nullptr); // hidden, it holds no result
    }
}

QAbstractItemModel *ProcessTableModel::shown() const
{
    return m_mode == Mode::Origin ? static_cast<QAbstractItemModel *>(m_origin) : const_cast<ProcessTableModel *>(this);
}

void ProcessTableModel::keep(std::shared_ptr<const PreparedRows> rows)
{
    m_rows = rows && rows->result && rows->result->snapshot ? std::move(rows) : nullptr;
    m_result = m_rows ? m_rows->result : nullptr;
}

void ProcessTableModel::rebuild(std::shared_ptr<const PreparedRows> rows)
{
    beginResetModel();
    m_nodes.clear();
    m_nodeAt.clear();
    m_root = std::make_unique<Node>();
    keep(std::move(rows));
    if (m_result && m_mode != Mode::Origin) {
        const TriageResult &r = *m_result;
        const std::vector<int> parents = parentIndices(r, m_mode == Mode::Tree);
        std::vector<Node *> at(m_rows->processes, nullptr);
        for (std::size_t i = 0; i < at.size(); ++i) {
            const ProcessIdentity key = r.identityOf(static_cast<int>(i));
            auto node = std::make_unique<Node>();
            node->id = key;
            node->index = static_cast<int>(i);
            if (m_nodes.try_emplace(key, node.get()).second) // a key seen twice keeps its first process
                at[i] = node.release();
        }
        for (int i : rankedOrder(r)) { // parents before their children
            Node *x = at[static_cast<std::size_t>(i)];
            if (!x)
                continue;
            const int p = parents[static_cast<std::size_t>(i)];
            Node *t = p < 0 ? nullptr : at[static_cast<std::size_t>(p)];
            x->parent = t ? t : m_root.get();
            x->row = static_cast<int>(x->parent->children.size());
            x->parent->children.push_back(x);
        }
        m_nodeAt = std::move(at);
    }
    endResetModel();
}

// What one incremental update knows about the new result while its steps run.
struct ProcessTableModel::Update {
    std::shared_ptr<const PreparedRows> prepared;
    std::vector<Node *> at; // the node of each process of the new result (null for a repeated key)
    NodeMap freshNodes; // processes new in this result: nodes not in the tree yet
    std::vector<int> parents; // parent index of each process of the new result, -1 for top level
    std::uint64_t generation = 0; // a node is in the new result when stamped with it
    std::vector<Node *> reparented; // survivors waiting at the top level for their new parent
    std::vector<Node *> survivors;
    bool diffed = false; // prepared against the rows shown: changed columns are known per row

    bool inNew(const Node *x) const { return x->stamp == generation; }
    Node *targetOf(const Node *x, Node *root) const
    {
        const int p = parents[static_cast<std::size_t>(x->nextIndex)];
        Node *t = p < 0 ? nullptr : at[static_cast<std::size_t>(p)];
        return t ? t : root;
    }
};

void ProcessTableModel::applyIncrementally(std::shared_ptr<const PreparedRows> prepared)
{
    Update u = matchNodes(std::move(prepared));
    liftReparented(u);
    removeVanished(u);
    takeOverResult(u);
    insertFresh(u);
    for (Node *x : u.reparented)
        moveNode(x, u.targetOf(x, m_root.get()));
    reportChanged(u);
    m_nodeAt = std::move(u.at);
}

ProcessTableModel::Update ProcessTableModel::matchNodes(std::shared_ptr<const PreparedRows> prepared)
{
    Update u;
    const TriageResult &r = *prepared->result;
    const std::size_t rows = prepared->processes;
    u.at.assign(rows, nullptr);
    u.generation = ++m_generation;
    // Prepared against the rows shown, each process already knows its row in the result shown.
    const bool mapped = m_rows && prepared->basisSerial == m_rows->serial && prepared->basisIndex.size() >= rows;
    for (std::size_t i = 0; i < rows; ++i) {
        const ProcessIdentity id = r.identityOf(static_cast<int>(i));
        const int before = mapped ? prepared->basisIndex[i] : -1;
        Node *x = before >= 0 && static_cast<std::size_t>(before) < m_nodeAt.size()
            ? m_nodeAt[static_cast<std::size_t>(before)]
            : nullptr;
        if (!x) {
            if (auto it = m_nodes.find(id); it != m_nodes.end()) {
                x = it->second.get();
            } else if (!u.freshNodes.contains(id)) {
                auto node = std::make_unique<Node>();
                x = node.get();
                x->id = id;
                x->bornAt = u.generation;
                u.freshNodes.emplace(id, std::move(node));
            }
        }
        if (x && !u.inNew(x)) { // a key seen twice keeps its first process
            x->stamp = u.generation;
            x->nextIndex = static_cast<int>(i);
            u.at[i] = x;
        }
    }
    u.parents = parentIndices(r, m_mode == Mode::Tree);
    u.prepared = std::move(prepared);
    return u;
}

// Step 1: survivors that change parent go to the top level first, so nothing is ever moved into its
// own subtree and nothing that lives is removed along with a parent that vanished.
void ProcessTableModel::liftReparented(Update &u)
{
    for (Node *x : m_nodeAt) {
        if (!x || !u.inNew(x) || u.targetOf(x, m_root.get()) == x->parent)
            continue;
        if (x->parent != m_root.get())
            moveNode(x, m_root.get());
        if (u.targetOf(x, m_root.get()) != m_root.get())
            u.reparented.push_back(x);
    }
}

// Step 2: removals, per parent in contiguous ranges (the vanished descendants of a vanished node go
// with it: its living children were moved away in step 1).
void ProcessTableModel::removeVanished(Update &u)
{
    std::unordered_map<Node *, std::vector<int>> vanished;
    std::vector<std::size_t> gone;
    for (std::size_t j = 0; j < m_nodeAt.size(); ++j) {
        const Node *x = m_nodeAt[j];
        if (!x || u.inNew(x))
            continue;
        gone.push_back(j);
        if (x->parent == m_root.get() || u.inNew(x->parent))
            vanished[x->parent].push_back(x->row);
    }
    for (auto &[parent, rows] : vanished)
        removeChildren(parent, rows);
    for (const std::size_t j : gone) {
        const ProcessIdentity id = m_nodeAt[j]->id; // a copy: erasing frees the node
        m_nodes.erase(id);
        m_nodeAt[j] = nullptr;
    }
}

// The new result takes over: survivors point into it (their data may change: reported in step 5).
void ProcessTableModel::takeOverResult(Update &u)
{
    u.survivors.reserve(m_nodes.size());
    for (Node *x : m_nodeAt)
        if (x && u.inNew(x))
            u.survivors.push_back(x);
    // Prepared against the rows shown now, the diff is already made (off this thread); otherwise
    // every survivor is reported as wholly changed.
    u.diffed = m_rows && u.prepared->basisSerial == m_rows->serial;
    m_rows = u.prepared;
    m_result = m_rows->result;
    for (Node *x : u.survivors)
        x->index = x->nextIndex;
}

// Step 3: insertions, appended under their parent, a level at a time (a fresh parent before its
// fresh children), in ranking order.
void ProcessTableModel::insertFresh(Update &u)
{
    std::vector<Node *> fresh;
    for (int i : rankedOrder(*m_result))
        if (Node *x = u.at[static_cast<std::size_t>(i)]; x && !x->parent) { // fresh: not in the tree yet
            x->index = i;
            fresh.push_back(x);
        }
    for (auto &[id, node] : u.freshNodes)
        m_nodes.emplace(id, std::move(node));
    bool stuck = false; // cannot happen (parentIndices leaves no cycles); then the rest go top-level
    while (!fresh.empty()) {
        std::vector<Node *> later;
        std::vector<Node *> parentsInOrder;
        std::unordered_map<Node *, std::vector<Node *>> batch;
        for (Node *x : fresh) {
            Node *t = stuck ? m_root.get() : u.targetOf(x, m_root.get());
            if (t != m_root.get() && !t->parent) {
                later.push_back(x); // its parent is fresh too, and not inserted yet
                continue;
            }
            auto &b = batch[t];
            if (b.empty())
                parentsInOrder.push_back(t);
            b.push_back(x);
        }
        for (Node *t : parentsInOrder) {
            const auto &b = batch[t];
            const int first = static_cast<int>(t->children.size());
            beginInsertRows(indexOfNode(t), first, first + static_cast<int>(b.size()) - 1);
            for (Node *x : b) {
                x->parent = t;
                x->row = static_cast<int>(t->children.size());
                t->children.push_back(x);
            }
            endInsertRows();
        }
        stuck = later.size() == fresh.size();
        fresh = std::move(later);
    }
}

// Step 4 (reparented survivors join their new parent) is a moveNode each. Step 5: changed rows, as
// one dataChanged per contiguous run of rows over the columns that changed (a sorting proxy
// re-sorts only when the sort column is in the range; an age ticking by must not re-sort 5,000
// rows). Under a parent with many runs, one range from the first to the last changed row: a proxy
// pays for every signal about as much as for the rows in it.
void ProcessTableModel::reportChanged(const Update &u)
{
    const int lastColumn = m_columns.count() - 1;
    // (parent, first, last column, candidacy changed) → rows
    std::map<std::tuple<Node *, int, int, bool>, std::vector<int>> changed;
    const auto note = [&](const Node *x) {
        int first = 0, last = lastColumn;
        bool candidacy = true;
        if (u.diffed) {
            const auto i = static_cast<std::size_t>(x->index);
            candidacy = m_rows->candidacyChanged[i] != 0;
            if (!candidacy) // else its colors change across the row
                std::tie(first, last) = m_rows->changedColumns[i];
        }
        if (last >= 0)
            changed[{x->parent, first, last, candidacy}].push_back(x->row);
    };
    // Parent by parent, each one's rows in order: every group's rows come sorted.
    std::vector<const Node *> parents{m_root.get()};
    while (!parents.empty()) {
        const Node *parent = parents.back();
        parents.pop_back();
        for (const Node *x : parent->children) {
            if (!x->children.empty())
                parents.push_back(x);
            if (x->bornAt != u.generation) // inserted by this refresh, not changed
                note(x);
        }
    }
    // A proxy re-filters every row of a change whatever its roles (Qt 6.4), but a tree view measures
    // the rows again only when no roles are named: a change without candidacy names what it shows.
    const QList<int> shownRoles = {Qt::DisplayRole, Qt::ToolTipRole, SortRole};
    for (auto &[where, rows] : changed) {
        const auto &[parent, firstColumn, lastChanged, candidacy] = where;
        for (auto [first, last] : boundedRuns(runsOf(rows)))
            Q_EMIT dataChanged(indexOfNode(parent->children[static_cast<std::size_t>(first)], firstColumn),
                indexOfNode(parent->children[static_cast<std::size_t>(last)], lastChanged),
                candidacy ? QList<int>() : shownRoles);
    }
}

void ProcessTableModel::moveNode(Node *node, Node *to)
{
    Node *from = node->parent;
    if (from == to)
        return;
    const int src = node->row;
    const int dest = static_cast<int>(to->children.size());
    const bool ok = beginMoveRows(indexOfNode(from), src, src, indexOfNode(to), dest);
    Q_ASSERT(ok);
    from->children.erase(from->children.begin() + src);
    renumber(from, src);
    node->parent = to;
    node->row = dest;
    to->children.push_back(node);
    if (ok)
        endMoveRows();
}

void ProcessTableModel::removeChildren(Node *parent, const std::vector<int> &rows)
{
    const QModelIndex parentIndex = indexOfNode(parent);
    auto runs = runsOf(rows);
    // From the last run backwards, so the rows of the earlier runs stay valid.
    for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
        const auto [first, last] = *it;
        beginRemoveRows(parentIndex, first, last);
        auto &c = parent->children;
        for (int row = first; row <= last; ++row)
            c[static_cast<std::size_t>(row)]->parent = nullptr;
        c.erase(c.begin() + first, c.begin() + last + 1);
        renumber(parent, first);
        endRemoveRows();
    }
}

void ProcessTableModel::renumber(Node *parent, int from)
{
    for (std::size_t i = static_cast<std::size_t>(from); i < parent->children.size(); ++i)
        parent->children[i]->row = static_cast<int>(i);
}

ProcessTableModel::Node *ProcessTableModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex ProcessTableModel::indexOfNode(const Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, const_cast<Node *>(node));
}

QModelIndex ProcessTableModel::indexOf(const ProcessIdentity &id, int column) const
{
    if (m_mode == Mode::Origin)
        return m_origin->indexOf(id, column);
    const auto it = m_nodes.find(id);
    return it == m_nodes.end() ? QModelIndex() : indexOfNode(it->second.get(), column);
}

int ProcessTableModel::resultIndex(const QModelIndex &index) const
{
    if (index.model() == m_origin)
        return m_origin->resultIndex(index);
    return index.isValid() && index.model() == this ? nodeOf(index)->index : -1;
}

int ProcessTableModel::groupIndex(const QModelIndex &index) const
{
    return m_origin->groupIndex(index); // this model has no group rows
}

QModelIndex ProcessTableModel::indexOfGroup(const std::string &key) const
{
    return m_mode == Mode::Origin ? m_origin->indexOfGroup(key) : QModelIndex();
}

std::optional<FilterFacts> ProcessTableModel::filterFacts(int row, const QModelIndex &parent) const
{
    if (!m_rows || (parent.isValid() && parent.model() != this))
        return std::nullopt;
    const Node *p = nodeOf(parent);
    if (row < 0 || static_cast<std::size_t>(row) >= p->children.size())
        return std::nullopt;
    return m_rows->filterFacts(static_cast<std::size_t>(p->children[static_cast<std::size_t>(row)]->index));
}

QModelIndex ProcessTableModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, nodeOf(parent)->children[static_cast<std::size_t>(row)]);
}

QModelIndex ProcessTableModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.model() != this)
        return {};
    return indexOfNode(nodeOf(child)->parent);
}

int ProcessTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0 || (parent.isValid() && parent.model() != this)) // By origin's rows are not ours
        return 0;
    return static_cast<int>(nodeOf(parent)->children.size());
}

int ProcessTableModel::columnCount(const QModelIndex &) const
{
    return m_columns.count();
}

bool ProcessTableModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

QVariant ProcessTableModel::data(const QModelIndex &index, int role) const
{
    // Not asking the parent: every visible cell and every row a refresh changes comes here, and the
    // index's node is all that is read.
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::DoNotUseParent) || !m_rows
        || index.column() >= m_columns.count())
        return {};
    return m_roles.process(*m_rows, nodeOf(index)->index, index.column(), role);
}

QVariant ProcessTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return m_roles.header(section, orientation, role);
}

QHash<int, QByteArray> ProcessTableModel::roleNames() const
{
    return RowRoles::roleNames(QAbstractItemModel::roleNames());
}

} // namespace ptriage
