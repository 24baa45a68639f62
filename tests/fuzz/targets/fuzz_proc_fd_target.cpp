// /proc/PID/fd/N link targets: socket, pipe, terminal, device, file.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto t = fuzzText(data, size);
    std::uint64_t inode = 0;
    switch (classifyFdTarget(t, inode)) {
    case FdKind::Socket:
        FUZZ_CHECK(t.starts_with("socket:[") && t.ends_with("]"));
        break;
    case FdKind::Pipe:
        FUZZ_CHECK(t.starts_with("pipe:[") && t.ends_with("]"));
        break;
    case FdKind::Tty:
    case FdKind::Device:
        FUZZ_CHECK(t.starts_with("/dev/"));
        FUZZ_CHECK(inode == 0);
        break;
    case FdKind::File:
        FUZZ_CHECK(t.starts_with("/") && !t.starts_with("/dev/"));
        FUZZ_CHECK(inode == 0);
        break;
    case FdKind::Other:
        FUZZ_CHECK(t.empty() || t.front() != '/');
        FUZZ_CHECK(inode == 0);
        break;
    }
    return 0;
}
