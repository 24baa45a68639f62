#pragma once

#include "act/ActRequest.h"
#include "act/ActionJournal.h"

#include <QString>

#include <string>

#include <vector>

class QWidget;

namespace ptriage {

class Desk;

// The one way every view acts: the confirmation over the view that asked (ActionDialog: every
// target, its risk and blast radius; Cancel is the default), then the Desk acts off the GUI
// thread, then the outcome is shown over that view (if it is still there). Cancel changes nothing.
namespace ActFlow {

// On the Desk's current result; nothing is asked when there is no target, no result yet, or
// acting is off (the view says why from Desk::actUnavailableReason).
void confirmAndAct(Desk &desk, const ActRequest &request, QWidget *over);
// "End this group's leftovers…": the confirmation lists every member of the origin group `key` (of the
// Desk's current result) with its own verdict; what the group's plan ends is the request, what it
// leaves out is shown with the reason and never included. Nothing is asked when it ends nothing.
void confirmGroupEnd(Desk &desk, const std::string &key, QWidget *over);
// The undo of one journal entry, after a yes/cancel question (Cancel is the default).
void confirmAndUndo(Desk &desk, const ActionJournal::Entry &entry, QWidget *over);

// The outcome, one line per target ("PID 4242: done — …").
QString outcomeLines(const std::vector<ActOutcome> &outcomes);

} // namespace ActFlow
} // namespace ptriage
