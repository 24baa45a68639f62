#pragma once

// The one-shot scan (Collector::scanOnce, which says what it does): two passes over the processes, the
// second rereading CPU time, last run and I/O through the directories the first kept open.

#include "collect/scan/CollectorState.h"

#include <memory>

namespace ptriage {

class OneShotScan {
public:
    explicit OneShotScan(CollectorState &state) : m_state(state) { }
    std::shared_ptr<const Snapshot> run(double minIntervalSeconds);

private:
    std::shared_ptr<const Snapshot> runOnCapture(PhaseClock &clock); // read once
    // The second pass: CPU time, last run and I/O again, through the kept directories, of all but
    // those quiet since long before their first read (Pass::quiet).
    Pass rereadRates(Pass &first);

    CollectorState &m_state;
};

} // namespace ptriage
