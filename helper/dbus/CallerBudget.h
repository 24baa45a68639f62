#pragma once

#include <QHash>
#include <QString>

#include <sys/types.h>

namespace ptriage::helper {

// How many polkit checks may wait at once: per bus connection, per user and in all. A check can
// wait ten minutes for a password, so without bounds one user with a silent agent could fill the
// helper's (and the bus's: 128 pending calls per connection) pending-call limits and lock everyone
// else out. Checks are counted, not requests: a request starts one check per owner of its targets.
// root is not counted: polkit answers root at once. Over a bound the request is refused before
// polkit is asked.
class CallerBudget {
public:
    struct Limits {
        int perConnection = 8;
        int perUser = 8;
        int total = 64;
    };

    CallerBudget() = default;
    explicit CallerBudget(Limits limits) : m_limits(limits) { }

    // Empty when a request of `checks` checks is admitted (then release() the same once it is
    // answered); else why not, in English.
    QString admit(const QString &connection, uid_t uid, int checks);
    void release(const QString &connection, uid_t uid, int checks);
    int waiting() const { return m_total; }

private:
    Limits m_limits;
    QHash<QString, int> m_byConnection;
    QHash<uid_t, int> m_byUser;
    int m_total = 0;
};

} // namespace ptriage::helper
