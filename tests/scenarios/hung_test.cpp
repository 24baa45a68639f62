// A C++ test binary that hangs the way real ones do: two threads take two mutexes in opposite
// order (a lock-order deadlock in the code under test), and main waits for them forever.
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

namespace {
std::mutex cacheLock;
std::mutex indexLock;

void evict()
{
    std::lock_guard a(cacheLock);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::lock_guard b(indexLock);
}

void reindex()
{
    std::lock_guard a(indexLock);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::lock_guard b(cacheLock);
}
} // namespace

int main()
{
    std::puts("[ RUN      ] CacheTest.ConcurrentEvictAndReindex");
    std::fflush(stdout);
    std::thread t1(evict);
    std::thread t2(reindex);
    t1.join();
    t2.join();
    std::puts("[       OK ] CacheTest.ConcurrentEvictAndReindex");
    return 0;
}
