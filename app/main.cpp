#include "Commands.h"
#include "translations/Translations.h"
#include "util/NearMiss.h"

#include <QCoreApplication>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <utility>

namespace {

// A scan keeps a directory open per process (see Collector::scanOnce). The soft limit of 1,024 is
// kept low for select(), which neither ptriage nor Qt 6 uses (poll): raise it toward the hard limit,
// to at most 2^20 (code that closes every fd up to the limit stays quick under a huge hard limit).
void raiseOpenFileLimit()
{
    constexpr rlim_t enough = rlim_t{1} << 20;
    rlimit rl{};
    if (::getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < std::min(rl.rlim_max, enough)) {
        rl.rlim_cur = std::min(rl.rlim_max, enough);
        ::setrlimit(RLIMIT_NOFILE, &rl);
    }
}

// No command, or only the window's own options: the GUI. Other options with no command mean a scan;
// --proc-root alone is a scan of a capture, with an option only the window has it is the window's.
bool wantsWindow(int argc, char **argv)
{
    if (argc == 1 || QByteArray(argv[1]) == "gui")
        return true;
    if (!QByteArray(argv[1]).startsWith("--"))
        return false; // a command
    static const QByteArrayList windowOnly
        = {"--screenshot", "--select", "--tab", "--act", "--after", "--tray", "--view"};
    static const QByteArrayList shared = {"--min-age", "--db"};
    bool onlyWindowOptions = true;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg = argv[i];
        if (!arg.startsWith("--"))
            continue;
        const QByteArray name = arg.left(arg.indexOf('=') < 0 ? arg.size() : arg.indexOf('='));
        if (windowOnly.contains(name))
            return true;
        onlyWindowOptions = onlyWindowOptions && shared.contains(name);
    }
    return onlyWindowOptions;
}

// The window is its own program (ptriage-gui, with Qt Widgets and Charts), so a command line run
// loads none of that (~6 ms of start-up). Next to this binary in a build tree, in libexec installed.
int runWindow(char **argv)
{
    std::string self(PATH_MAX, '\0');
    const ssize_t n = ::readlink("/proc/self/exe", self.data(), self.size());
    std::string path = PTRIAGE_GUI_PATH;
    if (n > 0) {
        self.resize(static_cast<std::size_t>(n));
        const std::string sibling = self.substr(0, self.rfind('/') + 1) + "ptriage-gui";
        if (::access(sibling.c_str(), X_OK) == 0)
            path = sibling;
    }
    ::execv(path.c_str(), argv);
    std::fprintf(stderr, "ptriage: cannot start the window (%s): %s\n", path.c_str(), std::strerror(errno));
    return ptriage::cli::Failure;
}

} // namespace

int main(int argc, char **argv)
{
    raiseOpenFileLimit();
    if (wantsWindow(argc, argv)) {
        if (argc > 1 && QByteArray(argv[1]) == "gui") {
            for (int i = 1; i + 1 < argc; ++i)
                argv[i] = argv[i + 1];
            --argc;
        }
        argv[argc] = nullptr;
        return runWindow(argv);
    }
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ptriage"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PTRIAGE_VERSION));
    using namespace ptriage::cli;
    QStringList args = QCoreApplication::arguments();
    const QString command = args.at(1);
    if (command == QLatin1String("--help") || command == QLatin1String("-h") || command == QLatin1String("help"))
        return usage();
    if (command == QLatin1String("--version")) {
        std::printf("ptriage %s\n", PTRIAGE_VERSION);
        return Ok;
    }
    // Text output in the person's language (JSON stays English: engine sentences are Phrases);
    // --help stays English, with Qt's own option texts.
    if (!args.contains(QLatin1String("--help")) && !args.contains(QLatin1String("-h")))
        ptriage::installTranslations(app);
    // Subcommand parsers see "ptriage <options…>".
    QStringList rest = args.mid(2);
    rest.prepend(args.first());
    if (args.size() > 1 && command.startsWith(QLatin1Char('-'))) {
        rest = args; // options with no command: scan
        return scan(rest);
    }
    // The commands, in the order --help lists them.
    static const std::pair<const char *, int (*)(const QStringList &)> commands[]
        = {{"scan", scan}, {"explain", explain}, {"groups", groups}, {"capture", capture}, {"evidence", evidence},
            {"hosts", hosts}, {"act", act}, {"record", record}, {"sessions", sessions}, {"diff", diff},
            {"accumulation", accumulation}, {"learned", learned}, {"report", report}, {"pressure", pressure},
            {"watch", watch}, {"relieve", relieve}, {"port", port}, {"mcp", mcp}};
    QStringList names;
    for (const auto &[name, run] : commands) {
        if (command == QLatin1String(name))
            return run(rest);
        names << QLatin1String(name);
    }
    if (const QString meant = ptriage::nearMiss(command, names); !meant.isEmpty())
        return usage(QStringLiteral("unknown command '%1'; did you mean '%2'?").arg(command, meant));
    return usage(QStringLiteral("unknown command '%1'").arg(command));
}
