#pragma once

#include <QCommandLineParser>
#include <QStringList>

#include <optional>
#include <vector>

class QObject;

namespace ptriage {
struct ScanReportOptions;
struct HostSpec;
} // namespace ptriage

namespace ptriage::cli {

// Exit codes shared by every subcommand.
enum Exit { Ok = 0, Failure = 1, Usage = 2 };

int scan(const QStringList &args);
int explain(const QStringList &args);
int groups(const QStringList &args); // the processes by origin, and each group's leftovers
int capture(const QStringList &args);
int evidence(const QStringList &args); // this machine's collection as JSON, for another's scan --host
int hosts(const QStringList &args); // the hosts scan --host reaches, each checked
int act(const QStringList &args);
int record(const QStringList &args); // save sessions headless
int sessions(const QStringList &args);
int diff(const QStringList &args);
int accumulation(const QStringList &args);
int learned(const QStringList &args); // past decisions: list, forget, clear
int report(const QStringList &args); // the HTML report
int pressure(const QStringList &args); // memory pressure: the level, the readings and why
int watch(const QStringList &args); // the window's live verdicts without a window, a refresh at a time
int relieve(const QStringList &args); // the relief plan: free memory or a port
int port(const QStringList &args); // who holds a port, and what ending each holder would mean
int mcp(const QStringList &args); // a Model Context Protocol server on stdio: the read-only tools, and End once confirmed
int gui(int argc, char **argv); // the window (ptriage-gui): no command, gui, or the window's options (see wantsWindow)
int usage(const QString &error = {});
// Adds -h/--help and parses. A value when the command is done: 0 once its help is on stdout
// ("usage: ptriage SYNOPSIS", the description, the options), 2 after a usage error.
std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &args, const QString &synopsis);

struct OneShotResult;
struct OneShotOptions;
// The hosts --host names, each with the hosts file's command when the file lists it; `withFile`:
// every host of the file first. False with a message for people (a bad name, a bad file).
bool hostsAsked(const QStringList &names, bool withFile, std::vector<HostSpec> &out, QString *error);
// --host and --timeout (scan); scanHosts() judges every --host's evidence with this machine's model.
void addHostOptions(QCommandLineParser &parser);
int scanHosts(
    const QCommandLineParser &parser, const OneShotOptions &options, const ScanReportOptions &ro, bool json, int width);
// "900", "15m", "6h", "2d" → seconds; empty when it is not a duration.
std::optional<double> parseDuration(const QString &text);
// --db and --keep-days, shared by scan --save and record.
void addSaveOptions(QCommandLineParser &parser);
bool readKeepDays(const QCommandLineParser &parser, double *days, QString *error);
QString saveDbPath(const QCommandLineParser &parser);
// Saves the scan as a session and applies retention (never to the session just saved).
bool saveScan(const OneShotResult &result, const QString &path, double keepDays, long long *id, QString *error);

// SIGINT and SIGTERM end a watching command through the event loop (exit 0, output flushed).
bool stopOnSignals(QObject *context);

// "ptriage: message" on stderr, one line.
void fail(const QString &message);

// Ends a one-shot command whose output is out: stdio is flushed and the process leaves without
// freeing a scan's many small objects one by one (~4 ms at 2,000 processes), which the kernel
// frees at once. A build with AddressSanitizer returns `code` instead, so leaks are still checked.
int leaveNow(int code);

} // namespace ptriage::cli
