#pragma once

#include "table/ProcessTableModel.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <memory>
#include <vector>

namespace ptriage {

// Between the triage service and the table: formats each result's rows on a background thread of
// its own (PreparedRows::prepare, diffed against the rows shown) and hands them to the GUI
// thread. A result that arrives while one is being prepared waits; only the newest waits.
class ResultFeed : public QObject {
    Q_OBJECT

public:
    ResultFeed(const TriageConfig &config, const ProcessTableModel &model, QObject *parent = nullptr);
    ~ResultFeed() override; // waits for the preparation in progress

    void receive(std::shared_ptr<const TriageResult> result, qint64 scanMicroseconds);
    // Every kTrimEvery preparations, what superseded results left free in the allocator's arenas goes
    // back to the system (malloc_trim), on its thread: scans of varying size leave holes in every
    // thread's arena, megabytes after a few thousand refreshes, that no later allocation may fit.
    static constexpr int kTrimEvery = 16;

Q_SIGNALS:
    void rowsReady(std::shared_ptr<const PreparedRows> rows, qint64 scanMicroseconds);

private:
    void prepareNext();

    const TriageConfig &m_config;
    const ProcessTableModel &m_model;
    QThreadPool m_pool; // one thread, background priority once rows are shown
    QFutureWatcher<std::shared_ptr<const PreparedRows>> m_preparing;
    std::shared_ptr<const TriageResult> m_pending;
    qint64 m_pendingScanUs = 0;
    qint64 m_preparingScanUs = 0;
    int m_preparations = 0;
};

} // namespace ptriage
