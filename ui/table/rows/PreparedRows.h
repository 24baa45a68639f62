#pragma once

#include "table/ProcessColumns.h"
#include "table/rows/RowCells.h"

#include <array>
#include <memory>
#include <optional>

namespace ptriage {

// What a filter reads of a row (as the roles answer it), without a QVariant per role: a sorting
// proxy re-filters every row a refresh changes.
struct FilterFacts {
    ProcessIdentity identity;
    bool candidate = false;
    bool kernelThread = false;
    bool isProtected = false;
    bool group = false; // an origin group's row: shown when one of its members is
    std::optional<std::uint32_t> uid;
    std::array<const QString *, 3> searchParts{}; // valid while these rows are shown
    const std::vector<int> *listenPorts = nullptr; // likewise
};

// What every row of the process table shows, sorts by and is searched by, formatted once per result
// for every model of the table (flat and tree: ProcessTableModel; by origin: OriginModel). Building
// it is the expensive part of a refresh and touches no model: run it on any thread.
struct PreparedRows {
    std::shared_ptr<const TriageResult> result;
    // By row index, a text and a sort value per column: the processes by result index, then the
    // origin groups (row processes + g: result->group(g)).
    RowCells cells;
    std::size_t processes = 0;
    std::vector<GroupSummary> groups; // by group
    std::vector<QString> groupSearch; // by group: what the filter searches in its row
    std::array<int, 3> searchColumns{-1, -1, -1}; // a process's: its command line, user and PID
    // Against `basis` (the rows shown when this was prepared): per row, the first and last column
    // whose text or sort value changed (last −1: none, or new), and whether its candidacy changed.
    // Lets the GUI thread skip comparing 5,000 rows cell by cell.
    std::uint64_t serial = 0;
    std::uint64_t basisSerial = 0; // 0: no diff
    std::vector<std::pair<int, int>> changedColumns;
    std::vector<char> candidacyChanged;
    std::vector<int> basisIndex; // per row, its row in basis (−1: new); a group is matched by its key

    // Formats `result`'s rows (the origin groups' too, whatever the model), diffed against `basis`.
    static std::shared_ptr<const PreparedRows> prepare(std::shared_ptr<const TriageResult> result,
        const TriageConfig &config, const ProcessColumns &columns, std::shared_ptr<const PreparedRows> basis = nullptr);

    bool isGroup(std::size_t row) const { return row >= processes; }
    std::size_t groupRow(int group) const { return processes + static_cast<std::size_t>(group); }
    std::size_t rowCount() const { return cells.rows(); }
    // What the filter searches in a row, in parts (a term matches within one), and joined.
    std::array<const QString *, 3> searchParts(std::size_t row) const;
    QString searchText(std::size_t row) const;
    // Worth a person's attention: a candidate process, or a group its End would end some of.
    bool candidate(std::size_t row) const;
    FilterFacts filterFacts(std::size_t row) const;
};

} // namespace ptriage
