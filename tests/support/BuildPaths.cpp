#include "support/BuildPaths.h"

namespace ptriage::test {

const char *ptriageBinary()
{
    return PTRIAGE_BINARY;
}

const char *testActorBinary()
{
    return PTRIAGE_TEST_ACTOR;
}

} // namespace ptriage::test
