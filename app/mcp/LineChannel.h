#pragma once

#include <string>
#include <string_view>

namespace ptriage::mcp {

// MCP's stdio transport: one JSON-RPC message per line. Reads lines from one descriptor, bounded (a
// longer line is skipped to its end and said to be too long: the next line still reads), and writes a
// message as one line to another.
class LineChannel {
public:
    static constexpr std::size_t kMaxLine = 4 << 20; // bytes of one incoming message

    LineChannel(int in, int out) : m_in(in), m_out(out) { }

    enum class Read { Line, TooLong, Timeout, End };
    // The next line without its end (a last line without one too); `timeoutMs` < 0 waits for ever.
    Read read(std::string &line, int timeoutMs = -1);
    // `message` (one line: no line break in it) and a line break, written whole; false once the reader
    // is gone.
    bool write(std::string_view message);

private:
    bool fill(int timeoutMs, bool *timedOut); // more bytes into m_buffer; false at the end of input

    int m_in;
    int m_out;
    std::string m_buffer;
    bool m_ended = false;
    bool m_skipping = false; // inside a line that was too long, until its end
};

} // namespace ptriage::mcp
