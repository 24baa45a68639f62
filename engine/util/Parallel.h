#pragma once

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <vector>

namespace ptriage {

// How many workers reading /proc use: one per core, at most 8.
inline int workerCount()
{
    return std::clamp(QThread::idealThreadCount(), 1, 8);
}

// Runs f(begin, end, worker) over [0, n) in `workers` contiguous chunks, the first on the calling
// thread, the rest on `pool`. procfs reads are syscall-bound and scale across cores; small jobs stay
// on one thread.
template<typename F> void parallelChunks(QThreadPool *pool, std::size_t n, int workers, F f)
{
    if (workers <= 1 || n < 256) {
        f(std::size_t{0}, n, 0);
        return;
    }
    const std::size_t per = (n + static_cast<std::size_t>(workers) - 1) / static_cast<std::size_t>(workers);
    std::vector<QFuture<void>> rest;
    for (int w = 1; w < workers; ++w) {
        const std::size_t begin = std::min(n, per * static_cast<std::size_t>(w));
        const std::size_t end = std::min(n, begin + per);
        rest.push_back(QtConcurrent::run(pool, [&f, begin, end, w] { f(begin, end, w); }));
    }
    f(std::size_t{0}, std::min(n, per), 0);
    for (auto &r : rest)
        r.waitForFinished();
}

} // namespace ptriage
