// /proc/PID/fdinfo/N: the octal open flags, and the inode.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <cstdio>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    std::uint64_t inode = 0;
    if (parseFdinfoInode(text, inode)) {
        char line[64];
        std::snprintf(line, sizeof line, "ino:\t%llu\n", static_cast<unsigned long long>(inode));
        std::uint64_t twice = 0;
        FUZZ_CHECK(parseFdinfoInode(line, twice) && twice == inode);
    }
    unsigned flags = 0;
    if (!parseFdinfoFlags(text, flags))
        return 0;
    char again[64];
    std::snprintf(again, sizeof again, "pos:\t0\nflags:\t0%o\nmnt_id:\t1\n", flags);
    unsigned twice = 0;
    FUZZ_CHECK(parseFdinfoFlags(again, twice) && twice == flags);
    return 0;
}
