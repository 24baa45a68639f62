#include "support/TestRoom.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace ptriage::test {

namespace {

std::map<std::string, RoomRun> &roomTests()
{
    static std::map<std::string, RoomRun> tests; // filled by static initializers, in any order
    return tests;
}

} // namespace

bool registerRoomTest(const char *testClass, RoomRun run)
{
    return roomTests().emplace(testClass, run).second;
}

} // namespace ptriage::test

// ROOM CLASS [QTest options and functions]: runs CLASS as its own QTEST_*_MAIN would have.
int main(int argc, char **argv)
{
    const auto &tests = ptriage::test::roomTests();
    const auto found = argc >= 2 ? tests.find(argv[1]) : tests.end();
    if (found == tests.end()) {
        std::fprintf(stderr, "usage: %s CLASS [QTest options and functions]; classes:\n", argv[0]);
        for (const auto &[name, run] : tests)
            std::fprintf(stderr, "  %s\n", name.c_str());
        return 2;
    }
    // argv[0] becomes the class's name beside the room's, so that what Qt derives from it (the
    // application name: QSettings' file, QStandardPaths' test folders) is the class's own, as each
    // executable's name was; two classes at once never share them.
    std::string self = argv[0];
    const std::size_t slash = self.rfind('/');
    self = (slash == std::string::npos ? std::string() : self.substr(0, slash + 1)) + argv[1];
    std::vector<char *> args{self.data()};
    args.insert(args.end(), argv + 2, argv + argc);
    args.push_back(nullptr);
    return found->second(argc - 1, args.data());
}
