#pragma once

#include <QString>

#include <sys/types.h>

namespace ptriage {

// Whether a file whose content ptriage shows and acts on is the user's own: not a link, a regular
// file, owned by the effective uid and writable by no one else. Returns why not, in words; empty
// when it is, or when there is no such file (`exists` false then).
QString whyNotOwnFile(const QString &path, bool *exists = nullptr, dev_t *device = nullptr, ino_t *inode = nullptr);

} // namespace ptriage
