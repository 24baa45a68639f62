#pragma once

#include "panes/ProcessPane.h"

#include <QGraphicsView>

#include <cstdint>

namespace ptriage {

// What would break: the selected process in the middle, the processes its blast radius reaches on
// rings by hop, its listeners, locked files and supervisor as resource nodes; edges labelled with
// what is shared. Wheel zooms, dragging pans, clicking a process selects it in the table. A refresh
// that would draw the same graph leaves the scene, and the person's zoom and pan, as they are.
class BlastGraphView : public QGraphicsView, public ProcessPane {
    Q_OBJECT

public:
    // `config`: the one the results shown were triaged with (how many hops to draw).
    explicit BlastGraphView(const TriageConfig &config, QWidget *parent = nullptr);

    void showProcess(std::shared_ptr<const TriageResult> result, int index) override;
    void clear() override;
    ProcessIdentity shownIdentity() const override { return m_identity; } // whose radius
    int processNodeCount() const { return m_processNodes; }
    int resourceNodeCount() const { return m_resourceNodes; }
    int edgeCount() const { return m_edges; }
    QStringList edgeLabels() const;

Q_SIGNALS:
    void processActivated(const ptriage::ProcessIdentity &id);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    const TriageConfig &m_config;
    QGraphicsScene *m_scene;
    ProcessIdentity m_identity;
    int m_processNodes = 0;
    int m_resourceNodes = 0;
    int m_edges = 0;
    std::uint64_t m_drawn = 0; // a print of what the scene shows (0: nothing)
};

} // namespace ptriage
