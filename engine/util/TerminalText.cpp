#include "TerminalText.h"

#include <algorithm>
#include <cstdio>

namespace ptriage {
namespace {

// U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069: they reorder or hide what follows.
bool isFormatControl(char32_t c)
{
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

std::string codePoint(char32_t c)
{
    char out[16];
    std::snprintf(out, sizeof out, "<U+%04X>", static_cast<unsigned>(c));
    return out;
}

bool continuation(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

std::size_t columnsOf(std::string_view s)
{
    std::size_t n = 0;
    for (char c : s)
        n += continuation(c) ? 0 : 1;
    return n;
}

// The byte offset after the first `columns` characters of `s`.
std::size_t bytesOfColumns(std::string_view s, std::size_t columns)
{
    std::size_t i = 0;
    for (std::size_t n = 0; i < s.size() && n < columns; ++n)
        for (++i; i < s.size() && continuation(s[i]); ++i) { }
    return i;
}

// A word wider than `room`: its start and its end (a path's file, an option's value), "…" between.
std::string cutMiddle(std::string_view word, std::size_t room)
{
    const std::size_t head = (room - 1) / 3, tail = room - 1 - head;
    const std::size_t cols = columnsOf(word);
    return std::string(word.substr(0, bytesOfColumns(word, head))) + "…"
        + std::string(word.substr(bytesOfColumns(word, cols - tail)));
}

std::string fitLine(std::string_view line, std::size_t width)
{
    if (columnsOf(line) <= width)
        return std::string(line);
    const std::size_t lead = line.find_first_not_of(' ');
    if (lead == std::string_view::npos)
        return std::string(line);
    // Continuations go under the value: after the last run of two or more spaces that ends in the
    // line's first half (a label's, a table's column), else two past the line's own indent.
    std::size_t hang = std::min(lead + 2, width / 2);
    for (std::size_t at = line.find("  ", lead); at != std::string_view::npos; at = line.find("  ", at)) {
        std::size_t end = line.find_first_not_of(' ', at);
        if (end == std::string_view::npos)
            break;
        const std::size_t column = columnsOf(line.substr(0, end));
        if (column > width / 2)
            break;
        hang = column;
        at = end;
    }
    std::string out(line.substr(0, lead));
    std::size_t used = lead;
    bool wordOnLine = false;
    std::size_t i = lead;
    while (i < line.size()) {
        const std::size_t wordAt = line.find_first_not_of(' ', i);
        if (wordAt == std::string_view::npos)
            break;
        const std::size_t wordEnd = std::min(line.find(' ', wordAt), line.size());
        const std::string_view spaces = line.substr(i, wordAt - i);
        std::string_view word = line.substr(wordAt, wordEnd - wordAt);
        i = wordEnd;
        if (wordOnLine && used + spaces.size() + columnsOf(word) > width) {
            out += '\n' + std::string(hang, ' ');
            used = hang;
            wordOnLine = false;
        }
        if (wordOnLine) {
            out += spaces;
            used += spaces.size();
        }
        const std::size_t room = used < width ? width - used : 0;
        const std::string fitted
            = columnsOf(word) > room ? cutMiddle(word, std::max<std::size_t>(room, 3)) : std::string(word);
        out += fitted;
        used += columnsOf(fitted);
        wordOnLine = true;
    }
    return out;
}

} // namespace

std::string fitToColumns(std::string_view text, std::size_t width)
{
    if (width < 20)
        return std::string(text); // too narrow for wrapping to help
    std::string out;
    out.reserve(text.size() + text.size() / 16);
    for (std::size_t start = 0;;) {
        const std::size_t end = text.find('\n', start);
        out += fitLine(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start), width);
        if (end == std::string_view::npos)
            break;
        out += '\n';
        start = end + 1;
    }
    return out;
}

std::string forTerminal(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b < 0x20 || b == 0x7F) {
            if (b == '\n' || b == '\t') {
                out += static_cast<char>(b);
            } else {
                char esc[8];
                std::snprintf(esc, sizeof esc, "\\x%02x", b);
                out += esc;
            }
            ++i;
            continue;
        }
        // Two- and three-byte sequences that decode to a control: C1 (C2 80–9F) and the format controls.
        if (b == 0xC2 && i + 1 < text.size()) {
            const auto c = static_cast<unsigned char>(text[i + 1]);
            if (c >= 0x80 && c <= 0x9F) {
                out += codePoint(c);
                i += 2;
                continue;
            }
        }
        if ((b == 0xD8 || b == 0xE2) && i + 1 < text.size()) {
            const std::size_t length = b == 0xD8 ? 2 : 3;
            if (i + length <= text.size()) {
                char32_t c = b & (length == 2 ? 0x1F : 0x0F);
                bool valid = true;
                for (std::size_t k = 1; k < length; ++k) {
                    const auto cont = static_cast<unsigned char>(text[i + k]);
                    valid = valid && (cont & 0xC0) == 0x80;
                    c = (c << 6) | (cont & 0x3F);
                }
                if (valid && isFormatControl(c)) {
                    out += codePoint(c);
                    i += length;
                    continue;
                }
            }
        }
        out += static_cast<char>(b);
        ++i;
    }
    return out;
}

} // namespace ptriage
