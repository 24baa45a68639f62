#include "ports/PortsModel.h"

#include "decide/PortHolders.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"

#include <QSet>

#include <unordered_map>

namespace ptriage {
namespace {

// A gate in a few words, for the Verdict cell (its sentence is the tooltip).
QString shortGate(const EndGate &g, int clients)
{
    if (g.name == "in_use")
        return clients == 1 ? PortsModel::tr("in use: 1 client") : PortsModel::tr("in use: %1 clients").arg(clients);
    if (g.name == "too_young")
        return PortsModel::tr("too young");
    if (g.name == "supervised")
        return PortsModel::tr("supervised");
    if (g.name == "protected")
        return PortsModel::tr("protected");
    if (g.name == "person_using" || g.name == "foreground")
        return PortsModel::tr("in a person's use");
    if (g.name == "critical_file")
        return PortsModel::tr("holds a critical file");
    if (g.name == "blast_critical")
        return PortsModel::tr("critical blast radius");
    if (g.name == "files_unknown")
        return PortsModel::tr("files unknown");
    if (g.name == "wrapper")
        return PortsModel::tr("a wrapper");
    return qs(g.why);
}

} // namespace

PortsModel::PortsModel(QObject *parent) : QAbstractTableModel(parent) { }

std::vector<PortsModel::Row> PortsModel::rowsOf(const TriageResult &r)
{
    std::vector<Row> rows;
    std::unordered_map<long long, PortHolder> holders; // per (process, port): listeners of both families share one
    for (const PortListener &l : portListeners(r)) {
        const long long key = static_cast<long long>(l.index) << 17 | l.port;
        auto it = holders.find(key);
        if (it == holders.end())
            it = holders.emplace(key, portHolder(r, l.index, l.port)).first;
        const PortHolder &h = it->second;
        const ProcessView p = r.process(l.index);
        Row row;
        row.identity = p.identity();
        row.key = p.identity().toQString() + QLatin1Char(' ') + QLatin1String(protocolName(l.proto)) + QLatin1Char(' ')
            + qs(l.address);
        row.port = l.port;
        row.clients = l.clients;
        row.safe = h.safeToEnd;
        QStringList gates;
        for (const EndGate &g : h.notSafe)
            if (!gates.contains(shortGate(g, h.clients)))
                gates << shortGate(g, h.clients);
        const QString recommended = EngineLabels::recommendation(p.recommendation());
        const QString verdict = h.safeToEnd ? tr("safe to end; ptriage: %1").arg(recommended)
                                            : tr("not safe: %1").arg(gates.join(QStringLiteral(", ")));
        // Who started it, and whether that one is still there when it is not.
        const ProcessOrigin &o = p.origin();
        const QString origin = o.owner == origins::OwnerState::Gone || o.owner == origins::OwnerState::Reused
            ? tr("%1 — owner %2").arg(qs(originPhrase(o)), qs(ownerPhrase(o, r.snapshot->capturedAtMs)))
            : qs(originPhrase(o));
        row.originTip
            = tr("Started by %1; owner %2").arg(qs(originPhrase(o)), qs(ownerPhrase(o, r.snapshot->capturedAtMs)));
        if (!o.project.empty())
            row.originTip += QLatin1Char('\n') + tr("Project: %1").arg(qs(o.project));
        row.cells = {QLatin1String(protocolName(l.proto)) + QLatin1Char(' ') + qs(l.address),
            tr("%1 (pid %2)").arg(processName(p)).arg(p.identity().pid), origin, qs(o.projectLabel),
            QString::number(l.clients), verdict, qs(p.facts().user)};
        QStringList tip{qs(h.verdict)};
        if (!h.breaks.empty() || !h.endsWith.empty()) {
            std::vector<Phrase> breaks = h.breaks;
            QString line
                = tr("Ending it would break (risk %1): %2").arg(EngineLabels::risk(h.risk), qs(joinFirst(breaks, 4)));
            if (!h.endsWith.empty())
                line += QLatin1Char(' ')
                    + (h.endsWith.size() == 1
                            ? tr("(1 more of its process group ends with it)")
                            : tr("(%1 more of its process group end with it)").arg(h.endsWith.size()));
            tip << line;
        }
        if (!h.stopAdvice.empty())
            tip << tr("Supervised: %1").arg(qs(h.stopAdvice));
        tip << tr("Command: %1").arg(commandLineOf(p.sample()).left(300));
        row.verdictTip = tip.join(QLatin1Char('\n'));
        rows.push_back(std::move(row));
    }
    // Another user's listeners: what the socket says (its address, its user), no process to choose.
    for (const UnheldListener &l : unheldListeners(r)) {
        Row row;
        row.key = QStringLiteral("unheld ") + qs(l.listener());
        row.port = l.port;
        row.clients = l.clients;
        const QString user = l.user.empty() ? tr("another user") : qs(l.user);
        row.cells = {qs(l.listener()), tr("not visible"), QString(), QString(), QString::number(l.clients),
            tr("held by %1").arg(user), qs(l.user)};
        row.verdictTip = tr("Held by %1. Which of that user's processes holds it is visible only with privileges "
                            "(as that user, or as root).")
                             .arg(user);
        rows.push_back(std::move(row));
    }
    return rows;
}

void PortsModel::setResult(std::shared_ptr<const TriageResult> result)
{
    m_result = std::move(result);
    std::vector<Row> fresh = m_result ? rowsOf(*m_result) : std::vector<Row>();
    std::unordered_map<QString, std::size_t> byKey;
    for (std::size_t i = 0; i < fresh.size(); ++i)
        byKey.emplace(fresh[i].key, i);
    // Ended listeners go (from the bottom, so the rows above keep their numbers while removing).
    for (int row = static_cast<int>(m_rows.size()) - 1; row >= 0; --row)
        if (!byKey.count(m_rows[static_cast<std::size_t>(row)].key)) {
            beginRemoveRows({}, row, row);
            m_rows.erase(m_rows.begin() + row);
            endRemoveRows();
        }
    // The others change what they say, where they are.
    std::vector<char> placed(fresh.size(), 0);
    for (std::size_t row = 0; row < m_rows.size(); ++row) {
        const std::size_t i = byKey.at(m_rows[row].key);
        placed[i] = 1;
        const bool changed = m_rows[row].cells != fresh[i].cells || m_rows[row].verdictTip != fresh[i].verdictTip
            || m_rows[row].originTip != fresh[i].originTip;
        m_rows[row] = std::move(fresh[i]);
        if (changed)
            Q_EMIT dataChanged(index(static_cast<int>(row), 0), index(static_cast<int>(row), ColumnCount - 1));
    }
    // New ones come last; a sorting proxy puts them in place unless its order is held.
    std::vector<Row> added;
    for (std::size_t i = 0; i < fresh.size(); ++i)
        if (!placed[i])
            added.push_back(std::move(fresh[i]));
    if (added.empty())
        return;
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
    for (Row &row : added)
        m_rows.push_back(std::move(row));
    endInsertRows();
}

int PortsModel::portCount() const
{
    QSet<int> ports;
    for (const Row &row : m_rows)
        ports.insert(row.port);
    return static_cast<int>(ports.size());
}

int PortsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PortsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PortsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size()))
        return {};
    const Row &row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return row.cells.value(index.column());
    case Qt::ToolTipRole:
        if (index.column() == Origin || index.column() == Project)
            return row.originTip;
        return index.column() == Verdict || index.column() == Process ? row.verdictTip : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == Clients ? QVariant(static_cast<int>(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case SortRole:
        if (index.column() == Listener) // by port, then protocol and address
            return QStringLiteral("%1 %2").arg(row.port, 5, 10, QLatin1Char('0')).arg(row.cells.value(Listener));
        if (index.column() == Clients)
            return row.clients;
        if (index.column() == Process)
            return row.identity.pid;
        return row.cells.value(index.column());
    case IdentityRole:
        return QVariant::fromValue(row.identity);
    case PortRole:
        return row.port;
    default:
        return {};
    }
}

QVariant PortsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Listener:
        return tr("Listener");
    case Process:
        return tr("Process");
    case Origin:
        return tr("Started by");
    case Project:
        return tr("Project");
    case Clients:
        return tr("Clients");
    case User:
        return tr("User");
    case Verdict:
        return tr("Verdict");
    default:
        return {};
    }
}

} // namespace ptriage
