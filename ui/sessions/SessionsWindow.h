#pragma once

#include "act/ActRequest.h"
#include "session/SessionComparison.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace ptriage {

class Desk;
class SessionKeeper;
class SessionSidePane;
class SessionTimeline;
class TransitionModel;
struct TriageResult;

// The Sessions window: the saved sessions, and what changed between two of them (default: the
// latest saved and now) as a timeline chart, a table of transitions filtered by kind, and where
// processes accumulate. A transition shows the process on both sides; from there one can act on it
// (the one confirmation, ActFlow) or spare it. Every read goes through the SessionKeeper's thread.
class SessionsWindow : public QWidget {
    Q_OBJECT

public:
    SessionsWindow(Desk &desk, QWidget *parent = nullptr);

    void reload(); // the list, then the comparison of the selected sessions
    // Selects the sessions to compare (0 = now) and compares them.
    void compare(long long beforeId, long long afterId);

    std::shared_ptr<const SessionComparison> comparison() const { return m_comparison; }
    TransitionModel *transitions() const { return m_transitionModel; }
    QTableView *transitionView() const { return m_transitionView; }
    QTableWidget *accumulationTable() const { return m_accumulation; }
    QTableWidget *sessionList() const { return m_list; }
    SessionSidePane *sidePane() const { return m_side; }
    SessionTimeline *timeline() const { return m_timeline; }
    QComboBox *kindFilter() const { return m_kind; }
    QTabWidget *tabs() const { return m_tabs; }
    QString status() const;

Q_SIGNALS:
    void comparisonShown(); // or its error, in status()

private:
    void showList(const std::vector<SessionInfo> &sessions, const QString &error);
    void showComparison(std::shared_ptr<const SessionComparison> comparison, const QString &error);
    void selectionChanged();
    void showAccumulation();
    void showSelectedTransition();
    long long idAt(int row) const;

    Desk &m_desk;
    SessionKeeper &m_keeper;
    QTableWidget *m_list;
    SessionTimeline *m_timeline;
    QLabel *m_heading;
    QTabWidget *m_tabs;
    QComboBox *m_kind;
    TransitionModel *m_transitionModel;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_transitionView;
    QTableWidget *m_accumulation;
    SessionSidePane *m_side;
    std::vector<SessionInfo> m_sessions; // newest first, as listed
    std::shared_ptr<const SessionComparison> m_comparison;
    long long m_wanted[2] = {-1, -1}; // asked for before the list arrived
    bool m_loading = false;
};

} // namespace ptriage
