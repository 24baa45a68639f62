#pragma once

namespace ptriage {

// The nice value of background work (scans, formatting rows): below the GUI thread's, so on a
// busy machine the window gets a core first.
inline constexpr int kBackgroundNice = 10;

// Lowers the calling thread's priority to `nice` (never raises it). Threads it starts inherit it.
void lowerCurrentThreadPriority(int nice = kBackgroundNice);

} // namespace ptriage
