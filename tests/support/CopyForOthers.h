#pragma once

#include <QString>

#include <memory>

#include <sys/types.h>

class QTemporaryDir;

namespace ptriage::test {

// Whether a user other than the owner can run `path`: every parent directory searchable, the file r-x.
bool reachableByOthers(const QString &path);

// What a test runs as another user must be reachable by that user, but a checkout in a 0700 home
// (Debian 12's default, and /root) is not: such programs run from a copy in a fresh directory
// under /tmp that everyone may enter.
class CopyForOthers {
public:
    CopyForOthers();
    ~CopyForOthers();
    CopyForOthers(const CopyForOthers &) = delete;
    CopyForOthers &operator=(const CopyForOthers &) = delete;

    // `path` itself when others can reach it, else a copy (r-x for all); empty with `error` set on failure.
    QString of(const QString &path, QString *error);
    // Hands the directory to `uid` (who can then remove it after the test gave up root).
    bool giveTo(uid_t uid, gid_t gid);

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

} // namespace ptriage::test
