#pragma once

// What `ptriage act` does on this machine (ActCommand.cpp) and on another one over ssh
// (ActOnHost.cpp) share: asking the person, and printing what is about to be done.
#include "act/ActRequest.h"
#include "act/ActionJournal.h"
#include "act/ActionRules.h"

#include <QString>

#include <string>

class QCommandLineParser;

namespace ptriage {
struct TriageResult;
} // namespace ptriage

namespace ptriage::cli {

// Asks on the terminal (not stdin: a pipe must never answer for the person). Cancel is the default.
bool confirmOnTerminal(const QString &question);
// One line on stdout, safe for a terminal: commands and messages carry what processes wrote.
void printLine(const std::string &line);
// A target as the person decides on it, vetted: what it became (a zombie's parent), its command, class,
// size and blast radius, and what will be refused.
QString describeTarget(const TriageResult &r, const VettedTarget &target);

// act VERB START_ID… --host HOST (request set), act undo ID --host HOST and act journal --host HOST.
int actOnHost(const QCommandLineParser &parser, const ActRequest *request, ActionJournal &journal);
// act undo ID, where ID is an action this journal has as done on another host: undone there.
int undoOnHost(const ActionJournal::Entry &entry, ActionJournal &journal);

} // namespace ptriage::cli
