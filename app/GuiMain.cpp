#include "Commands.h"

// ptriage-gui: the window, started by `ptriage` (gui, no command, or the window's options) with
// the same arguments, "gui" already taken off.
int main(int argc, char **argv)
{
    return ptriage::cli::gui(argc, argv);
}
