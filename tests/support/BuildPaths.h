#pragma once

namespace ptriage::test {

// The programs of this build the tests run. Their paths are compiled into BuildPaths.cpp alone: the
// tests' own objects name no folder of this checkout, and another clone's build (CI's) takes them
// from the compiler cache.
const char *ptriageBinary(); // app/ptriage
const char *testActorBinary(); // tests/ptriage_test_actor (support/TestActor.cpp)

} // namespace ptriage::test
