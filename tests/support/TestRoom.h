#pragma once

// One executable per test room (tests/engine, tests/app, tests/ui) instead of one per class: each
// tst file registers its class here, and TestRoom.cpp's main() runs the one class named by its first
// argument, in a process of its own (ctest registers one test per class, as before). Links and moc
// runs of ~60 executables were a third of the CI build.
#include <QTest>

namespace ptriage::test {

using RoomRun = int (*)(int argc, char **argv);
// Called from a static initializer of each tst file; true, so that it can initialize a constant.
bool registerRoomTest(const char *testClass, RoomRun run);

} // namespace ptriage::test

// QTEST_MAIN / QTEST_GUILESS_MAIN with Qt's own set-up (the same application type, arguments and
// initMain()), run by name instead of being main().
#define PTRIAGE_ROOM_WRAPPER(TestObject, ...)                                                                          \
    static int ptriageRoomRun_##TestObject(int argc, char *argv[])                                                     \
    {                                                                                                                  \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                                             \
        __VA_ARGS__                                                                                                    \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }                                                                                                                  \
    PTRIAGE_ROOM_TEST(TestObject, ptriageRoomRun_##TestObject)

#define PTRIAGE_ROOM_MAIN(TestObject) PTRIAGE_ROOM_WRAPPER(TestObject, QTEST_MAIN_SETUP())
#define PTRIAGE_ROOM_GUILESS_MAIN(TestObject) PTRIAGE_ROOM_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
// A class whose own function sets up the process and its application (a private bus first).
#define PTRIAGE_ROOM_TEST(TestObject, run)                                                                             \
    [[maybe_unused]] static const bool ptriageRoomRegistered_##TestObject                                              \
        = ptriage::test::registerRoomTest(#TestObject, run);
