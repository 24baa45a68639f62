#pragma once

#include "collect/Sample.h"
#include "decide/Triage.h"

#include <memory>

namespace ptriage {

// What every side pane of the window is to it: one process shown at a time. The window calls only
// the pane in view at each refresh (with thousands of processes, each of the others would cost
// milliseconds of the GUI thread); the others are filled when their tab is opened.
class ProcessPane {
public:
    virtual ~ProcessPane() = default;

    // Shows process `index` of `result` (again: the same process refreshed; the result is kept
    // while it is shown).
    virtual void showProcess(std::shared_ptr<const TriageResult> result, int index) = 0;
    // Fds, sockets and environment read on demand for the process shown (ignored for another one).
    virtual void showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep)
    {
        (void)id;
        (void)deep;
    }
    virtual void clear() = 0;
    // Behind another tab: lets go of the result shown (it is shown again, refreshed, when its tab is
    // opened). Kept, an hour-old scan stayed in memory with every process it read.
    virtual void forgetResult() { }
    virtual ProcessIdentity shownIdentity() const = 0; // invalid when none
};

} // namespace ptriage
