#pragma once

#include <QStringList>

namespace ptriage::cli {

// Exit codes shared by every subcommand.
enum Exit { Ok = 0, Failure = 1, Usage = 2 };

int scan(const QStringList &args);
int explain(const QStringList &args);
int capture(const QStringList &args);
int act(const QStringList &args);
int gui(int argc, char **argv); // the window: no command, or --screenshot/--select/--min-age only
int usage(const QString &error = {});

// "ptriage: message" on stderr, one line.
void fail(const QString &message);

} // namespace ptriage::cli
