#pragma once

#include "table/OriginModel.h"
#include "table/rows/PreparedRows.h"
#include "table/rows/RowRoles.h"

#include <QAbstractItemModel>

#include <memory>
#include <optional>
#include <unordered_map>

namespace ptriage {

// The process table: one row per process of the latest TriageResult, flat or as the parent/child
// tree. Rows are keyed by ProcessIdentity (boot, start ticks and PID), never by row or PID: a new
// result is applied as batched removals, insertions, moves and coalesced dataChanged ranges, and a
// row keeps its position between results (sorting is the proxy's job), so persistent indexes — the
// view's selection, current index and expanded nodes — stay on their process.
// By origin, the table is its OriginModel (originModel()), which it feeds the same rows while shown.
class ProcessTableModel : public QAbstractItemModel {
    Q_OBJECT
public:
    using PreparedRows = ptriage::PreparedRows;

    // `config` gives the category labels; it must outlive this object.
    explicit ProcessTableModel(const TriageConfig &config, QObject *parent = nullptr);
    ~ProcessTableModel() override;

    // The first result, or one from another boot, resets the model; every later one is applied
    // as batched updates. A null result empties the model.
    void setResult(std::shared_ptr<const TriageResult> result);
    void setPrepared(std::shared_ptr<const PreparedRows> rows);
    std::shared_ptr<const TriageResult> result() const { return m_result; }
    std::shared_ptr<const PreparedRows> prepared() const { return m_rows; }

    // Tree: a process is the child of its parent process when that is in the result, top-level
    // otherwise. By origin: this model has no rows, its OriginModel has them (shown()). Switching
    // builds the rows anew.
    enum class Mode { Flat, Tree, Origin };
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    void setTreeMode(bool tree) { setMode(tree ? Mode::Tree : Mode::Flat); }
    bool treeMode() const { return m_mode == Mode::Tree; }
    // The model a view shows: this one, or by origin originModel() (ProcessFilterModel follows it).
    QAbstractItemModel *shown() const;
    OriginModel *originModel() const { return m_origin; }

    const ProcessColumns &columns() const { return m_columns; }

    // What ptriage did to a process and has not undone ("frozen", "paused" …): shown in the State
    // column until undone or gone.
    void setMarks(std::unordered_map<ProcessIdentity, QString> marks);

    // The row of a process in the model shown (column `column`); invalid when not in the current result.
    QModelIndex indexOf(const ProcessIdentity &id, int column = 0) const;
    // Of an index of the model shown: the process behind it (its position in result()'s arrays), or
    // the origin group (its position in result()->groups); else -1.
    int resultIndex(const QModelIndex &index) const;
    int groupIndex(const QModelIndex &index) const;
    // The row of the origin group with this key (column 0, By origin); invalid when not shown.
    QModelIndex indexOfGroup(const std::string &key) const;

    // What a filter reads of one of this model's rows; empty for a row that is not there.
    std::optional<FilterFacts> filterFacts(int row, const QModelIndex &parent) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void shownChanged(QAbstractItemModel *shown);

private:
    struct Node;
    struct Update;
    using NodeMap = std::unordered_map<ProcessIdentity, std::unique_ptr<Node>>;

    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOfNode(const Node *node, int column = 0) const;
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
    void keep(std::shared_ptr<const PreparedRows> rows); // as m_rows and m_result, when it has a result

    const TriageConfig &m_config;
    ProcessColumns m_columns;
    RowRoles m_roles;
    std::shared_ptr<const TriageResult> m_result;
    std::shared_ptr<const PreparedRows> m_rows;
    Mode m_mode = Mode::Flat;
    OriginModel *m_origin; // fed while By origin is shown, empty otherwise
    std::uint64_t m_generation = 0;
    std::unique_ptr<Node> m_root;
    NodeMap m_nodes;
    // The node of each process of m_result (null for a repeated key): with basisIndex, a refresh
    // finds its survivors without hashing an identity.
    std::vector<Node *> m_nodeAt;
};

} // namespace ptriage
