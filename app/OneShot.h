#pragma once

#include "decide/Triage.h"

#include <QCommandLineParser>

namespace ptriage::cli {

// What scan and explain share: where to read, what state to keep, which config to use.
struct OneShotOptions {
    QString procRoot = QStringLiteral("/proc");
    QString statePath;
    std::optional<double> minAgeSeconds;
    // The session database the past terms read; empty: none. See pastDatabase().
    QString pastDb;
};

// --db FILE when given; else the default database for a live scan, none for a captured tree
// (a capture is another machine or moment: its verdict should not depend on this user's past).
QString pastDatabase(const QCommandLineParser &parser, const OneShotOptions &options);

void addOneShotOptions(QCommandLineParser &parser);
// Reads the shared options; false (with a message) on a bad value.
bool readOneShotOptions(const QCommandLineParser &parser, OneShotOptions &out, QString *error);

struct OneShotResult {
    std::optional<TriageConfig> config;
    std::shared_ptr<const TriageResult> triage;
    // The threads the triage shared its per-process work across; the command may use them too.
    std::shared_ptr<QThreadPool> workers;
    // What the triage was given (the past, the minimum age, the held verdicts): another triage of a
    // changed scan (a session about to end) is given the same.
    TriageOptions triageOptions;
};

// Collect (two samples, or one of a capture), read the past (a refused database: a warning, and
// triage without it), infer, decide; saves --state afterwards.
bool runOneShot(const OneShotOptions &options, OneShotResult &out, QString *error);

// The width of the terminal stdout is: its size (TIOCGWINSZ), else COLUMNS, else 80. Into a pipe or
// a file nothing is cut or wrapped: 0.
int terminalWidth();

// Writes a command's output to stdout and flushes it: false when that failed. Text for people is
// made safe for a terminal first (forTerminal: what processes wrote cannot drive it), then fitted to
// its width (fitToColumns) unless it is WideText (scan --wide); JSON as it is.
enum class Output { Text, WideText, Json };
bool writeOut(const std::string &text, Output kind);

} // namespace ptriage::cli
