#pragma once

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
// stay on one thread.
template<typename F> void parallelChunks(QThreadPool *pool, std::size_t n, int workers, F f)
{
    if (workers <= 1 || n < 256) {
        f(std::size_t{0}, n, 0);
        return;
    }
    constexpr std::size_t block = 64;
    std::atomic<std::size_t> next{0};
    auto work = [&f, &next, n](int worker) {
        for (std::size_t begin = next.fetch_add(block); begin < n; begin = next.fetch_add(block))
            f(begin, std::min(n, begin + block), worker);
    };
    std::vector<QFuture<void>> rest;
    for (int w = 1; w < workers; ++w)
        rest.push_back(QtConcurrent::run(pool, [&work, w] { work(w); }));
    work(0);
    for (auto &r : rest)
        r.waitForFinished();
}

} // namespace ptriage
