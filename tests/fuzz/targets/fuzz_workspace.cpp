// The directories above a process's cwd (a /proc/PID/cwd link) where its project may be.
#include "FuzzCheck.h"
#include "collect/Workspace.h"

#include <string>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string cwd(fuzzText(data, size));
    const auto dirs = workspaceCandidates(cwd);
    FUZZ_CHECK(dirs.size() <= 32);
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        FUZZ_CHECK(dirs[i].size() > 1 && dirs[i].front() == '/' && cwd.starts_with(dirs[i]));
        FUZZ_CHECK(dirs[i] != "/home" && dirs[i] != "/root" && dirs[i] != "/tmp");
        if (i > 0)
            FUZZ_CHECK(dirs[i].size() < dirs[i - 1].size() && dirs[i - 1].starts_with(dirs[i]));
    }
    return 0;
}
