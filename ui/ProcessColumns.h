#pragma once

#include "decide/Triage.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <vector>

namespace ptriage {

// The roles every process model of the window answers (the table model and the proxies over it).
enum ProcessRole : int {
    SortRole = Qt::UserRole, // the column's sort value; numbers are numbers
    IdentityRole = Qt::UserRole + 1, // ProcessIdentity (converts to its text, boot_id:start_ticks:pid)
    CandidateRole, // bool: worth a person's attention
    ScoreRole, // int 0..100
    SearchTextRole, // QString: command line, user and PID, for the filter
    ClassRole, // int: ProcessClass
    UidRole, // uint; invalid when unknown
    ProtectedRole, // bool: never a target
    PidRole, // int
    KernelThreadRole, // bool: shown only in the System scope
};

// One process of a TriageResult, as the columns see it.
struct ProcessRow {
    const TriageResult &result;
    const TriageConfig &config;
    int index;

    const Sample &sample() const { return result.snapshot->processes[at()]; }
    const ProcessFacts &facts() const { return result.facts[at()]; }
    const Posterior &posterior() const { return result.posteriors[at()]; }
    const Recommendation &recommendation() const { return result.recommendations[at()]; }
    const BlastRadius &blast() const { return result.blast[at()]; }
    // Younger than the minimum age: its posterior is no verdict yet, and the window says so instead of
    // painting it abandoned. A zombie is a zombie at any age.
    bool tooYoungToJudge() const { return facts().ageSeconds < result.minAgeSeconds && sample().state != 'Z'; }
    std::size_t at() const { return static_cast<std::size_t>(index); }
};

// A column of the process table: a stable id (persisted in settings), a translated header, and how
// a row shows, sorts and explains itself in it.
struct ProcessColumn {
    QString id;
    const char *headerSource = ""; // untranslated; context "ProcessColumns"
    const char *headerToolTipSource = "";
    Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter;
    Qt::SortOrder firstSortOrder = Qt::AscendingOrder; // on the first click on the header
    QString (*display)(const ProcessRow &) = nullptr;
    QVariant (*sortValue)(const ProcessRow &) = nullptr;
    QString (*toolTip)(const ProcessRow &) = nullptr; // may be null: no tooltip

    QString header() const;
    QString headerToolTip() const;
};

// The columns of the process table, in their default order:
// pid command user class score action age cpu memory io state category supervisor risk.
class ProcessColumns {
    Q_DECLARE_TR_FUNCTIONS(ProcessColumns)
public:
    ProcessColumns();

    int count() const { return static_cast<int>(m_columns.size()); }
    const ProcessColumn &at(int column) const { return m_columns[static_cast<std::size_t>(column)]; }
    int indexOf(QStringView id) const; // -1 when unknown (a settings file from another version)
    QStringList ids() const;

    // The view's initial sort: score, descending.
    QString defaultSortId() const { return QStringLiteral("score"); }
    int defaultSortColumn() const { return indexOf(defaultSortId()); }
    Qt::SortOrder defaultSortOrder() const { return Qt::DescendingOrder; }

    // Shared by the roles: the command line as one string ("[comm]" when it has none).
    static QString commandLine(const ProcessRow &row);
    static QString searchText(const ProcessRow &row); // command line, user and PID
    static QString stateLabel(char state); // "sleeping", "running" …

private:
    std::vector<ProcessColumn> m_columns;
};

} // namespace ptriage
