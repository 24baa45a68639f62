#pragma once

#include "session/SessionComparison.h"

#include <QAbstractTableModel>

#include <optional>

namespace ptriage {

// The transitions of a session comparison as a table (one row per identity, or per command and
// origin across boots), filtered by kind. Sorting is a proxy's, by ProcessColumns' SortRole.
class TransitionModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Change, Pid, Command, Class, Recommendation, Memory, MemoryGrowth, CpuGrowth, ColumnCount };

    explicit TransitionModel(QObject *parent = nullptr);
    void setComparison(std::shared_ptr<const SessionComparison> comparison);
    // Only this kind; nullopt: every kind except "unchanged".
    void setKind(std::optional<Transition> kind);
    const DiffEntry *entry(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void rebuild();

    std::shared_ptr<const SessionComparison> m_comparison;
    std::optional<Transition> m_kind;
    std::vector<int> m_rows; // into the diff's entries
};

} // namespace ptriage
