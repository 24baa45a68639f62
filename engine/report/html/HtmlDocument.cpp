#include "report/html/HtmlDocument.h"

#include <charconv>
#include <cstdio>

namespace ptriage::html {
namespace {

// Length of the UTF-8 sequence at `s`, or 0 when it is not valid (overlong, surrogate, > U+10FFFF).
std::size_t sequenceLength(std::string_view s, char32_t &cp)
{
    const auto b0 = static_cast<unsigned char>(s[0]);
    std::size_t n = 0;
    if (b0 < 0x80) {
        cp = b0;
        return 1;
    }
    if ((b0 & 0xe0) == 0xc0) {
        n = 2;
        cp = b0 & 0x1f;
    } else if ((b0 & 0xf0) == 0xe0) {
        n = 3;
        cp = b0 & 0x0f;
    } else if ((b0 & 0xf8) == 0xf0) {
        n = 4;
        cp = b0 & 0x07;
    } else
        return 0;
    if (s.size() < n)
        return 0;
    for (std::size_t k = 1; k < n; ++k) {
        const auto b = static_cast<unsigned char>(s[k]);
        if ((b & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (b & 0x3f);
    }
    static constexpr char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

bool isBidiControl(char32_t cp)
{
    return cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e)
        || (cp >= 0x2066 && cp <= 0x2069);
}

void appendByte(std::string &out, unsigned char b)
{
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", b);
    out += hex;
}

} // namespace

void appendText(std::string &out, std::string_view raw)
{
    for (std::size_t at = 0; at < raw.size();) {
        char32_t cp = 0;
        const std::size_t n = sequenceLength(raw.substr(at), cp);
        if (n == 0) {
            appendByte(out, static_cast<unsigned char>(raw[at]));
            ++at;
            continue;
        }
        if (n == 1) {
            const char c = raw[at];
            switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                if ((cp < 0x20 && c != '\t' && c != '\n') || cp == 0x7f)
                    appendByte(out, static_cast<unsigned char>(c));
                else
                    out += c;
            }
        } else if (isBidiControl(cp) || (cp >= 0x80 && cp < 0xa0)) {
            char mark[24]; // up to "&lt;U+10FFFF&gt;"
            std::snprintf(mark, sizeof mark, "&lt;U+%04X&gt;", static_cast<unsigned>(cp));
            out += mark;
        } else
            out.append(raw.substr(at, n));
        at += n;
    }
}

std::string text(std::string_view raw)
{
    std::string out;
    out.reserve(raw.size() + 8);
    appendText(out, raw);
    return out;
}

std::string words(const QString &words)
{
    return text(std::string_view(words.toStdString()));
}

std::string truncated(std::string_view raw, std::size_t maxBytes)
{
    if (raw.size() <= maxBytes)
        return text(raw);
    std::size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(raw[cut]) & 0xc0) == 0x80)
        --cut; // not inside a character
    return text(raw.substr(0, cut)) + "…";
}

std::string number(double value)
{
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 6);
    return ec == std::errc() ? std::string(buf, end) : std::string("0");
}

std::string number(std::int64_t value)
{
    return std::to_string(value);
}

} // namespace ptriage::html
