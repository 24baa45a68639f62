#pragma once

#include <string>
#include <string_view>

namespace ptriage {

// A text another machine sent (a message, an error, a version, a name) as one line for people:
// terminal controls escaped (forTerminal), line breaks written as \n and \r so no host forges a line
// of our output, and at most `max` bytes (cut at a character's start, "…" after).
std::string oneLine(std::string_view text, std::size_t max = 4096);

} // namespace ptriage
