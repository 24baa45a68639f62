#pragma once

namespace ptriage::test {

// A SQLite VFS over the default one, made the default: after makeOpenFilesStale(), every file open at
// that moment fails each read, write, sync and lock with an I/O error, as an NFS handle does once the
// file was replaced on the server, while files opened afterwards work.
void installStaleableFiles();
void makeOpenFilesStale();

} // namespace ptriage::test
