#include "table/ResultFeed.h"

#include "util/ThreadPriority.h"

#include <QtConcurrent/QtConcurrentRun>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace ptriage {

ResultFeed::ResultFeed(const TriageConfig &config, const ProcessTableModel &model, QObject *parent)
    : QObject(parent), m_config(config), m_model(model)
{
    m_pool.setMaxThreadCount(1);
    connect(&m_preparing, &QFutureWatcherBase::finished, this, [this] {
        Q_EMIT rowsReady(m_preparing.result(), m_preparingScanUs);
        prepareNext();
    });
}

ResultFeed::~ResultFeed()
{
    m_preparing.waitForFinished(); // it reads the configuration
}

void ResultFeed::receive(std::shared_ptr<const TriageResult> result, qint64 scanMicroseconds)
{
    m_pending = std::move(result);
    m_pendingScanUs = scanMicroseconds;
    if (!m_preparing.isRunning())
        prepareNext();
}

void ResultFeed::prepareNext()
{
    if (!m_pending)
        return;
    m_preparingScanUs = m_pendingScanUs;
    const bool trim = ++m_preparations % kTrimEvery == 0;
    auto basis = m_model.prepared();
    // Until the first rows are shown someone waits for them: they are made at the window's priority, as the first
    // scan is. A loaded machine starves background work (nice 10 beside two spinners per core: 1 s, not 30 ms).
    const bool waitedFor = !basis;
    m_preparing.setFuture(QtConcurrent::run(&m_pool,
        [result = std::move(m_pending), config = &m_config,
            columns = m_model.columns() /* a copy: the model dies before this feed */, basis = std::move(basis), trim,
            waitedFor]() mutable {
            if (!waitedFor) // never raised again: an unprivileged thread cannot lower its nice value
                becomeBackgroundThread();
#ifdef __GLIBC__
            if (trim)
                ::malloc_trim(0); // a millisecond or so, off the GUI thread
#else
            (void)trim;
#endif
            return PreparedRows::prepare(result, *config, columns, basis);
        }));
    m_pending.reset();
}

} // namespace ptriage
