#include "sessions/TransitionModel.h"

#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "table/ProcessColumns.h"
#include "util/Format.h"

namespace ptriage {
namespace {

QString modelBytes(double b)
{
    return localBytes(b);
}

QString signedBytes(long long b)
{
    if (b == 0)
        return QStringLiteral("0");
    return (b > 0 ? QStringLiteral("+") : QStringLiteral("−")) + modelBytes(static_cast<double>(b < 0 ? -b : b));
}

// "before → after", or one side when the other did not exist or nothing changed.
QString change(const QString &before, const QString &after)
{
    if (before.isEmpty() || before == after)
        return after;
    if (after.isEmpty())
        return before;
    return QStringLiteral("%1 → %2").arg(before, after);
}

} // namespace

TransitionModel::TransitionModel(QObject *parent) : QAbstractTableModel(parent) { }

void TransitionModel::setComparison(std::shared_ptr<const SessionComparison> comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    rebuild();
    endResetModel();
}

void TransitionModel::setKind(std::optional<Transition> kind)
{
    beginResetModel();
    m_kind = kind;
    rebuild();
    endResetModel();
}

void TransitionModel::rebuild()
{
    m_rows.clear();
    if (!m_comparison)
        return;
    const auto &entries = m_comparison->diff.entries;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Transition t = entries[i].transition;
        if (m_kind ? t == *m_kind : t != Transition::Stable)
            m_rows.push_back(static_cast<int>(i));
    }
}

const DiffEntry *TransitionModel::entry(int row) const
{
    if (!m_comparison || row < 0 || row >= static_cast<int>(m_rows.size()))
        return nullptr;
    return &m_comparison->diff.entries[static_cast<std::size_t>(m_rows[static_cast<std::size_t>(row)])];
}

int TransitionModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int TransitionModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TransitionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Change:
        return tr("Change");
    case Pid:
        return tr("PID");
    case Command:
        return tr("Command");
    case Class:
        return tr("Class");
    case Recommendation:
        return tr("Recommendation");
    case Memory:
        return tr("Memory");
    case MemoryGrowth:
        return tr("Memory growth");
    case CpuGrowth:
        return tr("CPU time used");
    }
    return {};
}

QVariant TransitionModel::data(const QModelIndex &index, int role) const
{
    const DiffEntry *e = entry(index.row());
    if (!e)
        return {};
    const SessionProcess *now = e->after ? e->after : e->before;
    const SessionProcess *was = e->before;
    const SessionProcess *is = e->after;
    auto classOf = [](const SessionProcess *p) { return p ? ClassStyle::label(p->classification) : QString(); };
    auto recOf
        = [](const SessionProcess *p) { return p ? EngineLabels::recommendation(p->action, p->review) : QString(); };
    if (role == IdentityRole)
        return e->identity.isValid() ? QVariant::fromValue(e->identity) : QVariant();
    if (role == Qt::DecorationRole && index.column() == Class && now)
        return ClassStyle::icon(now->classification);
    if (role == SortRole) {
        switch (index.column()) {
        case Change:
            return static_cast<int>(e->transition);
        case Pid:
            return now ? now->pid : 0;
        case Class:
            return now ? static_cast<int>(now->classification) : -1;
        case Recommendation:
            return now ? now->score : 0;
        case Memory:
            return now ? static_cast<qulonglong>(now->rssBytes) : 0;
        case MemoryGrowth:
            return e->rssGrowthBytes;
        case CpuGrowth:
            return e->cpuGrowthSeconds;
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Change:
        if (m_comparison->diff.crossBoot)
            return tr("%1 (%2 → %3)")
                .arg(EngineLabels::transition(e->transition))
                .arg(e->countBefore)
                .arg(e->countAfter);
        return EngineLabels::transition(e->transition);
    case Pid:
        return now && e->identity.isValid() ? QVariant(now->pid) : QVariant();
    case Command:
        return now ? qs(now->commandLine().empty() ? now->comm : now->commandLine()) : qs(e->key);
    case Class:
        return change(classOf(was), classOf(is));
    case Recommendation:
        return change(recOf(was), recOf(is));
    case Memory:
        return now ? modelBytes(static_cast<double>(now->rssBytes)) : QString();
    case MemoryGrowth:
        return was && is ? signedBytes(e->rssGrowthBytes) : QString();
    case CpuGrowth:
        return was && is ? localDuration(e->cpuGrowthSeconds) : QString();
    }
    return {};
}

} // namespace ptriage
