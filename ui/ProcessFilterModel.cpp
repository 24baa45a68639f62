#include "ProcessFilterModel.h"

#include "ProcessColumns.h"

#include <QRegularExpression>

#include <unistd.h>

namespace ptriage {

ProcessFilterModel::ProcessFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent), m_myUid(static_cast<uint>(::getuid()))
{
    setSortRole(SortRole);
    // The role whose change can change what passes the filter (see ProcessTableModel's dataChanged).
    setFilterRole(CandidateRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setRecursiveFilteringEnabled(true);
    setDynamicSortFilter(true);
}

void ProcessFilterModel::setFilterText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_terms = text.toCaseFolded().split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    refilter();
}

void ProcessFilterModel::setScope(Scope scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    refilter();
}

void ProcessFilterModel::setCandidatesOnly(bool on)
{
    if (on == m_candidatesOnly)
        return;
    m_candidatesOnly = on;
    refilter();
}

void ProcessFilterModel::setOnly(QStringList identities)
{
    if (identities == m_only)
        return;
    m_only = std::move(identities);
    refilter();
}

void ProcessFilterModel::setMyUid(uint uid)
{
    if (uid == m_myUid)
        return;
    m_myUid = uid;
    refilter();
}

void ProcessFilterModel::refilter()
{
    invalidateFilter();
}

bool ProcessFilterModel::matches(const QModelIndex &source) const
{
    if (m_candidatesOnly && !source.data(CandidateRole).toBool())
        return false;
    if (!m_only.isEmpty() && !m_only.contains(source.data(IdentityRole).toString()))
        return false;
    // Kernel threads are never candidates and crowd the table: only the System view lists them.
    if (m_scope != Scope::System && source.data(KernelThreadRole).toBool())
        return false;
    if (m_scope != Scope::AllUsers) {
        const QVariant uid = source.data(UidRole);
        if (m_scope == Scope::Mine && (!uid.isValid() || uid.toUInt() != m_myUid))
            return false;
        if (m_scope == Scope::System && !(uid.isValid() && uid.toUInt() == 0) && !source.data(ProtectedRole).toBool())
            return false;
    }
    if (m_terms.isEmpty())
        return true;
    const QString text = source.data(SearchTextRole).toString().toCaseFolded();
    for (const QString &term : m_terms)
        if (!text.contains(term))
            return false;
    return true;
}

bool ProcessFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    return matches(sourceModel()->index(sourceRow, 0, sourceParent));
}

} // namespace ptriage
