#pragma once

namespace ptriage {

// Two malloc arenas for the whole process, not glibc's eight per core. The long-lived window and
// tray free what a scan allocated on threads other than the one that allocated it; with an arena per
// thread the holes left in each add up, and RSS crept up by 11 % over 10,000 refreshes (the endurance
// benchmark), against 4 % with two. Call before the first thread starts; a no-op off glibc.
void limitAllocatorArenas();

} // namespace ptriage
