// ptriage-helper: the privileged half of ptriage's actions, a D-Bus system service started on demand
// (as root, by the bus's activation) that asks polkit before every request and exits when idle.
#include "HelperService.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>

namespace {

int usage(FILE *out, int code)
{
    std::fprintf(out,
        "Usage: ptriage-helper [--idle-exit SECONDS]\n"
        "ptriage's polkit-authorized helper (D-Bus system service).\n\n"
        "  --idle-exit SECONDS  exit after this many idle seconds (0: never; default 30)\n"
        "  -h, --help           show this help\n");
    return code;
}

// The system bus, with unix fd passing refused: the bus daemon then delivers no message that carries
// descriptors, so a request can never pin the caller's files (or the helper's fd table) while polkit
// waits. sd_bus_open_system() would negotiate fds before we could say no.
int openSystemBus(sd_bus **out)
{
    sd_bus *bus = nullptr;
    int r = sd_bus_new(&bus);
    const char *address = std::getenv("DBUS_SYSTEM_BUS_ADDRESS");
    if (r >= 0)
        r = sd_bus_set_address(bus, address && *address ? address : "unix:path=/run/dbus/system_bus_socket");
    if (r >= 0)
        r = sd_bus_set_bus_client(bus, 1);
    if (r >= 0)
        r = sd_bus_negotiate_fds(bus, 0);
    if (r >= 0)
        r = sd_bus_start(bus);
    if (r < 0) {
        sd_bus_unref(bus);
        return r;
    }
    *out = bus;
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    int idle = 30;
    bool dieAfterActing = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help"))
            return usage(stdout, 0);
        if (!std::strcmp(argv[i], "--test-die-after-acting")) {
            dieAfterActing = true; // a test seam: the command line is root's (the activation file)
            continue;
        }
        const char *value = nullptr;
        if (!std::strcmp(argv[i], "--idle-exit") && i + 1 < argc)
            value = argv[++i];
        else if (!std::strncmp(argv[i], "--idle-exit=", 12))
            value = argv[i] + 12;
        else
            return usage(stderr, 2);
        char *end = nullptr;
        const long v = std::strtol(value, &end, 10);
        if (!*value || *end || v < 0 || v > 86400) {
            std::fprintf(stderr, "ptriage-helper: --idle-exit: expected seconds from 0 to 86400\n");
            return 2;
        }
        idle = static_cast<int>(v);
    }
    // A large request is read into one buffer; freed, it goes back to the system at once.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    ptriage::procops::audit::open("ptriage-helper");

    sd_event *event = nullptr;
    sd_bus *bus = nullptr;
    int r = sd_event_default(&event);
    if (r >= 0)
        r = openSystemBus(&bus);
    if (r < 0) {
        std::fprintf(stderr, "ptriage-helper: cannot connect to the system bus: %s\n", std::strerror(-r));
        return 1;
    }
    r = sd_bus_attach_event(bus, event, SD_EVENT_PRIORITY_NORMAL);
    ptriage::procops::HelperOptions options;
    options.undoLedgerDir = QString::fromLatin1(ptriage::procops::kHelperLedgerDir);
    options.logSocket = "/dev/log";
    int code = 0;
    {
        ptriage::helper::HelperService service(bus, event, options, idle * 1000);
        service.setDieAfterActing(dieAfterActing);
        if (r >= 0)
            r = service.start();
        if (r >= 0)
            r = sd_bus_request_name(bus, ptriage::helper::kServiceName, 0);
        if (r < 0) {
            std::fprintf(stderr, "ptriage-helper: cannot own %s on the system bus: %s\n", ptriage::helper::kServiceName,
                std::strerror(-r));
            code = 1;
        } else {
            r = sd_event_loop(event);
            code = r < 0 ? 1 : 0;
        }
    }
    sd_bus_flush_close_unref(bus);
    sd_event_unref(event);
    return code;
}
