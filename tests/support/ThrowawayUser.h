#pragma once

#include <QString>
#include <QStringList>

#include <sys/types.h>

namespace ptriage::test {

// A system user that exists for one test run (polkit always authorizes uid 0, so refusals need
// someone else): `useradd --system` without a home, `userdel` in the destructor.
class ThrowawayUser {
public:
    static constexpr const char *kPrefix = "ptriage-e2e-";

    ThrowawayUser() = default;
    ~ThrowawayUser();
    ThrowawayUser(const ThrowawayUser &) = delete;
    ThrowawayUser &operator=(const ThrowawayUser &) = delete;

    bool create(QString *error);
    QString name() const { return m_name; }
    uid_t uid() const { return m_uid; }
    gid_t gid() const { return m_gid; }

    // runuser arguments that run `command` as this user with only `env` (plus PATH) in its environment.
    QStringList runuserArgs(const QStringList &command, const QStringList &env) const;
    // Users left by runs that died (kPrefix…); call with the lock that serializes runs held.
    static void sweepStale();

private:
    QString m_name;
    uid_t m_uid = 0;
    gid_t m_gid = 0;
};

} // namespace ptriage::test
