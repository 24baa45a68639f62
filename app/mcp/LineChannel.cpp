#include "LineChannel.h"

#include <cerrno>
#include <chrono>
#include <poll.h>
#include <unistd.h>

namespace ptriage::mcp {

bool LineChannel::fill(int timeoutMs, bool *timedOut)
{
    *timedOut = false;
    if (m_ended)
        return false;
    pollfd p{m_in, POLLIN, 0};
    const int ready = ::poll(&p, 1, timeoutMs);
    if (ready == 0) {
        *timedOut = true;
        return true;
    }
    if (ready < 0)
        return errno == EINTR;
    char chunk[65536];
    const ssize_t n = ::read(m_in, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return true;
    if (n <= 0) {
        m_ended = true;
        return false;
    }
    m_buffer.append(chunk, static_cast<std::size_t>(n));
    return true;
}

LineChannel::Read LineChannel::read(std::string &line, int timeoutMs)
{
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs < 0 ? 0 : timeoutMs);
    for (;;) {
        if (const std::size_t end = m_buffer.find('\n'); end != std::string::npos) {
            const bool tooLong = m_skipping || end > kMaxLine;
            m_skipping = false;
            line.assign(m_buffer, 0, tooLong ? 0 : end);
            m_buffer.erase(0, end + 1);
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            return tooLong ? Read::TooLong : Read::Line;
        }
        if (m_buffer.size() > kMaxLine) { // drop what came so far; the line ends later
            m_skipping = true;
            m_buffer.clear();
        }
        int wait = -1;
        if (timeoutMs >= 0) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0)
                return Read::Timeout;
            wait = static_cast<int>(left);
        }
        bool timedOut = false;
        if (!fill(wait, &timedOut)) {
            if (m_skipping) { // the input ended inside a line too long
                m_skipping = false;
                m_buffer.clear();
                return Read::TooLong;
            }
            if (m_buffer.empty())
                return Read::End;
            line = std::move(m_buffer); // the last line, without its end
            m_buffer.clear();
            return Read::Line;
        }
        if (timedOut)
            return Read::Timeout;
    }
}

bool LineChannel::write(std::string_view message)
{
    std::string out;
    out.reserve(message.size() + 1);
    out.append(message);
    out += '\n';
    for (std::size_t done = 0; done < out.size();) {
        const ssize_t n = ::write(m_out, out.data() + done, out.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace ptriage::mcp
