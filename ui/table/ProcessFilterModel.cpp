#include "table/ProcessFilterModel.h"

#include "table/ProcessColumns.h"

#include <QRegularExpression>

#include <algorithm>

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
    m_ports.clear();
    static const QRegularExpression portTerm(QStringLiteral("^:(\\d{1,5})$"));
    for (auto term = m_terms.begin(); term != m_terms.end();) {
        const auto m = portTerm.match(*term);
        const int port = m.hasMatch() ? m.captured(1).toInt() : 0;
        if (port >= 1 && port <= 65535) {
            m_ports.push_back(port);
            term = m_terms.erase(term);
        } else
            ++term;
    }
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
    Q_EMIT filterAboutToChange();
    invalidateFilter();
    Q_EMIT filterChanged();
}

void ProcessFilterModel::setOrderHeld(bool held)
{
    if (held == m_orderHeld)
        return;
    m_orderHeld = held;
    setDynamicSortFilter(!held);
    if (held)
        return;
    Q_EMIT filterAboutToChange();
    invalidate(); // what changed meanwhile: filtered and sorted again (persistent indexes follow)
    Q_EMIT filterChanged();
}

void ProcessFilterModel::setSourceModel(QAbstractItemModel *model)
{
    disconnect(m_following);
    m_table = qobject_cast<ProcessTableModel *>(model);
    if (m_table) {
        m_following = connect(m_table, &ProcessTableModel::shownChanged, this, &ProcessFilterModel::show);
        model = m_table->shown();
    }
    show(model);
}

void ProcessFilterModel::show(QAbstractItemModel *model)
{
    m_processes = qobject_cast<const ProcessTableModel *>(model);
    m_origins = qobject_cast<const OriginModel *>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

bool ProcessFilterModel::matches(const FilterFacts &row) const
{
    if (row.group)
        return false; // shown while one of its members is (recursive filtering), never by itself
    if (m_candidatesOnly && !row.candidate)
        return false;
    if (!m_only.isEmpty() && !m_only.contains(row.identity.toQString()))
        return false;
    // Kernel threads are never candidates and crowd the table: only the System view lists them.
    if (m_scope != Scope::System && row.kernelThread)
        return false;
    if (m_scope == Scope::Mine && (!row.uid || *row.uid != m_myUid))
        return false;
    if (m_scope == Scope::System && row.uid != 0u && !row.isProtected)
        return false;
    for (const int port : m_ports)
        if (!row.listenPorts
            || std::find(row.listenPorts->begin(), row.listenPorts->end(), port) == row.listenPorts->end())
            return false;
    if (m_terms.isEmpty())
        return true;
    // The terms are case-folded; a term matches within one part (the command line, user, PID).
    for (const QString &term : m_terms)
        if (std::none_of(row.searchParts.begin(), row.searchParts.end(),
                [&term](const QString *part) { return part && part->contains(term, Qt::CaseInsensitive); }))
            return false;
    return true;
}

bool ProcessFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const auto row = m_processes ? m_processes->filterFacts(sourceRow, sourceParent)
        : m_origins              ? m_origins->filterFacts(sourceRow, sourceParent)
                                 : std::nullopt;
    return !row || matches(*row); // another model's rows are not filtered
}

} // namespace ptriage
