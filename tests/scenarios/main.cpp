// scenario_suite: real tools left behind (or in use) the way people do, and what ptriage makes of
// them. `scenario_suite [FILTER] [-v] [--busy N] [--shard K/N] [--save-corpus DIR]` runs the scenarios
// whose name contains FILTER; `--busy N` runs them on a loaded machine: N spinning processes per core
// for the whole run; `--shard K/N` runs the K-th of N parts (1-based; ctest runs four); --save-corpus
// writes each one's trimmed capture pair and labels to DIR (tests/corpus).
#include "Harness.h"

#include <QCoreApplication>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

// N busy loops per online core at the suite's own nice value (0 when it runs as usual: as a build or a
// test run beside it loads the machine; under `nice`, they compete with the suite as equals and spare
// the rest of the machine); each dies with the suite (PR_SET_PDEATHSIG) and is killed and reaped at
// its end.
class Load {
public:
    explicit Load(int perCore)
    {
        if (perCore <= 0)
            return;
        const long cores = ::sysconf(_SC_NPROCESSORS_ONLN);
        for (long i = 0; i < perCore * (cores > 0 ? cores : 1); ++i) {
            const pid_t pid = ::fork();
            if (pid == 0) {
                ::prctl(PR_SET_PDEATHSIG, SIGKILL);
                if (::getppid() == 1)
                    ::_exit(0);
                volatile unsigned long spin = 0;
                for (;;)
                    spin = spin + 1;
            }
            if (pid > 0)
                m_pids.push_back(pid);
        }
        std::printf("(load: %zu spinning processes, %d per core)\n", m_pids.size(), perCore);
        std::fflush(stdout);
    }
    ~Load()
    {
        for (pid_t pid : m_pids)
            ::kill(pid, SIGKILL);
        for (pid_t pid : m_pids)
            ::waitpid(pid, nullptr, 0);
    }
    Load(const Load &) = delete;
    Load &operator=(const Load &) = delete;

private:
    std::vector<pid_t> m_pids;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::string filter;
    std::string corpusDir;
    bool verbose = false;
    int busy = 0;
    ptriage::scenarios::Shard shard;
    const auto usage = [&] {
        std::fprintf(
            stderr, "usage: %s [FILTER] [-v] [-l] [--busy N (0-16 spinners per core)] [--shard K/N]\n", argv[0]);
        return 2;
    };
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--save-corpus") == 0) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "scenario_suite: --save-corpus needs a directory\n");
                return 2;
            }
            corpusDir = argv[++i];
        } else if (std::strcmp(argv[i], "-v") == 0)
            verbose = true;
        else if (std::strcmp(argv[i], "-l") == 0) {
            for (const auto &s : ptriage::scenarios::registry())
                std::printf("%-34s %s\n", s.name.c_str(), s.story.c_str());
            return 0;
        } else if (std::strcmp(argv[i], "--busy") == 0) {
            char *end = nullptr;
            busy = i + 1 < argc ? static_cast<int>(std::strtol(argv[++i], &end, 10)) : -1;
            if (busy < 0 || busy > 16 || !end || *end != '\0') {
                return usage();
            }
        } else if (std::strcmp(argv[i], "--shard") == 0) {
            int k = 0, n = 0;
            char tail = 0;
            if (i + 1 >= argc || std::sscanf(argv[++i], "%d/%d%c", &k, &n, &tail) != 2 || n < 1 || k < 1 || k > n) {
                return usage();
            }
            shard = {k - 1, n};
        } else
            filter = argv[i];
    }
    const Load load(busy);
    return ptriage::scenarios::runAll(filter, verbose, corpusDir, shard);
}
