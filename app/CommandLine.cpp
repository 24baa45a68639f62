#include "Commands.h"

#include <QCommandLineParser>

#include <cstdio>
#include <cstdlib>
#include <optional>

namespace ptriage::cli {

int leaveNow(int code)
{
#if defined(__SANITIZE_ADDRESS__)
    return code;
#else
    std::fflush(nullptr);
    std::_Exit(code);
#endif
}

void fail(const QString &message)
{
    std::fprintf(stderr, "ptriage: %s\n", qUtf8Printable(message));
}

int usage(const QString &error)
{
    const char *text
        = "usage: ptriage [COMMAND] [OPTIONS]\n"
          "\n"
          "  gui [--db FILE] [--proc-root DIR] [--min-age SECONDS] [--view VIEW] [--host HOST]\n"
          "      [--screenshot FILE [--select PID [--act ACTION]] [--tab TAB] [--after N]]\n"
          "        the triage window; 'gui' may be left out when the options are only --db and --min-age or\n"
          "        include --tray, --view, --screenshot, --select, --tab, --act or --after (other options mean\n"
          "        scan); --view flat, tree or origin (one row per origin group, its members under it);\n"
          "        --screenshot saves a PNG after the first scan and exits; --tab sessions: the Sessions window;\n"
          "        --host: show that host of the hosts file once it answers (ptriage --host alone scans it)\n"
          "  gui --tray [--db FILE] [--proc-root DIR] [--min-age SECONDS]   (also: ptriage --tray …)\n"
          "        start in the tray: the memory-pressure level as an icon, one notification naming the\n"
          "        culprits when memory runs low; the window opens from the tray\n"
          "  scan [--json [--pretty]] [--all] [--wide] [--proc-root DIR] [--state FILE] [--min-age SECONDS]\n"
          "        rank every process by how much acting on it is worth, in the terminal (options with no\n"
          "        command, other than the window's, mean scan); rows are cut to the terminal's width\n"
          "        (COLUMNS when it has none), never into a pipe or with --wide\n"
          "  scan --save [--db FILE] [--keep-days DAYS] …\n"
          "        also save the scan as a session (sessions older than DAYS, default 30, are deleted);\n"
          "        a live scan reads past decisions and sessions from the database (--db FILE or the default)\n"
          "  scan --host HOST... [--timeout DURATION] [--json [--pretty]] [--all] [--min-age SECONDS]\n"
          "      [--save [--db FILE] [--keep-days DAYS]]\n"
          "        scan other machines over ssh ($PTRIAGE_SSH_COMMAND, else ssh; BatchMode, shared\n"
          "        connections): each one's ptriage collects, this one judges with its own model; a host\n"
          "        that cannot be reached says why in one line and the others are still shown (exit 1);\n"
          "        --save keeps each reachable host's scan as a session of that host\n"
          "  record [--interval DURATION] [--count N] [--db FILE] [--keep-days DAYS] [--proc-root DIR]\n"
          "      [--state FILE] [--min-age SECONDS]\n"
          "        save sessions headless: once, or every DURATION (for cron and systemd timers)\n"
          "  sessions [--host HOST] [--json] [--db FILE]\n"
          "        list the saved sessions, this machine's and other hosts' (ssh:HOST)\n"
          "  diff [--last | --since DURATION | A B] [--host HOST] [--all] [--json] [--db FILE]\n"
          "        what changed between two sessions of one machine (this one, or --host): appeared,\n"
          "        exited, orphaned, reparented, class and recommendation changes, memory and CPU growth\n"
          "  accumulation [--since DURATION] [--host HOST | --across-hosts] [--limit N] [--json] [--db FILE]\n"
          "        what keeps spawning processes: counts per origin across sessions (default 24h) of\n"
          "        one machine; --across-hosts: the same commands on several machines\n"
          "  learned [--json] [--forget PATTERN | --clear] [--db FILE]\n"
          "        the decisions (ended, spared) the \"past decisions\" term learns from, and their patterns\n"
          "  report [--live | --last | --session ID] [--diff A B] [-o|--output FILE] [--db FILE]\n"
          "      [--proc-root DIR] [--state FILE] [--min-age SECONDS]\n"
          "        one self-contained HTML file (opens offline in any browser): candidates, evidence,\n"
          "        blast radius, actions taken and what changed since the session before (-o -: stdout)\n"
          "  report --host HOST... [--local] [--timeout DURATION] [-o|--output FILE] [--min-age SECONDS]\n"
          "        one HTML report over several machines: a section per host with its candidates, a\n"
          "        host that failed named with why (exit 1); --local adds this machine's live scan\n"
          "  pressure [--json] [--watch] [--interval SECONDS] [--proc-root DIR]\n"
          "        memory pressure: the level (normal, warning, critical), MemAvailable, swap, PSI, the\n"
          "        wake source and why; --watch prints one line (or JSON object) per reading until Ctrl+C\n"
          "  watch [--json] [--all] [--interval DURATION] [--count N] [--min-age SECONDS] [--db FILE]\n"
          "      [--proc-root DIR]\n"
          "        the window's live verdicts without a window (the same refreshes and held verdicts):\n"
          "        the candidates at every refresh, and what changed and why, until Ctrl+C\n"
          "  explain PID|START_ID [--json] [--db FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]\n"
          "        the evidence ledger, posterior, expected losses and blast radius of one process\n"
          "  groups [--json [--pretty]] [--all] [--db FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]\n"
          "        the processes by who started them (agent, editor or terminal session, test run, unit),\n"
          "        whether that one is still there, and each group's leftovers: what its End ends and leaves out\n"
          "  groups [--session ID|- [--ending] | --ended [--tool NAME]] [--end [--yes] [--timeout SECONDS]]\n"
          "      [--json [--pretty]] [--db FILE] [--min-age SECONDS]\n"
          "        one session's groups (a hook's: - reads its JSON on stdin), judged as once its owner has\n"
          "        exited (--ending), or every ended session's; --end ends the plan (a hook: --yes)\n"
          "  capture DIR [--pid PID]... [--proc-root DIR]\n"
          "        write the processes into DIR in /proc layout (for bug reports and tests)\n"
          "  hosts [--host HOST]... [--timeout DURATION] [--json]\n"
          "        the hosts scan --host reaches (the hosts file and --host), each checked over ssh\n"
          "  evidence [--proc-root DIR]\n"
          "        what this machine's processes show, as JSON for another machine's ptriage to judge\n"
          "        (what scan --host runs over ssh)\n"
          "  act end|kill|pause|resume|freeze|thaw|throttle|unthrottle|renice|quarantine|unquarantine|signal|reap\n"
          "      START_ID... [--signal NAME] [--group] [--nice N] [--cpus LIST] [--quota PERCENT]\n"
          "      [--timeout SECONDS] [--db FILE | --journal FILE] [--yes] [--host HOST] [--min-age SECONDS]\n"
          "      [--json]\n"
          "        act on processes by identity, as you where you may and through the polkit-authorized\n"
          "        helper where not; one result line per target (exit 0 only if every one succeeded)\n"
          "  act undo ID [--yes] [--db FILE] [--host HOST] | act journal [--db FILE] [--host HOST]\n"
          "        undo a journaled action; list recent actions; --journal is the older name of --db;\n"
          "        --host HOST: on that host over ssh (confirmed here, done and journaled there)\n"
          "  relieve --free-memory SIZE | --free-port PORT [--json] [--yes [--timeout SECONDS]] [--db FILE]\n"
          "      [--proc-root DIR] [--state FILE] [--min-age SECONDS]\n"
          "        the processes to end to free SIZE (512M, 4G, 1.5GiB, bytes) or a TCP port with the least\n"
          "        expected loss and risk, never across a gate; --yes ends them (journaled, as act end);\n"
          "        exit 1 when the goal cannot be reached safely (the plan shows the best safe amount)\n"
          "  port PORT [--json] [--db FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]\n"
          "        who holds PORT (also :PORT): each listening process, whether ending it is safe and why,\n"
          "        what ending it would break, and what to stop instead when a unit or container runs it;\n"
          "        exit 1 when nothing holds it\n"
          "  mcp [--db FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]\n"
          "        a Model Context Protocol server on stdin and stdout for coding agents: tools scan,\n"
          "        explain, groups, port and end_plan (read only), and end, which ends nothing until the\n"
          "        person confirms (elicitation); ends with exit 0 when stdin ends\n"
          "  help\n"
          "        this text (also -h, --help); ptriage COMMAND --help lists that command's options\n"
          "\n"
          "Options: -h, --help (with a command: that command's help), --version.\n"
          "Exit codes: 0 ok, 1 error, 2 usage error. See ptriage(1).\n";
    if (error.isEmpty()) {
        std::fputs(text, stdout);
        return Ok;
    }
    fail(error);
    std::fputs("Try 'ptriage --help'.\n", stderr);
    return Usage;
}

std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &args, const QString &synopsis)
{
    // Our own -h/--help: addHelpOption() would also add -? and Qt's --help-all.
    parser.addOption({{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help and exit.")});
    if (!parser.parse(args))
        return usage(parser.errorText());
    if (!parser.isSet(QStringLiteral("help")))
        return std::nullopt;
    // Qt's text starts with "Usage: <binary> [options]", which lacks the command: ours instead.
    const QString qtText = parser.helpText();
    const qsizetype options = qtText.indexOf(QLatin1String("\nOptions:\n"));
    const QString text
        = QStringLiteral("usage: ptriage %1\n\n%2\n%3")
              .arg(synopsis, parser.applicationDescription(), options < 0 ? QString() : qtText.mid(options));
    std::fputs(qUtf8Printable(text), stdout);
    return Ok;
}

} // namespace ptriage::cli
