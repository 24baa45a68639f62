#include "Origin.h"

#include <QDir>

#include <cctype>

namespace ptriage::origin {
namespace {

bool isHex(char c)
{
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}
bool isDigit(char c)
{
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// A key is one line: a multi-line "bash -c" script reads as one, a control character as '?' (keys are
// shown in columns on terminals and compared across runs).
std::string oneLine(std::string s)
{
    std::string out;
    out.reserve(s.size());
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\n' || c == '\t' || c == '\r') {
            if (!out.empty() && out.back() != ' ')
                out += ' ';
        } else {
            out += u < 0x20 || u == 0x7f ? '?' : c;
        }
    }
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

// Cut to at most `bytes`, never inside a UTF-8 character.
void cutBytes(std::string &s, std::size_t bytes)
{
    if (s.size() <= bytes)
        return;
    while (bytes > 0 && (static_cast<unsigned char>(s[bytes]) & 0xC0) == 0x80)
        --bytes;
    s.resize(bytes);
}

// Numbers, hashes and UUIDs inside one word.
std::string normalizeTokens(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    std::size_t i = 0;
    while (i < s.size()) {
        if (isHex(s[i]) && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])))) {
            // A run of hex digits and dashes: a UUID or a hash when long, a number when all digits.
            std::size_t j = i;
            bool digits = true;
            int dashes = 0;
            while (j < s.size() && (isHex(s[j]) || s[j] == '-')) {
                digits = digits && (isDigit(s[j]) || s[j] == '-');
                dashes += s[j] == '-';
                ++j;
            }
            while (j > i && s[j - 1] == '-') {
                --j;
                --dashes;
            }
            const std::size_t n = j - i;
            if (n == 36 && dashes == 4) {
                out += "<uuid>";
                i = j;
                continue;
            }
            if (n >= 8 && dashes == 0 && !digits) {
                out += "<hash>";
                i = j;
                continue;
            }
        }
        if (isDigit(s[i])) {
            while (i < s.size() && isDigit(s[i]))
                ++i;
            out += 'N';
            continue;
        }
        out += s[i++];
    }
    return out;
}

} // namespace

std::string homeDirectory()
{
    return QDir::homePath().toStdString();
}

std::string normalizePath(std::string_view path, std::string_view home)
{
    std::string p(path);
    if (!home.empty() && home != "/" && p.starts_with(home) && (p.size() == home.size() || p[home.size()] == '/'))
        p = "~" + p.substr(home.size());
    for (std::string_view tmp : {"/tmp/", "/var/tmp/", "/dev/shm/"}) {
        if (p.starts_with(tmp)) {
            // The first component under a temporary directory is a random name.
            const auto next = p.find('/', tmp.size());
            p = std::string(tmp) + "…" + (next == std::string::npos ? std::string() : p.substr(next));
            break;
        }
    }
    if (p.starts_with("/run/user/"))
        p = "/run/user/N" + p.substr(std::min(p.size(), p.find('/', 10)));
    return oneLine(normalizeTokens(p));
}

std::string normalizeCommand(const std::vector<std::string> &argv, std::string_view comm, std::string_view home)
{
    if (argv.empty() || (argv.size() == 1 && argv[0].empty()))
        return "[" + oneLine(normalizeTokens(comm)) + "]";
    std::string out;
    for (std::size_t args = 0; args < argv.size() && args < 4; ++args) {
        std::string_view arg = argv[args];
        if (args == 0) {
            // The program, not where it lives; its name as it is (cc1plus, python3: the same every run).
            out += arg.substr(arg.find('/') == std::string_view::npos ? 0 : arg.rfind('/') + 1);
            continue;
        }
        if (!arg.empty()) {
            if (!out.empty())
                out += ' ';
            out += arg.find('/') != std::string_view::npos ? normalizePath(arg, home) : normalizeTokens(arg);
        }
    }
    out = oneLine(std::move(out));
    cutBytes(out, 160);
    return out;
}

std::string unitOf(std::string_view cgroup)
{
    std::string_view unit;
    std::size_t start = 0;
    while (start < cgroup.size()) {
        auto end = cgroup.find('/', start);
        if (end == std::string_view::npos)
            end = cgroup.size();
        const std::string_view part = cgroup.substr(start, end - start);
        if (part.ends_with(".service") || part.ends_with(".scope"))
            unit = part; // the innermost
        start = end + 1;
    }
    return oneLine(normalizeTokens(unit.empty() ? cgroup : unit));
}

} // namespace ptriage::origin
