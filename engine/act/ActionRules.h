#pragma once

#include "ActRequest.h"
#include "ActionJournal.h"
#include "decide/Triage.h"
#include "util/Phrase.h"

#include <vector>

namespace ptriage {

// What ptriage did to a process and has not undone (from the action journal): what the scan cannot see.
struct ActedOn {
    bool frozen = false;
};
// From the journal's undoable entries: what was done to `id` on `machine`.
ActedOn actedOn(const std::vector<ActionJournal::Entry> &undoable, const ProcessIdentity &id, const Machine &machine);

// One action a process's menus offer.
struct OfferedAction {
    ActVerb verb = ActVerb::End;
    bool recommended = false; // what ptriage recommends for it: the menu's default, first
    std::vector<Phrase> blocks; // why it would be refused (offered, but disabled); empty: it may be done
    bool mayBeDone() const { return blocks.empty(); }
};

// What may be done to a process in its state, the recommended action first: a zombie is reaped by its
// parent, or its parent ended (End); a stopped one is resumed, not paused; one ptriage froze is thawed;
// one at nice 19 is not reniced. Every surface that offers actions (the window's menus, the tray, the
// CLI's explain) asks this; none decides.
std::vector<OfferedAction> offeredActions(const ProcessView &process, const ActedOn &acted = {});
// Whether the signals (Send signal) are offered: never to a zombie, which has ended already.
bool takesSignals(const ProcessView &process);

// One target of a request, vetted: what is acted on and, if nothing, why.
struct VettedTarget {
    ProcessIdentity asked; // as the person chose it
    ProcessIdentity target; // what is acted on: `asked`, or a zombie's parent (End, Kill)
    int index = -1; // `target` in the result; -1: gone, or its PID names another process now
    Phrase instead; // why `target` is not `asked` (a zombie: its parent); empty when it is
    std::vector<Phrase> blocks; // why it is left out; empty (and index ≥ 0): it goes
    bool goes() const { return index >= 0 && blocks.empty(); }
    bool substituted() const { return target != asked; }
};

struct VettedRequest {
    ActRequest request; // as asked, its targets only those that go, each once
    std::vector<VettedTarget> targets; // every target asked, in its order
};

// What a request becomes on the result the person saw: End or Kill of a zombie becomes its parent's
// (ending the parent removes the zombie; never init, nor a parent of another machine's scan gone since),
// a target gone or hard-blocked is left out with its reason. The confirmation shows all of it.
VettedRequest vetRequest(const ActRequest &request, const TriageResult &context);

// Why process `index` of `context` can never get `request`'s action: protected, a zombie, D state for
// what ends it, a critical file open for writing. Empty when it may.
std::vector<Phrase> hardBlocks(const ActRequest &request, const TriageResult &context, int index);

} // namespace ptriage
