/* A real D-state process: a parent in vfork() waits uninterruptibly (state D) until its child
 * execs or exits. The child here (a "pre-exec setup" that never finishes) sleeps first, the way a
 * child stuck before exec keeps its parent in D. argv[1]: how long the child sleeps (seconds). */
#include <cstdlib>
#include <unistd.h>

int main(int argc, char **argv)
{
    unsigned seconds = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 600;
    pid_t child = vfork();
    if (child == 0) {
        sleep(seconds); // in the child, before exec: the parent stays in D
        _exit(0);
    }
    return child < 0 ? 1 : 0;
}
