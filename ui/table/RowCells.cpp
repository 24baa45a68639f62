#include "table/RowCells.h"

namespace ptriage {

void RowCells::reset(int columns, std::size_t rows)
{
    m_columns = std::max(0, columns);
    m_texts.assign(rows * static_cast<std::size_t>(m_columns), QString());
    m_keys.assign(m_texts.size(), SortKey());
    m_other.clear();
}

void RowCells::set(std::size_t row, int column, QString text, const QVariant &sortValue)
{
    const std::size_t i = at(row, column);
    SortKey &key = m_keys[i];
    switch (sortValue.typeId()) {
    case QMetaType::UnknownType:
        key.kind = Kind::None;
        break;
    case QMetaType::Bool:
        key.kind = Kind::Bool;
        key.value.i = sortValue.toBool() ? 1 : 0;
        break;
    case QMetaType::Int:
        key.kind = Kind::Int;
        key.value.i = sortValue.toInt();
        break;
    case QMetaType::UInt:
        key.kind = Kind::UInt;
        key.value.u = sortValue.toUInt();
        break;
    case QMetaType::LongLong:
        key.kind = Kind::LongLong;
        key.value.i = sortValue.toLongLong();
        break;
    case QMetaType::ULongLong:
        key.kind = Kind::ULongLong;
        key.value.u = sortValue.toULongLong();
        break;
    case QMetaType::Double:
        key.kind = Kind::Double;
        key.value.d = sortValue.toDouble();
        break;
    default:
        if (sortValue.typeId() == QMetaType::QString && sortValue.toString() == text) {
            key.kind = Kind::Text;
        } else {
            key.kind = Kind::Other;
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
    const SortKey &key = m_keys[i];
    switch (key.kind) {
    case Kind::None:
        return {};
    case Kind::Bool:
        return QVariant(key.value.i != 0);
    case Kind::Int:
        return QVariant(static_cast<int>(key.value.i));
    case Kind::UInt:
        return QVariant(static_cast<uint>(key.value.u));
    case Kind::LongLong:
        return QVariant(static_cast<qlonglong>(key.value.i));
    case Kind::ULongLong:
        return QVariant(static_cast<qulonglong>(key.value.u));
    case Kind::Double:
        return QVariant(key.value.d);
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
    const SortKey &a = m_keys[i], &b = other.m_keys[j];
    if (a.kind != b.kind || m_texts[i] != other.m_texts[j])
        return false;
    switch (a.kind) {
    case Kind::None:
    case Kind::Text:
        return true;
    case Kind::Double:
        return a.value.d == b.value.d;
    case Kind::Other:
        return sortValue(row, column) == other.sortValue(otherRow, column);
    default:
        return a.value.i == b.value.i;
    }
}

} // namespace ptriage
