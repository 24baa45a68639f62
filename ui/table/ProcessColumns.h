#pragma once

#include "decide/groups/GroupPlan.h"
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
    RowKeyRole, // QString: what keeps a row apart across refreshes (the identity; "group:KEY" for an origin group)
    GroupKeyRole, // QString: an origin group's row, its OriginGroup::key; empty on a process's row
};

// One process as the columns see it: the engine's view of it and the config it was judged with
// (the kind's label).
struct ProcessRow : ProcessView {
    ProcessRow(const ProcessView &process, const TriageConfig &judgedWith)
        : ProcessView(process), config(judgedWith) { }
    const TriageConfig &config;
    // Its command line as one line of text, made once: the text, sort value and search all read it.
    const QString &commandLine() const;

private:
    mutable QString m_commandLine;
    mutable bool m_commandLineMade = false;
};

// One origin group as the columns see it (the "By origin" view's parent rows): a group has no
// identity, pid or state of its own; its columns sum or pick from its members.
struct GroupRow {
    const TriageResult &result;
    const GroupSummary &summary;
    const OriginGroup &group() const { return result.group(summary.group); }
    const ProcessOrigin &origin() const { return result.process(group().members.front()).origin(); }
    ProcessView strongest() const { return result.process(summary.strongest); } // when summary.strongest >= 0
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
    // On an origin group's row; null: the cell is empty (a pid, a state: per process only).
    QString (*groupDisplay)(const GroupRow &) = nullptr;
    QVariant (*groupSort)(const GroupRow &) = nullptr;
    QString (*groupToolTip)(const GroupRow &) = nullptr;

    QString header() const;
    QString headerToolTip() const;
};

// The columns of the process table, in their default order: command action memory cpu age why (shown
// by default: what to do about which process, and why; why last, as it takes the room left) and pid user class score io
// state category supervisor risk (in the column chooser).
class ProcessColumns {
    Q_DECLARE_TR_FUNCTIONS(ProcessColumns)
public:
    ProcessColumns();

    int count() const { return static_cast<int>(m_columns.size()); }
    const ProcessColumn &at(int column) const { return m_columns[static_cast<std::size_t>(column)]; }
    int indexOf(QStringView id) const; // -1 when unknown (a settings file from another version)
    QStringList ids() const;

    bool shownByDefault(int column) const;

    // The view's initial sort: the action column, which sorts by the score (most worth acting first).
    QString defaultSortId() const { return QStringLiteral("action"); }
    int defaultSortColumn() const { return indexOf(defaultSortId()); }
    Qt::SortOrder defaultSortOrder() const { return Qt::DescendingOrder; }

    // Shared by the roles: the command line as one string ("[comm]" when it has none).
    static QString commandLine(const ProcessRow &row);
    static QString stateLabel(char state); // "sleeping", "running" …
    // The strongest reasons for the verdict in one line (the Why column), and the ledger's main
    // terms with their sign (its tooltip). The same sentences as the Evidence tab and `explain`.
    static QString whyInFewWords(const ProcessRow &row);
    static QString whyInFull(const ProcessRow &row);
    // An origin group in words: "The Claude Code session 1b2f… · ended · api@fix-auth" (the Command
    // column of its row), and what the filter searches in it.
    static QString groupTitle(const GroupRow &row);
    static QString groupSearchText(const GroupRow &row);
    // "ended", "alive", "" (unknown): the owner in one word.
    static QString ownerWord(const ProcessOrigin &origin);

private:
    void addGroupCells(); // what each column shows on an origin group's row
    std::vector<ProcessColumn> m_columns;
};

} // namespace ptriage
