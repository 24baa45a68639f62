#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ptriage {

// A streaming JSON writer into one string: fast enough for thousands of processes, and always
// valid UTF-8 (invalid bytes, e.g. from a hostile command line, become U+FFFD).
class JsonWriter {
public:
    explicit JsonWriter(bool pretty = false) : m_pretty(pretty) { }
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
    std::string &str() { return m_out; }

private:
    void open(char c);
    void close(char c);
    void separate();
    void writeString(std::string_view s);
    void newline();
    std::string m_out;
    std::vector<bool> m_first; // per open container: nothing written yet
    bool m_afterKey = false;
    bool m_pretty;
};

} // namespace ptriage
