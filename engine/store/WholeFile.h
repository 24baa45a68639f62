#pragma once

#include <QByteArray>
#include <QString>

#include <sys/types.h>

namespace ptriage {

// Writes `data` as the whole new content of `path`, the one way ptriage writes a file (state,
// reports, the hosts file, the autostart entry): a temporary file made in the target's directory,
// written and fsynced, then renamed over the target within that directory (renameat). A link at
// `path` is refused; one swapped in later is replaced by the rename, never followed (QSaveFile
// resolves it and renames over what it points at). Refused too: a target that is not a regular file
// or not the caller's. An existing target keeps its mode; a new one gets `mode` (less the umask).
// False with why in words; the target is then as it was.
bool writeWholeFile(const QString &path, const QByteArray &data, mode_t mode, QString *error);

// The content of `path`, read as the file itself (a link or anything but a regular file refused);
// `exists` false, and true returned, when there is none. False with why when it cannot be read.
bool readOwnFile(const QString &path, QByteArray *data, bool *exists, QString *error);

} // namespace ptriage
