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

// Text for people fitted to a terminal `width` columns wide (a character a column): a longer line is
// wrapped at spaces, its continuations indented under its value (after a label's or a column's run of
// spaces in the line's first half) or two past its own indent; a word wider than its line keeps its
// start and end around "…". Lines that fit are left as they are; width 0: nothing changes.
std::string fitToColumns(std::string_view text, std::size_t width);

} // namespace ptriage
