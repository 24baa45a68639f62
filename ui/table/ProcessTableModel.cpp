#include "table/ProcessTableModel.h"

#include "look/ClassStyle.h"
#include "look/ThemeIcon.h"
#include "util/Parallel.h"
#include "util/ThreadPriority.h"

#include <QFont>
#include <QGuiApplication>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <map>
#include <tuple>

namespace ptriage {

struct ProcessTableModel::Node {
    ProcessIdentity id;
    int index = -1; // into m_result's arrays
    int row = 0; // position among parent->children
    Node *parent = nullptr; // m_root for top-level rows; nullptr while not in the tree
    std::vector<Node *> children;
    bool candidate = false;
    bool tinted = false; // a row ptriage wants acted on (not one it only wants reviewed)
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

// By origin: each process under its group's row (rows processes + g), the groups at the top.
std::vector<int> originParents(const TriageResult &r)
{
    const std::size_t n = r.snapshot->processes.size();
    std::vector<int> parent(n + r.groups.size(), -1);
    for (std::size_t i = 0; i < n && i < r.groupOf.size(); ++i)
        parent[i] = static_cast<int>(n) + r.process(static_cast<int>(i)).groupIndex();
    return parent;
}

// By origin: the groups, then each group's members in its order (parents before their children).
std::vector<int> originOrder(const TriageResult &r)
{
    const std::size_t n = r.snapshot->processes.size();
    std::vector<int> order;
    order.reserve(n + r.groups.size());
    for (std::size_t g = 0; g < r.groups.size(); ++g)
        order.push_back(static_cast<int>(n + g));
    for (const OriginGroup &g : r.groups)
        order.insert(order.end(), g.members.begin(), g.members.end());
    return order;
}

// A group has no identity: its row is keyed by one made of its key, with pid 0, which no process has.
ProcessIdentity groupNodeId(const std::string &key)
{
    ProcessIdentity id;
    id.startTicks = std::hash<std::string>()(key);
    return id;
}

// Contiguous runs of ascending rows, as [first, last] pairs.
std::vector<std::pair<int, int>> runsOf(std::vector<int> rows)
{
    if (!std::is_sorted(rows.begin(), rows.end()))
        std::sort(rows.begin(), rows.end());
    std::vector<std::pair<int, int>> runs;
    for (int row : rows) {
        if (!runs.empty() && runs.back().second + 1 == row)
            runs.back().second = row;
        else
            runs.emplace_back(row, row);
    }
    return runs;
}

// More than a few runs become one range from the first row to the last.
std::vector<std::pair<int, int>> boundedRuns(std::vector<std::pair<int, int>> runs)
{
    constexpr std::size_t kMaxRuns = 4;
    if (runs.size() > kMaxRuns)
        runs = {{runs.front().first, runs.back().second}};
    return runs;
}

} // namespace

ProcessTableModel::ProcessTableModel(const TriageConfig &config, QObject *parent)
    : QAbstractItemModel(parent), m_config(config), m_root(std::make_unique<Node>())
{
    m_stateColumn = m_columns.indexOf(u"state");
    m_classColumn = m_columns.indexOf(u"class");
    m_actionColumn = m_columns.indexOf(u"action");
    if (qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        m_actIcon = themeIcon(QStringLiteral("process-stop"));
    if (qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        for (int c = 0; c < kClassCount; ++c)
            m_icons[static_cast<std::size_t>(c)] = ClassStyle::icon(static_cast<ProcessClass>(c));
}

ProcessTableModel::~ProcessTableModel() = default;

void ProcessTableModel::setMarks(std::unordered_map<ProcessIdentity, QString> marks)
{
    std::vector<ProcessIdentity> touched;
    for (const auto &[key, label] : m_marks)
        if (auto it = marks.find(key); it == marks.end() || it->second != label)
            touched.push_back(key);
    for (const auto &[key, label] : marks)
        if (!m_marks.contains(key))
            touched.push_back(key);
    m_marks = std::move(marks);
    for (const ProcessIdentity &key : touched)
        if (const QModelIndex i = indexOf(key, m_stateColumn); i.isValid())
            Q_EMIT dataChanged(i, i, {Qt::DisplayRole});
}

namespace {

constexpr std::size_t kRowsBetweenYields = 64; // well under a millisecond of preparing rows

} // namespace

std::shared_ptr<const ProcessTableModel::PreparedRows> ProcessTableModel::prepare(
    std::shared_ptr<const TriageResult> result, const TriageConfig &config, const ProcessColumns &columns,
    std::shared_ptr<const PreparedRows> basis)
{
    static std::atomic<std::uint64_t> serials{0};
    auto rows = std::make_shared<PreparedRows>();
    rows->serial = ++serials;
    if (!result || !result->snapshot)
        return rows;
    const std::size_t n = result->snapshot->processes.size();
    rows->cells.reset(columns.count(), n + result->groups.size()); // once: grown, it would double
    rows->searchColumns = {columns.indexOf(u"command"), columns.indexOf(u"user"), columns.indexOf(u"pid")};
    // Most cells repeat ("root", "keep", "S" …): each distinct text is kept once per column and shared
    // by every row showing it, and a string sort value equal to its text is that text. A column
    // whose texts mostly differ (PIDs, command lines) stops looking after a few hundred rows: hashing
    // every cell of it cost a third of the preparing and shared next to nothing.
    struct Texts {
        QSet<QString> seen;
        int looked = 0, found = 0;
        bool worthIt() const { return looked < 256 || found * 4 >= looked; }
        QString shared(QString text)
        {
            if (!worthIt())
                return text;
            ++looked;
            if (auto it = seen.constFind(text); it != seen.constEnd()) {
                ++found;
                return *it;
            }
            seen.insert(text);
            return text;
        }
    };
    // Rows from nothing (the first result, another boot) on every core: the window waits for them.
    // Later ones, diffed against the rows shown, on this thread alone, beside the window's.
    const bool fromNothing = !basis && n >= 1024;
    const int workers = fromNothing ? workerCount() : 1;
    std::vector<std::vector<Texts>> texts(static_cast<std::size_t>(workers));
    for (auto &t : texts)
        t.resize(static_cast<std::size_t>(columns.count()));
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, workers - 1));
    parallelChunks(&pool, n, workers, [&](std::size_t begin, std::size_t end, int worker) {
        std::vector<Texts> &mine = texts[static_cast<std::size_t>(worker)];
        for (std::size_t i = begin; i < end; ++i) {
            const ProcessRow row(result->process(static_cast<int>(i)), config);
            for (int c = 0; c < columns.count(); ++c)
                rows->cells.set(i, c, mine[static_cast<std::size_t>(c)].shared(columns.at(c).display(row)),
                    columns.at(c).sortValue(row));
        }
    }); // background work (the feed's thread) passes a yield point between blocks of rows
    // The origin groups' rows after the processes': made whatever the mode, so that switching to
    // By origin has them ready (a few hundred rows at most, formatted from sums).
    rows->processes = n;
    rows->groups.reserve(result->groups.size());
    rows->groupSearch.reserve(result->groups.size());
    for (std::size_t g = 0; g < result->groups.size(); ++g) {
        rows->groups.push_back(summarizeGroup(*result, static_cast<int>(g)));
        const GroupRow row{*result, rows->groups.back()};
        for (int c = 0; c < columns.count(); ++c) {
            const ProcessColumn &col = columns.at(c);
            rows->cells.set(n + g, c, col.groupDisplay ? col.groupDisplay(row) : QString(),
                col.groupSort ? col.groupSort(row) : QVariant());
        }
        rows->groupSearch.push_back(ProcessColumns::groupSearchText(row));
        if (g % kRowsBetweenYields == kRowsBetweenYields - 1)
            yieldPoint();
    }
    if (basis && basis->result && basis->result->snapshot) {
        const TriageResult &old = *basis->result;
        std::unordered_map<ProcessIdentity, std::size_t> oldIndex;
        oldIndex.reserve(static_cast<std::size_t>(old.size()));
        for (int j = 0; j < old.size(); ++j) // a key seen twice keeps its first process, as the model does
            oldIndex.try_emplace(old.identityOf(j), static_cast<std::size_t>(j));
        rows->basisSerial = basis->serial;
        rows->changedColumns.assign(n, {0, -1});
        rows->candidacyChanged.assign(n, 0);
        rows->basisIndex.assign(n, -1);
        for (std::size_t i = 0; i < n; ++i) {
            if (i % kRowsBetweenYields == kRowsBetweenYields - 1)
                yieldPoint();
            auto it = oldIndex.find(result->identityOf(static_cast<int>(i)));
            if (it == oldIndex.end())
                continue;
            const std::size_t j = it->second;
            rows->basisIndex[i] = static_cast<int>(j);
            auto &[first, last] = rows->changedColumns[i];
            first = columns.count();
            for (int c = 0; c < columns.count(); ++c)
                if (!rows->cells.sameCell(i, c, basis->cells, j)) {
                    first = std::min(first, c);
                    last = c;
                }
            const Recommendation &now = result->process(static_cast<int>(i)).recommendation();
            const Recommendation &then = basis->result->process(static_cast<int>(j)).recommendation();
            rows->candidacyChanged[i] = now.candidate != then.candidate || now.review != then.review ? 1 : 0;
        }
        // The groups, matched by their key.
        std::unordered_map<std::string_view, std::size_t> oldGroup;
        for (std::size_t h = 0; h < basis->groups.size(); ++h)
            oldGroup.try_emplace(basis->result->group(basis->groups[h].group).key, h);
        const std::size_t total = rows->rowCount();
        rows->changedColumns.resize(total, {0, -1});
        rows->candidacyChanged.resize(total, 0);
        rows->basisIndex.resize(total, -1);
        for (std::size_t g = 0; g < rows->groups.size(); ++g) {
            auto it = oldGroup.find(result->group(static_cast<int>(g)).key);
            if (it == oldGroup.end())
                continue;
            const std::size_t i = n + g, j = basis->processes + it->second;
            rows->basisIndex[i] = static_cast<int>(j);
            auto &[first, last] = rows->changedColumns[i];
            first = columns.count();
            for (int c = 0; c < columns.count(); ++c)
                if (!rows->cells.sameCell(i, c, basis->cells, j)) {
                    first = std::min(first, c);
                    last = c;
                }
            rows->candidacyChanged[i] = (rows->groups[g].leftovers > 0) != (basis->groups[it->second].leftovers > 0);
        }
    }
    rows->result = std::move(result);
    return rows;
}

std::array<const QString *, 3> ProcessTableModel::PreparedRows::searchParts(std::size_t row) const
{
    std::array<const QString *, 3> parts{};
    if (isGroup(row)) {
        parts[0] = &groupSearch[row - processes];
        return parts;
    }
    for (std::size_t k = 0; k < parts.size(); ++k)
        if (searchColumns[k] >= 0)
            parts[k] = &cells.text(row, searchColumns[k]);
    return parts;
}

QString ProcessTableModel::PreparedRows::searchText(std::size_t row) const
{
    QStringList parts;
    for (const QString *part : searchParts(row))
        if (part)
            parts << *part;
    return parts.join(QLatin1Char('\n'));
}

void ProcessTableModel::setResult(std::shared_ptr<const TriageResult> result)
{
    setPrepared(prepare(std::move(result), m_config, m_columns, m_rows));
}

void ProcessTableModel::setPrepared(std::shared_ptr<const PreparedRows> rows)
{
    const auto &result = rows ? rows->result : nullptr;
    if (!m_result || !result || !result->snapshot
        || result->snapshot->system.bootId != m_result->snapshot->system.bootId)
        rebuild(std::move(rows));
    else
        applyIncrementally(std::move(rows));
}

void ProcessTableModel::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    rebuild(m_rows);
}

std::size_t ProcessTableModel::rowsOf(const PreparedRows &rows) const
{
    return m_mode == Mode::Origin ? rows.rowCount() : rows.processes;
}

void ProcessTableModel::takeRow(Node *node, int index) const
{
    const auto i = static_cast<std::size_t>(index);
    if (m_rows && m_rows->isGroup(i)) {
        node->index = index;
        node->candidate = m_rows->groups[i - m_rows->processes].leftovers > 0;
        node->tinted = false;
        return;
    }
    node->index = index;
    const Recommendation &rec = m_result->process(index).recommendation();
    node->candidate = rec.candidate;
    node->tinted = rec.candidate && !rec.review;
}

void ProcessTableModel::rebuild(std::shared_ptr<const PreparedRows> rows)
{
    beginResetModel();
    m_nodes.clear();
    m_nodeAt.clear();
    m_root = std::make_unique<Node>();
    m_rows = rows && rows->result && rows->result->snapshot ? std::move(rows) : nullptr;
    m_result = m_rows ? m_rows->result : nullptr;
    if (m_result) {
        const TriageResult &r = *m_result;
        const std::size_t n = r.snapshot->processes.size();
        const bool origin = m_mode == Mode::Origin;
        const std::vector<int> parents = origin ? originParents(r) : parentIndices(r, m_mode == Mode::Tree);
        std::vector<Node *> at(rowsOf(*m_rows), nullptr);
        for (std::size_t i = 0; i < at.size(); ++i) {
            const auto k = static_cast<int>(i);
            const ProcessIdentity key = i < n ? r.identityOf(k) : groupNodeId(r.group(k - r.size()).key);
            auto node = std::make_unique<Node>();
            node->id = key;
            takeRow(node.get(), static_cast<int>(i));
            if (m_nodes.try_emplace(key, node.get()).second) // a key seen twice keeps its first process
                at[i] = node.release();
        }
        // Parents before their children: ranked, or by origin the groups first.
        for (int i : origin ? originOrder(r) : rankedOrder(r)) {
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
    const std::size_t n = r.snapshot->processes.size();
    const std::size_t rows = rowsOf(*prepared);
    u.at.assign(rows, nullptr);
    u.generation = ++m_generation;
    // Prepared against the rows shown, each process already knows its row in the result shown.
    const bool mapped = m_rows && prepared->basisSerial == m_rows->serial && prepared->basisIndex.size() >= rows;
    for (std::size_t i = 0; i < rows; ++i) {
        const auto k = static_cast<int>(i);
        const ProcessIdentity id = i < n ? r.identityOf(k) : groupNodeId(r.group(k - r.size()).key);
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
    u.parents = m_mode == Mode::Origin ? originParents(r) : parentIndices(r, m_mode == Mode::Tree);
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
        takeRow(x, x->nextIndex);
}

// Step 3: insertions, appended under their parent, a level at a time (a fresh parent before its
// fresh children), in ranking order.
void ProcessTableModel::insertFresh(Update &u)
{
    std::vector<Node *> fresh;
    for (int i : m_mode == Mode::Origin ? originOrder(*m_result) : rankedOrder(*m_result))
        if (Node *x = u.at[static_cast<std::size_t>(i)]; x && !x->parent) { // fresh: not in the tree yet
            takeRow(x, i);
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
    const auto it = m_nodes.find(id);
    return it == m_nodes.end() ? QModelIndex() : indexOfNode(it->second.get(), column);
}

int ProcessTableModel::resultIndex(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || !m_rows)
        return -1;
    const int i = nodeOf(index)->index;
    return m_rows->isGroup(static_cast<std::size_t>(i)) ? -1 : i;
}

int ProcessTableModel::groupIndex(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || !m_rows)
        return -1;
    const auto i = static_cast<std::size_t>(nodeOf(index)->index);
    return m_rows->isGroup(i) ? m_rows->groups[i - m_rows->processes].group : -1;
}

QModelIndex ProcessTableModel::indexOfGroup(const std::string &key) const
{
    if (m_mode != Mode::Origin)
        return {};
    const QModelIndex i = indexOf(groupNodeId(key));
    return groupIndex(i) >= 0 && m_result->group(groupIndex(i)).key == key ? i : QModelIndex();
}

std::optional<ProcessTableModel::FilterFacts> ProcessTableModel::filterFacts(int row, const QModelIndex &parent) const
{
    if (!m_result || (parent.isValid() && parent.model() != this))
        return std::nullopt;
    const Node *p = nodeOf(parent);
    if (row < 0 || static_cast<std::size_t>(row) >= p->children.size())
        return std::nullopt;
    const Node *node = p->children[static_cast<std::size_t>(row)];
    FilterFacts f;
    if (m_rows->isGroup(static_cast<std::size_t>(node->index))) {
        f.group = true;
        f.candidate = node->candidate;
        f.searchParts = m_rows->searchParts(static_cast<std::size_t>(node->index));
        return f;
    }
    const ProcessRow r(m_result->process(node->index), m_config);
    f.identity = r.sample().id;
    f.candidate = node->candidate;
    f.kernelThread = r.sample().isKernelThread();
    f.isProtected = !r.facts().protectedReason.empty();
    f.uid = r.sample().uid;
    f.searchParts = m_rows->searchParts(static_cast<std::size_t>(node->index));
    f.listenPorts = &r.facts().listenPorts;
    return f;
}

QModelIndex ProcessTableModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, nodeOf(parent)->children[static_cast<std::size_t>(row)]);
}

QModelIndex ProcessTableModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOfNode(nodeOf(child)->parent);
}

int ProcessTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
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
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::DoNotUseParent) || !m_result
        || index.column() >= m_columns.count())
        return {};
    const Node *node = nodeOf(index);
    const int column = index.column();
    if (m_rows->isGroup(static_cast<std::size_t>(node->index)))
        return groupData(node, column, role);
    const ProcessColumn &col = m_columns.at(column);
    const ProcessRow row(m_result->process(node->index), m_config);
    const auto i = static_cast<std::size_t>(node->index); // into m_rows, as into m_result
    const bool isClassColumn = column == m_classColumn;
    switch (role) {
    case Qt::DisplayRole:
        if (column == m_stateColumn && !m_marks.empty())
            if (auto it = m_marks.find(node->id); it != m_marks.end())
                return tr("%1 by ptriage · %2").arg(it->second, m_rows->cells.text(i, column));
        return m_rows->cells.text(i, column);
    case Qt::ToolTipRole:
        return col.toolTip ? QVariant(col.toolTip(row)) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant(col.alignment.toInt());
    case Qt::DecorationRole:
        if (isClassColumn && !m_icons[0].isNull() && !row.tooYoungToJudge())
            return m_icons[static_cast<std::size_t>(row.posterior().classification)];
        if (column == m_actionColumn && node->tinted && !m_actIcon.isNull()
            && row.recommendation().action == RecommendedAction::Kill)
            return m_actIcon;
        return {};
    case Qt::FontRole:
        // What ptriage wants done reads bold; what it only wants a person to look at, italic.
        if (column == m_actionColumn && (node->tinted || row.recommendation().review)) {
            QFont font;
            font.setBold(node->tinted);
            font.setItalic(!node->tinted);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (isClassColumn && row.tooYoungToJudge())
            return {};
        if (isClassColumn)
            return ClassStyle::color(row.posterior().classification).darker(node->tinted ? 130 : 100);
        if (column == m_actionColumn && row.recommendation().review)
            return ClassStyle::color(row.posterior().classification).darker(130);
        if (node->tinted)
            return ClassStyle::textOnBackground();
        return {};
    case Qt::BackgroundRole:
        if (node->tinted)
            return ClassStyle::background(row.posterior().classification);
        return {};
    case SortRole:
        return m_rows->cells.sortValue(i, column);
    case IdentityRole:
        return QVariant::fromValue(row.sample().id);
    case CandidateRole:
        return node->candidate;
    case ScoreRole:
        return row.recommendation().score;
    case SearchTextRole:
        return m_rows->searchText(i);
    case ClassRole:
        return static_cast<int>(row.posterior().classification);
    case UidRole:
        return row.sample().uid ? QVariant(static_cast<uint>(*row.sample().uid)) : QVariant();
    case ProtectedRole:
        return !row.facts().protectedReason.empty();
    case PidRole:
        return row.sample().id.pid;
    case KernelThreadRole:
        return row.sample().isKernelThread();
    case RowKeyRole:
        return row.sample().id.toQString();
    case GroupKeyRole:
        return QString();
    default:
        return {};
    }
}

// An origin group's row: sums and its strongest member, no identity of its own.
QVariant ProcessTableModel::groupData(const Node *node, int column, int role) const
{
    const auto i = static_cast<std::size_t>(node->index);
    const GroupSummary &summary = m_rows->groups[i - m_rows->processes];
    const ProcessColumn &col = m_columns.at(column);
    switch (role) {
    case Qt::DisplayRole:
        return m_rows->cells.text(i, column);
    case Qt::ToolTipRole:
        return col.groupToolTip ? QVariant(col.groupToolTip(GroupRow{*m_result, summary})) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant(col.alignment.toInt());
    case Qt::FontRole:
        if (column == m_columns.indexOf(u"command") || (column == m_actionColumn && node->candidate)) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case SortRole:
        return m_rows->cells.sortValue(i, column);
    case CandidateRole:
        return node->candidate;
    case ScoreRole:
        return summary.strongest < 0 ? 0 : m_result->process(summary.strongest).recommendation().score;
    case SearchTextRole:
        return m_rows->searchText(i);
    case ProtectedRole:
    case KernelThreadRole:
        return false;
    case RowKeyRole:
        return QStringLiteral("group:") + QString::fromStdString(m_result->group(summary.group).key);
    case GroupKeyRole:
        return QString::fromStdString(m_result->group(summary.group).key);
    default:
        return {}; // no identity, pid, class or uid: a group is not a process
    }
}

QVariant ProcessTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.count())
        return {};
    const ProcessColumn &col = m_columns.at(section);
    switch (role) {
    case Qt::DisplayRole:
        return col.header();
    case Qt::ToolTipRole:
        return col.headerToolTip();
    case Qt::TextAlignmentRole:
        return QVariant(col.alignment.toInt());
    case Qt::InitialSortOrderRole: // QHeaderView: the order of the first click on this header
        return static_cast<int>(col.firstSortOrder);
    default:
        return {};
    }
}

QHash<int, QByteArray> ProcessTableModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractItemModel::roleNames();
    names.insert(SortRole, "sortValue");
    names.insert(IdentityRole, "identity");
    names.insert(CandidateRole, "candidate");
    names.insert(ScoreRole, "score");
    names.insert(SearchTextRole, "searchText");
    names.insert(ClassRole, "processClass");
    names.insert(UidRole, "uid");
    names.insert(ProtectedRole, "protected");
    names.insert(KernelThreadRole, "kernelThread");
    names.insert(PidRole, "pid");
    names.insert(RowKeyRole, "rowKey");
    names.insert(GroupKeyRole, "groupKey");
    return names;
}

} // namespace ptriage
