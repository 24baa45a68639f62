#include "window/SidePanes.h"

#include "panes/BlastGraphView.h"
#include "panes/DetailsPane.h"
#include "panes/HistoryCharts.h"
#include "panes/LedgerPane.h"

#include <QCoreApplication>

namespace ptriage {

SidePanes::SidePanes(const TriageConfig &config, const ProcessHistory &history, QWidget *parent)
    : QTabWidget(parent),
      m_ledger(new LedgerPane(config, this)),
      m_graph(new BlastGraphView(config, this)),
      m_details(new DetailsPane(this)),
      m_charts(new HistoryCharts(history, this)),
      m_panes{m_ledger, m_graph, m_details, m_charts}
{
    setDocumentMode(true);
    addTab(m_ledger, tr("Evidence"));
    addTab(m_graph, tr("Blast radius"));
    addTab(m_details, tr("Details"));
    addTab(m_charts, tr("Charts"));
    connect(m_graph, &BlastGraphView::processActivated, this, &SidePanes::processActivated);
    connect(this, &QTabWidget::currentChanged, this, &SidePanes::tabOpened);
}

ProcessPane *SidePanes::current() const
{
    const int i = currentIndex();
    return i >= 0 && i < 4 ? m_panes[i] : nullptr;
}

void SidePanes::showSelected(std::shared_ptr<const TriageResult> result, int index)
{
    const ProcessIdentity id = result && index >= 0 ? result->identityOf(index) : ProcessIdentity{};
    if (id != m_selected) {
        m_deep.reset();
        m_ledger->clear();
        m_graph->clear();
        m_details->clear(); // the charts are drawn whole whenever they are in view
    }
    m_selected = id;
    m_result = id.isValid() ? std::move(result) : nullptr;
    m_index = id.isValid() ? index : -1;
    showCurrent();
}

void SidePanes::showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep)
{
    if (id != m_selected)
        return;
    m_deep = deep;
    m_ledger->showDeep(id, deep); // each pane takes it only if it shows that process
    m_details->showDeep(id, deep);
}

void SidePanes::showCurrent()
{
    ProcessPane *pane = current();
    if (!pane)
        return;
    if (!m_result) {
        if (pane == m_charts)
            m_charts->clear(); // the system's chart goes on
        return;
    }
    pane->showProcess(m_result, m_index);
    if (m_deep)
        pane->showDeep(m_selected, m_deep);
}

void SidePanes::tabOpened()
{
    for (ProcessPane *pane : m_panes)
        if (pane != current())
            pane->forgetResult();
    showCurrent();
    // The pane's new contents ask for a layout, and each widget shown posts itself a repaint for
    // later: both were handled after the paint the switch had already asked for, so the whole pane
    // was painted twice. Handled now, before that paint, they join it. A layout whose limits change
    // asks its parent for one in turn, which a pass leaves to the next (Qt 6.8's labels do so): a
    // pass for each level from the pane's sections up to the window.
    for (QWidget *level = currentWidget(); level; level = level->parentWidget())
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateLater);
}

} // namespace ptriage
