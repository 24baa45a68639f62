#pragma once

#include <QString>
#include <QStringList>

namespace ptriage::test {

// polkitd reads actions only from /usr/share/polkit-1/actions and rules only from
// /etc/polkit-1/rules.d: a test installs its files there and removes exactly the files it created.
class PolkitFiles {
public:
    static constexpr const char *kActionsDir = "/usr/share/polkit-1/actions";
    static constexpr const char *kRulesDir = "/etc/polkit-1/rules.d";

    PolkitFiles() = default;
    ~PolkitFiles();
    PolkitFiles(const PolkitFiles &) = delete;
    PolkitFiles &operator=(const PolkitFiles &) = delete;

    // Copies `source` into the actions dir under its own name, marked as a test copy. An unmarked file
    // already there (installed by a package) is used as it is and left alone; a marked one is the
    // leftover of a test run that died, and is taken over.
    bool installPolicy(const QString &source, QString *error);
    // Writes (or replaces) rules file `name` (e.g. 90-ptriage-e2e-USER.rules); empty `js` removes it.
    bool setRules(const QString &name, const QString &js, QString *error);
    // Files of earlier runs that died (by their marker or `rulesPrefix`); call with the lock held.
    static void sweepStale(const QString &policyName, const QString &rulesPrefix);

private:
    QStringList m_created;
};

// An exclusive flock on a directory, held for the object's lifetime: two test runs on one machine
// share polkit's directories, so they take turns.
class DirectoryLock {
public:
    DirectoryLock(const char *dir, int timeoutMs);
    ~DirectoryLock();
    DirectoryLock(const DirectoryLock &) = delete;
    DirectoryLock &operator=(const DirectoryLock &) = delete;
    bool held() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

} // namespace ptriage::test
