#pragma once

#include <cstdlib>
#include <string>

namespace ptriage::test {

// Where tests/scenarios/npm-tools.sh installed the pinned JavaScript tools (the ctest fixture
// scenario_npm_tools): ${PTRIAGE_NPM_CACHE:-/var/cache/ptriage-tests/npm}/node_modules.
inline std::string npmModules()
{
    const char *cache = std::getenv("PTRIAGE_NPM_CACHE");
    return std::string(cache && *cache ? cache : "/var/cache/ptriage-tests/npm") + "/node_modules";
}

} // namespace ptriage::test
