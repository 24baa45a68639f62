#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ptriage {

// Environment values worth hiding on screen and in reports: tokens, passwords, keys, and the
// password inside a URL ("postgres://user:pw@host" keeps user and host).
bool isSecretKey(std::string_view key);
std::string maskedValue(std::string_view key, std::string_view value);
void maskSecrets(std::vector<std::pair<std::string, std::string>> &environment);

inline constexpr std::string_view kMask = "••••••";

} // namespace ptriage
