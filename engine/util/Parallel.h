#pragma once

#include "ThreadPriority.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <vector>

namespace ptriage {

// How many workers reading /proc use: one per core, at most 8.
inline int workerCount()
{
    return std::clamp(QThread::idealThreadCount(), 1, 8);
}

// Runs f(begin, end, worker) over [0, n) in blocks that `workers` threads take in turn, the first
// worker being the calling thread, the rest on `pool`; a worker may get several blocks. Taken in
// turn, not split in halves: one half of /proc can cost far more than the other (a process with
// thousands of fds or threads). procfs reads are syscall-bound and scale across cores; small jobs
// stay on one thread. Background work (isBackgroundThread()) passes a yield point after each block,
// on every worker.
template<typename F> void parallelChunks(QThreadPool *pool, std::size_t n, int workers, F f)
{
    constexpr std::size_t block = 64;
    const bool background = isBackgroundThread();
    if (workers <= 1 || n < 256) {
        if (!background) {
            f(std::size_t{0}, n, 0);
            return;
        }
        for (std::size_t begin = 0; begin < n; begin += block) {
            f(begin, std::min(n, begin + block), 0);
            yieldPoint();
        }
        return;
    }
    std::atomic<std::size_t> next{0};
    auto work = [&f, &next, n, background](int worker) {
        if (background && !isBackgroundThread())
            becomeBackgroundThread();
        for (std::size_t begin = next.fetch_add(block); begin < n; begin = next.fetch_add(block)) {
            f(begin, std::min(n, begin + block), worker);
            yieldPoint();
        }
    };
    std::vector<QFuture<void>> rest;
    for (int w = 1; w < workers; ++w)
        rest.push_back(QtConcurrent::run(pool, [&work, w] { work(w); }));
    work(0);
    for (auto &r : rest)
        r.waitForFinished();
}

} // namespace ptriage
