// scenario_suite: real tools left behind (or in use) the way people do, and what ptriage makes of
// them. `scenario_suite [FILTER] [-v]` runs the scenarios whose name contains FILTER.
#include "Harness.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::string filter;
    bool verbose = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-v") == 0)
            verbose = true;
        else if (std::strcmp(argv[i], "-l") == 0) {
            for (const auto &s : ptriage::scenarios::registry())
                std::printf("%-34s %s\n", s.name.c_str(), s.story.c_str());
            return 0;
        } else
            filter = argv[i];
    }
    return ptriage::scenarios::runAll(filter, verbose);
}
