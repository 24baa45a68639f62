#pragma once

namespace ptriage {

// For the long-lived window and tray: two malloc arenas for the whole process, not glibc's eight per
// core (scans allocate on a few background threads and the GUI thread frees; each extra arena keeps
// its own free holes), and fixed mmap and trim thresholds. Call before the first thread starts; a
// no-op off glibc.
void tuneAllocatorForLongRun();

} // namespace ptriage
