#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <string_view>

namespace ptriage::html {

// Text taken from a process, made safe to put between tags or inside a quoted attribute: markup
// characters escaped, invalid UTF-8 bytes shown as \xNN, control characters as \xNN and
// bidirectional controls as <U+202E>, so that what a process wrote shows as text and runs nothing.
std::string text(std::string_view raw);
void appendText(std::string &out, std::string_view raw);
std::string words(const QString &words); // our own words (translations): escaped too
// At most `maxBytes` of `raw` (cut at a character boundary, "…" added), escaped.
std::string truncated(std::string_view raw, std::size_t maxBytes);

// A number for data-value and SVG attributes: "C" notation whatever the locale, shortest form.
std::string number(double value);
std::string number(std::int64_t value);

} // namespace ptriage::html
