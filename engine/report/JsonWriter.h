#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ptriage {

// A streaming JSON writer into one string: fast enough for thousands of processes, and always
// valid UTF-8 (invalid bytes, e.g. from a hostile command line, become U+FFFD).
class JsonWriter {
public:
    // `indentLevels`: where a part written apart will sit in the whole (see raw()).
    explicit JsonWriter(bool pretty = false, std::size_t indentLevels = 0)
        : m_indent(indentLevels), m_pretty(pretty) { }
    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }
    JsonWriter &key(std::string_view k);
    void value(std::string_view s);
    void value(const char *s) { value(std::string_view(s)); }
    void value(const std::string &s) { value(std::string_view(s)); }
    void value(double d, int precision = 6);
    void value(long long n);
    void value(int n) { value(static_cast<long long>(n)); }
    void value(bool b);
    void null();
    void stringArray(const std::vector<std::string> &items);
    // A value written by another JsonWriter (made with the indent levels of this place), as is.
    void raw(std::string_view json);
    std::string &str() { return m_out; }

private:
    void open(char c);
    void close(char c);
    void separate();
    void writeString(std::string_view s);
    void newline();
    std::string m_out;
    std::vector<bool> m_first; // per open container: nothing written yet
    std::size_t m_indent = 0;
    bool m_afterKey = false;
    bool m_pretty;
};

} // namespace ptriage
