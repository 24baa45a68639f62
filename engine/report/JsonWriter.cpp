#include "JsonWriter.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace ptriage {
namespace {

// Length of a valid UTF-8 sequence at s[i], or 0.
std::size_t utf8Length(std::string_view s, std::size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2)
            return 0;
    if (n == 2 && c < 0xc2)
        return 0; // overlong
    return n;
}

} // namespace

void JsonWriter::newline()
{
    if (!m_pretty)
        return;
    m_out += '\n';
    m_out.append((m_first.size() + m_indent) * 2, ' ');
}

void JsonWriter::separate()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back())
            m_out += ',';
        m_first.back() = false;
        newline();
    }
}

void JsonWriter::open(char c)
{
    separate();
    m_out += c;
    m_first.push_back(true);
}

void JsonWriter::close(char c)
{
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    m_out += c;
}

JsonWriter &JsonWriter::key(std::string_view k)
{
    separate();
    writeString(k);
    m_out += m_pretty ? ": " : ":";
    m_afterKey = true;
    return *this;
}

void JsonWriter::raw(std::string_view json)
{
    separate();
    m_out += json;
}

void JsonWriter::value(std::string_view s)
{
    separate();
    writeString(s);
}

void JsonWriter::writeString(std::string_view s)
{
    const auto plain = [](unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; };
    m_out += '"';
    for (std::size_t i = 0; i < s.size();) {
        // A run of printable ASCII (most text is one) in one append, not a character at a time.
        std::size_t end = i;
        while (end < s.size() && plain(static_cast<unsigned char>(s[end])))
            ++end;
        m_out.append(s.data() + i, end - i);
        i = end;
        if (i == s.size())
            break;
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '"' || c == '\\') {
            m_out += '\\';
            m_out += static_cast<char>(c);
            ++i;
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            m_out += buf;
            ++i;
        } else if (const std::size_t n = utf8Length(s, i)) {
            m_out.append(s.substr(i, n));
            i += n;
        } else {
            m_out += "\xef\xbf\xbd"; // U+FFFD
            ++i;
        }
    }
    m_out += '"';
}

void JsonWriter::value(double d, int precision)
{
    if (!std::isfinite(d)) {
        null();
        return;
    }
    separate();
    char buf[40];
    // As printf's %g, in the C locale, without its locale and format parsing.
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::general, precision);
    if (ec == std::errc())
        m_out.append(buf, static_cast<std::size_t>(end - buf));
    else // too long for the buffer: never at the precisions used
        m_out += std::to_string(d);
}

void JsonWriter::value(long long n)
{
    separate();
    m_out += std::to_string(n);
}

void JsonWriter::value(bool b)
{
    separate();
    m_out += b ? "true" : "false";
}

void JsonWriter::null()
{
    separate();
    m_out += "null";
}

void JsonWriter::stringArray(const std::vector<std::string> &items)
{
    beginArray();
    for (const auto &i : items)
        value(i);
    endArray();
}

} // namespace ptriage
