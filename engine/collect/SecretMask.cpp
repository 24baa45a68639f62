#include "SecretMask.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace ptriage {

namespace {

std::string upper(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
    return out;
}

// "scheme://user:password@host…" → the password's range, if there is one.
bool urlPassword(std::string_view value, std::size_t &from, std::size_t &to)
{
    const auto scheme = value.find("://");
    if (scheme == std::string_view::npos)
        return false;
    const auto authorityStart = scheme + 3;
    const auto authorityEnd = value.find_first_of("/?#", authorityStart);
    const auto authority = value.substr(authorityStart, authorityEnd - authorityStart);
    const auto at = authority.rfind('@');
    if (at == std::string_view::npos)
        return false;
    const auto colon = authority.find(':');
    if (colon == std::string_view::npos || colon > at)
        return false;
    from = authorityStart + colon + 1;
    to = authorityStart + at;
    return to > from;
}

} // namespace

bool isSecretKey(std::string_view key)
{
    static constexpr std::array<std::string_view, 14> words = {"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE",
        "PWD_", "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE", "CREDENTIAL", "COOKIE", "SESSION_KEY", "AUTH"};
    const auto k = upper(key);
    if (k == "PWD" || k == "OLDPWD" || k == "XAUTHORITY" || k.ends_with("_SOCK"))
        return false; // directories, a file path and agent sockets, not secrets
    if (k.ends_with("_KEY") || k.ends_with("_PW") || k.ends_with("_PASS") || k == "PASS")
        return true;
    return std::any_of(words.begin(), words.end(), [&](std::string_view w) { return k.find(w) != std::string::npos; });
}

std::string maskedValue(std::string_view key, std::string_view value)
{
    if (value.empty())
        return {};
    if (isSecretKey(key))
        return std::string(kMask);
    std::size_t from = 0, to = 0;
    if (urlPassword(value, from, to))
        return std::string(value.substr(0, from)) + std::string(kMask) + std::string(value.substr(to));
    return std::string(value);
}

void maskSecrets(std::vector<std::pair<std::string, std::string>> &environment)
{
    for (auto &[key, value] : environment)
        value = maskedValue(key, value);
}

} // namespace ptriage
