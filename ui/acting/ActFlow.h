#pragma once

#include "act/ActRequest.h"
#include "act/ActionJournal.h"

#include <QString>

#include <memory>

#include <string>

#include <vector>

class QWidget;

namespace ptriage {

class Desk;
struct TriageResult;

// The one way every view acts: the confirmation over the view that asked (ActionDialog: every
// target, its risk and blast radius; Cancel is the default), then the Desk acts off the GUI
// thread, then the outcome is shown over that view (if it is still there). Cancel changes nothing.
namespace ActFlow {

// On `on`, the result the view shows (null: the Desk's current result, this machine's); another
// machine's result is acted on there. Nothing is asked when there is no target, no result yet, or
// acting is off (the view says why from Desk::actUnavailableReason).
void confirmAndAct(Desk &desk, const ActRequest &request, QWidget *over, std::shared_ptr<const TriageResult> on = {});
// "End this group's leftovers…": the confirmation lists every member of the origin group `key` (of the
// result `on`, null: the Desk's current one) with its own verdict; what the group's plan ends is the request, what it
// leaves out is shown with the reason and never included. Nothing is asked when it ends nothing.
void confirmGroupEnd(Desk &desk, const std::string &key, QWidget *over, std::shared_ptr<const TriageResult> on = {});
// The undo of one journal entry, after a yes/cancel question (Cancel is the default).
void confirmAndUndo(Desk &desk, const ActionJournal::Entry &entry, QWidget *over);

// The outcome, one line per target ("PID 4242: done — …").
QString outcomeLines(const std::vector<ActOutcome> &outcomes);

} // namespace ActFlow
} // namespace ptriage
