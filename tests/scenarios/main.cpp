// scenario_suite: real tools left behind (or in use) the way people do, and what ptriage makes of
// them. `scenario_suite [FILTER] [-v] [--save-corpus DIR]` runs the scenarios whose name contains
// FILTER; --save-corpus writes each one's trimmed capture pair and labels to DIR (tests/corpus).
#include "Harness.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::string filter;
    std::string corpusDir;
    bool verbose = false;
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
        } else
            filter = argv[i];
    }
    return ptriage::scenarios::runAll(filter, verbose, corpusDir);
}
