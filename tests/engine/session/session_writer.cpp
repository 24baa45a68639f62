// Saves small sessions into a database in a loop until killed (tst_session_store's crash test), and
// prunes as it goes, so a kill can land in a save, a prune or between them. Writes one line to
// standard output once the first session is saved, so the test's kill does not depend on how fast
// the machine starts it.
#include "SyntheticSession.h"
#include "session/database/SessionStore.h"

#include <QDateTime>

#include <cstdio>
#include <random>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    ptriage::SessionStore store;
    QString error;
    if (!store.open(QString::fromLocal8Bit(argv[1]), ptriage::SessionStore::Mode::Create, &error)) {
        std::fprintf(stderr, "%s\n", qUtf8Printable(error));
        return 1;
    }
    std::mt19937 rng(static_cast<unsigned>(QDateTime::currentMSecsSinceEpoch()));
    bool first = true;
    for (;;) {
        auto s = ptriage::test::syntheticSession(std::uniform_int_distribution<int>(50, 1500)(rng), 100,
            std::uniform_int_distribution<int>(5, 400)(rng), QDateTime::currentMSecsSinceEpoch());
        const long long id = store.save(s, &error);
        if (!id) {
            std::fprintf(stderr, "%s\n", qUtf8Printable(error));
            return 1;
        }
        if (first) {
            std::puts("saved");
            std::fflush(stdout);
            first = false;
        }
        // Keep about a second of history so the checks stay fast.
        if (store.prune(1.0 / 86400, {id}, &error) < 0) {
            std::fprintf(stderr, "%s\n", qUtf8Printable(error));
            return 1;
        }
    }
}
