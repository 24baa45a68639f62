#pragma once

#include "util/Phrase.h"

#include <QString>

namespace ptriage {

// A PSI trigger on ROOT/pressure/memory: the kernel makes the fd readable with POLLPRI when tasks
// stalled for stallMs within windowMs. Only on procfs (never written into a replayed tree).
class PsiTrigger {
public:
    PsiTrigger() = default;
    PsiTrigger(const PsiTrigger &) = delete;
    PsiTrigger &operator=(const PsiTrigger &) = delete;
    ~PsiTrigger();

    // False with the reason ("EPERM: PSI triggers need kernel ≥ 6.4 or CAP_SYS_RESOURCE").
    bool arm(int rootFd, int stallMs, int windowMs, Phrase *reason);
    int fd() const { return m_fd; }
    // What poll() says now: fired (POLLPRI), broken (POLLERR/POLLHUP: the file is gone) or neither.
    enum class State { Quiet, Fired, Broken };
    State state() const;
    void close();

private:
    int m_fd = -1;
};

} // namespace ptriage
