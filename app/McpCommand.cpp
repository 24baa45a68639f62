// ptriage mcp: a Model Context Protocol server on stdin and stdout, so that an agent can ask what was
// left running and who holds a port, and end leftovers only once the person has confirmed it.
#include "Commands.h"
#include "OneShot.h"
#include "mcp/McpServer.h"

#include "act/ActionJournal.h"
#include "session/database/SessionStore.h"

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace ptriage::cli {

int mcp(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A Model Context Protocol server on stdin and stdout (one JSON-RPC message per line; logs on stderr) "
        "for coding agents: tools scan, explain, groups, port and end_plan read, each answering with the JSON "
        "of the command of that name; end ends an End plan only after the person confirms it (elicitation). "
        "Ends when stdin ends."));
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database: past decisions are read from it and the action journal is in it "
                       "(default %1).")
            .arg(SessionStore::defaultPath()),
        QStringLiteral("FILE")});
    addOneShotOptions(parser);
    if (const auto done = parseCommandLine(
            parser, args, QStringLiteral("mcp [--db FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("mcp takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    OneShotOptions options;
    QString error;
    if (!readOneShotOptions(parser, options, &error))
        return usage(error);
    options.pastDb = pastDatabase(parser, options);
    const QString journal
        = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db")) : ActionJournal::defaultPath();

    // The protocol owns stdout: it gets a descriptor of its own, and whatever else would print to
    // stdout (a library's message) goes to stderr instead of into a message.
    std::fflush(stdout);
    const int protocolOut = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (protocolOut < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        fail(QStringLiteral("mcp: cannot set up stdout"));
        return Failure;
    }
    std::signal(SIGPIPE, SIG_IGN); // a client gone is a failed write, not a signal
    std::fprintf(stderr, "ptriage mcp: serving on stdin and stdout\n");
    ptriage::mcp::LineChannel channel(STDIN_FILENO, protocolOut);
    ptriage::mcp::McpTools tools(options, journal);
    ptriage::mcp::McpServer server(channel, tools);
    const int code = server.run();
    ::close(protocolOut);
    return code == 0 ? Ok : Failure;
}

} // namespace ptriage::cli
