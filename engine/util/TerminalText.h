#pragma once

#include <string>
#include <string_view>

namespace ptriage {

// Text that reaches a terminal with what processes wrote in it (command lines, paths, names): a
// command line can carry escape sequences that retitle, recolour or rewrite the terminal, or
// bidirectional controls that make it read as something else. Control characters (C0 but newline
// and tab, DEL, and C1) become \xNN or <U+009B>; bidirectional and other invisible format controls
// become <U+202E>. Everything else, invalid UTF-8 included, is left as it is. Never for JSON.
std::string forTerminal(std::string_view text);

} // namespace ptriage
