#include "TerminalText.h"

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

} // namespace

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
