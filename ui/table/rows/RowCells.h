#pragma once

#include <QString>
#include <QVariant>

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace ptriage {

// The texts and sort values of prepared rows, in flat arrays (row × column). A sort value is kept
// typed in 9 bytes (its kind apart), not as a QVariant of 32 in a list per row: a number, or the
// cell's own text (shared, not copied). At 5,000 processes that is megabytes less per refresh.
class RowCells {
public:
    void reset(int columns, std::size_t rows); // every cell empty, with no sort value
    int columns() const { return m_columns; }
    std::size_t rows() const { return m_columns > 0 ? m_texts.size() / static_cast<std::size_t>(m_columns) : 0; }

    // Safe from several threads at once for different rows.
    void set(std::size_t row, int column, QString text, const QVariant &sortValue);

    const QString &text(std::size_t row, int column) const { return m_texts[at(row, column)]; }
    QVariant sortValue(std::size_t row, int column) const;
    // Whether a cell shows and sorts as a cell of `other` does.
    bool sameCell(std::size_t row, int column, const RowCells &other, std::size_t otherRow) const;

private:
    enum class Kind : std::uint8_t { None, Bool, Int, UInt, LongLong, ULongLong, Double, Text, Other };
    union Number {
        qint64 i;
        quint64 u;
        double d;
    };
    std::size_t at(std::size_t row, int column) const
    {
        return row * static_cast<std::size_t>(m_columns) + static_cast<std::size_t>(column);
    }

    int m_columns = 0;
    std::vector<QString> m_texts;
    std::vector<Kind> m_kinds; // of each cell's sort value
    std::vector<Number> m_numbers; // its value, when a number
    // A sort value that is neither a number nor its cell's text (none of today's columns): by cell.
    std::mutex m_otherLock;
    std::unordered_map<std::size_t, QVariant> m_other;
};

} // namespace ptriage
