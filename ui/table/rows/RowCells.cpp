#include "table/rows/RowCells.h"

namespace ptriage {

void RowCells::reset(int columns, std::size_t rows)
{
    m_columns = std::max(0, columns);
    m_texts.assign(rows * static_cast<std::size_t>(m_columns), QString());
    m_kinds.assign(m_texts.size(), Kind::None);
    m_numbers.assign(m_texts.size(), Number{});
    m_other.clear();
}

void RowCells::set(std::size_t row, int column, QString text, const QVariant &sortValue)
{
    const std::size_t i = at(row, column);
    Kind &kind = m_kinds[i];
    Number &value = m_numbers[i];
    switch (sortValue.typeId()) {
    case QMetaType::UnknownType:
        kind = Kind::None;
        break;
    case QMetaType::Bool:
        kind = Kind::Bool;
        value.i = sortValue.toBool() ? 1 : 0;
        break;
    case QMetaType::Int:
        kind = Kind::Int;
        value.i = sortValue.toInt();
        break;
    case QMetaType::UInt:
        kind = Kind::UInt;
        value.u = sortValue.toUInt();
        break;
    case QMetaType::LongLong:
        kind = Kind::LongLong;
        value.i = sortValue.toLongLong();
        break;
    case QMetaType::ULongLong:
        kind = Kind::ULongLong;
        value.u = sortValue.toULongLong();
        break;
    case QMetaType::Double:
        kind = Kind::Double;
        value.d = sortValue.toDouble();
        break;
    default:
        if (sortValue.typeId() == QMetaType::QString && sortValue.toString() == text) {
            kind = Kind::Text;
        } else {
            kind = Kind::Other;
            const std::lock_guard lock(m_otherLock);
            m_other.insert_or_assign(i, sortValue);
        }
        break;
    }
    m_texts[i] = std::move(text);
}

QVariant RowCells::sortValue(std::size_t row, int column) const
{
    const std::size_t i = at(row, column);
    const Number &value = m_numbers[i];
    switch (m_kinds[i]) {
    case Kind::None:
        return {};
    case Kind::Bool:
        return QVariant(value.i != 0);
    case Kind::Int:
        return QVariant(static_cast<int>(value.i));
    case Kind::UInt:
        return QVariant(static_cast<uint>(value.u));
    case Kind::LongLong:
        return QVariant(static_cast<qlonglong>(value.i));
    case Kind::ULongLong:
        return QVariant(static_cast<qulonglong>(value.u));
    case Kind::Double:
        return QVariant(value.d);
    case Kind::Text:
        return QVariant(m_texts[i]);
    case Kind::Other:
        break;
    }
    const auto it = m_other.find(i);
    return it == m_other.end() ? QVariant() : it->second;
}

bool RowCells::sameCell(std::size_t row, int column, const RowCells &other, std::size_t otherRow) const
{
    const std::size_t i = at(row, column), j = other.at(otherRow, column);
    const Kind kind = m_kinds[i];
    if (kind != other.m_kinds[j] || m_texts[i] != other.m_texts[j])
        return false;
    const Number &a = m_numbers[i], &b = other.m_numbers[j];
    switch (kind) {
    case Kind::None:
    case Kind::Text:
        return true;
    case Kind::Double:
        return a.d == b.d;
    case Kind::Other:
        return sortValue(row, column) == other.sortValue(otherRow, column);
    default:
        return a.i == b.i;
    }
}

} // namespace ptriage
