#pragma once

#include "panes/ProcessPane.h"

#include <QTabWidget>

#include <memory>

namespace ptriage {

class BlastGraphView;
class DetailsPane;
class HistoryCharts;
class LedgerPane;
class ProcessHistory;

// The tabs beside the table for the selected process: evidence, blast radius, details, charts.
// Only the pane in view follows each refresh; the others are filled when their tab is opened (empty
// until then, never showing the process selected before) and painted once; they hold no result.
class SidePanes : public QTabWidget {
    Q_OBJECT

public:
    SidePanes(const TriageConfig &config, const ProcessHistory &history, QWidget *parent = nullptr);

    // The selected process (index `index` of `result`), or nothing (null result). A new identity
    // clears every pane and forgets the deep read of the one before.
    void showSelected(std::shared_ptr<const TriageResult> result, int index);
    // Its fresh deep read (fds, sockets, environment), kept for the panes opened later.
    void showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep);
    ProcessIdentity selected() const { return m_selected; }

    LedgerPane *ledger() const { return m_ledger; }
    BlastGraphView *graph() const { return m_graph; }
    DetailsPane *details() const { return m_details; }
    HistoryCharts *charts() const { return m_charts; }

Q_SIGNALS:
    void processActivated(const ptriage::ProcessIdentity &id); // a node of the graph was clicked

private:
    void showCurrent();
    void tabOpened();
    ProcessPane *current() const;

    LedgerPane *m_ledger;
    BlastGraphView *m_graph;
    DetailsPane *m_details;
    HistoryCharts *m_charts;
    ProcessPane *m_panes[4];
    std::shared_ptr<const TriageResult> m_result;
    int m_index = -1;
    ProcessIdentity m_selected;
    std::shared_ptr<const DeepDetails> m_deep; // the selected process's, once it arrived
};

} // namespace ptriage
