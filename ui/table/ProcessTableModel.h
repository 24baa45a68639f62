#pragma once

#include "table/ProcessColumns.h"
#include "table/RowCells.h"

#include <QAbstractItemModel>
#include <QIcon>

#include <array>
#include <memory>
#include <optional>
#include <unordered_map>

namespace ptriage {

// The process table: one row per process of the latest TriageResult, flat, as the parent/child
// tree, or by origin (one parent row per origin group, its members under it). Rows are keyed by ProcessIdentity (boot,
// start ticks and PID), never by row or PID: a new result is applied as batched removals, insertions, moves and
// coalesced dataChanged ranges, and a row keeps its position between results (sorting is the proxy's job), so
// persistent indexes — the view's selection, current index and expanded nodes — stay on their process.
class ProcessTableModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // `model` gives the category labels; it must outlive this object.
    explicit ProcessTableModel(const TriageConfig &config, QObject *parent = nullptr);
    ~ProcessTableModel() override;

    // What every row shows, sorts by and is searched by, formatted once per result. Building it is
    // the expensive part of a refresh and touches nothing of the model: run it on any thread.
    struct PreparedRows {
        std::shared_ptr<const TriageResult> result;
        // By row index, a text and a sort value per column: the processes by result index, then the
        // origin groups (row processes + g: result->groups[g]).
        RowCells cells;
        std::size_t processes = 0;
        std::vector<GroupSummary> groups; // by group
        std::vector<QString> groupSearch; // by group: what the filter searches in its row
        std::array<int, 3> searchColumns{-1, -1, -1}; // a process's: its command line, user and PID
        bool isGroup(std::size_t row) const { return row >= processes; }
        std::size_t rowCount() const { return cells.rows(); }
        // What the filter searches in a row, in parts (a term matches within one), and joined.
        std::array<const QString *, 3> searchParts(std::size_t row) const;
        QString searchText(std::size_t row) const;
        // Against `basis` (the rows shown when this was prepared): per process, the first and last
        // column whose text or sort value changed (last −1: none, or new), and whether its candidacy
        // changed. Lets the GUI thread skip comparing 5,000 rows cell by cell.
        std::uint64_t serial = 0;
        std::uint64_t basisSerial = 0; // 0: no diff
        std::vector<std::pair<int, int>> changedColumns;
        std::vector<char> candidacyChanged;
        std::vector<int> basisIndex; // per row, its row in basis (−1: new); a group is matched by its key
    };
    static std::shared_ptr<const PreparedRows> prepare(std::shared_ptr<const TriageResult> result,
        const TriageConfig &config, const ProcessColumns &columns, std::shared_ptr<const PreparedRows> basis = nullptr);

    // The first result, or one from another boot, resets the model; every later one is applied
    // as batched updates. A null result empties the model.
    void setResult(std::shared_ptr<const TriageResult> result);
    void setPrepared(std::shared_ptr<const PreparedRows> rows);
    std::shared_ptr<const TriageResult> result() const { return m_result; }
    std::shared_ptr<const PreparedRows> prepared() const { return m_rows; }

    // Tree: a process is the child of its parent process when that is in the result, top-level
    // otherwise. By origin: a process is the child of its origin group's row. Switching resets the model.
    enum class Mode { Flat, Tree, Origin };
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    void setTreeMode(bool tree) { setMode(tree ? Mode::Tree : Mode::Flat); }
    bool treeMode() const { return m_mode == Mode::Tree; }

    const ProcessColumns &columns() const { return m_columns; }

    // What ptriage did to a process and has not undone ("frozen", "paused" …): shown in the State
    // column until undone or gone.
    void setMarks(std::unordered_map<ProcessIdentity, QString> marks);

    // The row of a process (column `column`); invalid when it is not in the current result.
    QModelIndex indexOf(const ProcessIdentity &id, int column = 0) const;
    // The process behind an index: its position in result()'s arrays, or -1 (an origin group's row too).
    int resultIndex(const QModelIndex &index) const;
    // The origin group behind an index (By origin view): its position in result()->groups, or -1.
    int groupIndex(const QModelIndex &index) const;
    // The row of the origin group with this key (column 0); invalid when not shown.
    QModelIndex indexOfGroup(const std::string &key) const;

    // What a filter reads of a row (as the roles answer it), without a QVariant per role: a sorting
    // proxy re-filters every row a refresh changes. Empty for a row that is not there.
    struct FilterFacts {
        ProcessIdentity identity;
        bool candidate = false;
        bool kernelThread = false;
        bool isProtected = false;
        bool group = false; // an origin group's row: shown when one of its members is
        std::optional<std::uint32_t> uid;
        std::array<const QString *, 3> searchParts{}; // valid until the next result is applied
        const std::vector<int> *listenPorts = nullptr; // likewise
    };
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
    struct Node;
    struct Update;
    using NodeMap = std::unordered_map<ProcessIdentity, std::unique_ptr<Node>>;

    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOfNode(const Node *node, int column = 0) const;
    void takeRow(Node *node, int index) const;
    void rebuild(std::shared_ptr<const PreparedRows> rows);
    // A new result of the same boot, in five steps that keep every view's state (selection,
    // expansion, scroll) on the same processes: each below is one of them.
    void applyIncrementally(std::shared_ptr<const PreparedRows> rows);
    Update matchNodes(std::shared_ptr<const PreparedRows> rows);
    void liftReparented(Update &u);
    void removeVanished(Update &u);
    void takeOverResult(Update &u);
    void insertFresh(Update &u);
    void reportChanged(const Update &u);
    void moveNode(Node *node, Node *to);
    void removeChildren(Node *parent, const std::vector<int> &rows);
    void renumber(Node *parent, int from = 0);
    std::size_t rowsOf(const PreparedRows &rows) const; // the nodes this mode makes of them
    QVariant groupData(const Node *node, int column, int role) const;

    const TriageConfig &m_config;
    ProcessColumns m_columns;
    std::shared_ptr<const TriageResult> m_result;
    std::shared_ptr<const PreparedRows> m_rows;
    Mode m_mode = Mode::Flat;
    std::uint64_t m_generation = 0;
    std::unique_ptr<Node> m_root;
    NodeMap m_nodes;
    // The node of each process of m_result (null for a repeated key): with basisIndex, a refresh
    // finds its survivors without hashing an identity.
    std::vector<Node *> m_nodeAt;
    std::array<QIcon, kClassCount> m_icons;
    std::unordered_map<ProcessIdentity, QString> m_marks;
    int m_stateColumn = -1;
    int m_classColumn = -1;
    int m_actionColumn = -1;
    QIcon m_actIcon; // beside a recommended kill
};

} // namespace ptriage
