#include "table/rows/RowRoles.h"

#include "look/ClassStyle.h"
#include "look/ThemeIcon.h"

#include <QFont>
#include <QGuiApplication>

namespace ptriage {

RowRoles::RowRoles(const TriageConfig &config, const ProcessColumns &columns)
    : m_config(config),
      m_columns(columns),
      m_stateColumn(columns.indexOf(u"state")),
      m_classColumn(columns.indexOf(u"class")),
      m_actionColumn(columns.indexOf(u"action")),
      m_commandColumn(columns.indexOf(u"command"))
{
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return; // no icons without a GUI (the benchmarks)
    m_actIcon = themeIcon(QStringLiteral("process-stop"));
    for (int c = 0; c < kClassCount; ++c)
        m_icons[static_cast<std::size_t>(c)] = ClassStyle::icon(static_cast<ProcessClass>(c));
}

std::vector<ProcessIdentity> RowRoles::setMarks(std::unordered_map<ProcessIdentity, QString> marks)
{
    std::vector<ProcessIdentity> touched;
    for (const auto &[key, label] : m_marks)
        if (auto it = marks.find(key); it == marks.end() || it->second != label)
            touched.push_back(key);
    for (const auto &[key, label] : marks)
        if (!m_marks.contains(key))
            touched.push_back(key);
    m_marks = std::move(marks);
    return touched;
}

QVariant RowRoles::process(const PreparedRows &rows, int index, int column, int role) const
{
    const ProcessColumn &col = m_columns.at(column);
    const ProcessRow row(rows.result->process(index), m_config);
    const Recommendation &rec = row.recommendation();
    const bool tinted = rec.candidate && !rec.review; // one ptriage wants acted on, not only reviewed
    const auto i = static_cast<std::size_t>(index); // a process's row in `rows` is its index
    const bool isClassColumn = column == m_classColumn;
    switch (role) {
    case Qt::DisplayRole:
        if (column == m_stateColumn && !m_marks.empty())
            if (auto it = m_marks.find(row.identity()); it != m_marks.end())
                return tr("%1 by ptriage · %2").arg(it->second, rows.cells.text(i, column));
        return rows.cells.text(i, column);
    case Qt::ToolTipRole:
        return col.toolTip ? QVariant(col.toolTip(row)) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant(col.alignment.toInt());
    case Qt::DecorationRole:
        if (isClassColumn && !m_icons[0].isNull() && !row.tooYoungToJudge())
            return m_icons[static_cast<std::size_t>(row.posterior().classification)];
        if (column == m_actionColumn && tinted && !m_actIcon.isNull() && rec.action == RecommendedAction::Kill)
            return m_actIcon;
        return {};
    case Qt::FontRole:
        // What ptriage wants done reads bold; what it only wants a person to look at, italic.
        if (column == m_actionColumn && (tinted || rec.review)) {
            QFont font;
            font.setBold(tinted);
            font.setItalic(!tinted);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (isClassColumn && row.tooYoungToJudge())
            return {};
        if (isClassColumn)
            return ClassStyle::color(row.posterior().classification).darker(tinted ? 130 : 100);
        if (column == m_actionColumn && rec.review)
            return ClassStyle::color(row.posterior().classification).darker(130);
        if (tinted)
            return ClassStyle::textOnBackground();
        return {};
    case Qt::BackgroundRole:
        if (tinted)
            return ClassStyle::background(row.posterior().classification);
        return {};
    case SortRole:
        return rows.cells.sortValue(i, column);
    case IdentityRole:
        return QVariant::fromValue(row.identity());
    case CandidateRole:
        return rec.candidate;
    case ScoreRole:
        return rec.score;
    case SearchTextRole:
        return rows.searchText(i);
    case ClassRole:
        return static_cast<int>(row.posterior().classification);
    case UidRole:
        return row.sample().uid ? QVariant(static_cast<uint>(*row.sample().uid)) : QVariant();
    case ProtectedRole:
        return !row.facts().protectedReason.empty();
    case PidRole:
        return row.identity().pid;
    case KernelThreadRole:
        return row.sample().isKernelThread();
    case RowKeyRole:
        return row.identity().toQString();
    case GroupKeyRole:
        return QString();
    default:
        return {};
    }
}

// An origin group's row: sums and its strongest member, no identity of its own.
QVariant RowRoles::group(const PreparedRows &rows, int group, int column, int role) const
{
    const std::size_t i = rows.groupRow(group);
    const GroupSummary &summary = rows.groups[static_cast<std::size_t>(group)];
    const ProcessColumn &col = m_columns.at(column);
    switch (role) {
    case Qt::DisplayRole:
        return rows.cells.text(i, column);
    case Qt::ToolTipRole:
        return col.groupToolTip ? QVariant(col.groupToolTip(GroupRow{*rows.result, summary})) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant(col.alignment.toInt());
    case Qt::FontRole:
        if (column == m_commandColumn || (column == m_actionColumn && rows.candidate(i))) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case SortRole:
        return rows.cells.sortValue(i, column);
    case CandidateRole:
        return rows.candidate(i);
    case ScoreRole:
        return summary.strongest < 0 ? 0 : GroupRow{*rows.result, summary}.strongest().recommendation().score;
    case SearchTextRole:
        return rows.searchText(i);
    case ProtectedRole:
    case KernelThreadRole:
        return false;
    case RowKeyRole:
        return QStringLiteral("group:") + QString::fromStdString(rows.result->group(summary.group).key);
    case GroupKeyRole:
        return QString::fromStdString(rows.result->group(summary.group).key);
    default:
        return {}; // no identity, pid, class or uid: a group is not a process
    }
}

QVariant RowRoles::header(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.count())
        return {};
    const ProcessColumn &col = m_columns.at(section);
    switch (role) {
    case Qt::DisplayRole:
        return col.header();
    case Qt::ToolTipRole:
        return col.headerToolTip();
    case Qt::TextAlignmentRole:
        return QVariant(col.alignment.toInt());
    case Qt::InitialSortOrderRole: // QHeaderView: the order of the first click on this header
        return static_cast<int>(col.firstSortOrder);
    default:
        return {};
    }
}

QHash<int, QByteArray> RowRoles::roleNames(QHash<int, QByteArray> names)
{
    names.insert(SortRole, "sortValue");
    names.insert(IdentityRole, "identity");
    names.insert(CandidateRole, "candidate");
    names.insert(ScoreRole, "score");
    names.insert(SearchTextRole, "searchText");
    names.insert(ClassRole, "processClass");
    names.insert(UidRole, "uid");
    names.insert(ProtectedRole, "protected");
    names.insert(KernelThreadRole, "kernelThread");
    names.insert(PidRole, "pid");
    names.insert(RowKeyRole, "rowKey");
    names.insert(GroupKeyRole, "groupKey");
    return names;
}

} // namespace ptriage
