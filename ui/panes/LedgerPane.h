#pragma once

#include "panes/ProcessPane.h"

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
class LedgerPane : public QWidget, public ProcessPane {
    Q_OBJECT

public:
    // `config`: the one the results shown were triaged with (their ledgers are read again with it).
    explicit LedgerPane(const TriageConfig &config, QWidget *parent = nullptr);

    void showProcess(std::shared_ptr<const TriageResult> result, int index) override;
    void showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep) override;
    void clear() override;
    void forgetResult() override { m_result.reset(); }
    ProcessIdentity shownIdentity() const override { return m_identity; }
    const QTableWidget *ledgerTable() const { return m_ledger; }
    bool showsWhereToStart() const; // nothing selected: the hint, not empty sections
    QString lossText() const;
    QString recommendationText() const;
    QStringList blockedReasons() const;
    QStringList resourceLines() const;
    QString factsText() const;

private:
    void fillResources(const Sample &s, const ProcessFacts &f, const DeepDetails *deep);
    void setSectionsVisible(bool on);

    const TriageConfig &m_config;
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
    QLabel *m_hint; // where to start, while nothing is selected
    QWidget *m_emptySpace = nullptr;
    std::vector<QWidget *> m_sections; // hidden while nothing is selected
};

} // namespace ptriage
