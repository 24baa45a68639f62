#pragma once

#include "decide/Triage.h"

#include <QWidget>

class QLabel;
class QTableWidget;
class QListWidget;

namespace ptriage {

class ClassBars;
class SteadyLine;

// Why one process got its verdict: the posterior over the four classes, every evidence term as a
// signed bar in bits with its sentence, the expected loss of each action, the recommendation and
// what blocks anything stronger, its wrapper/workload, supervisor, and the files and sockets that matter.
class LedgerPane : public QWidget {
    Q_OBJECT

public:
    explicit LedgerPane(QWidget *parent = nullptr);

    void showProcess(std::shared_ptr<const TriageResult> result, int index, const TriageConfig &config);
    // Fds and sockets read on demand for the process shown (ignored if another is shown by then).
    void showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep);
    void clear();

    ProcessIdentity shownIdentity() const { return m_identity; } // invalid when none
    const QTableWidget *ledgerTable() const { return m_ledger; }
    QString lossText() const;
    QString recommendationText() const;
    QStringList blockedReasons() const;
    QStringList resourceLines() const;
    QString factsText() const;

private:
    void fillResources(const Sample &s, const ProcessFacts &f, const DeepDetails *deep);

    std::shared_ptr<const TriageResult> m_result;
    int m_index = -1;
    ProcessIdentity m_identity;
    QLabel *m_title;
    QLabel *m_subtitle; // the command line
    SteadyLine *m_facts; // age, confidence, user, category, identity
    ClassBars *m_bars;
    QLabel *m_recommendation;
    QListWidget *m_blocked;
    QTableWidget *m_ledger;
    QLabel *m_losses;
    QLabel *m_links;
    QListWidget *m_resources;
};

} // namespace ptriage
