#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ptriage::origin {

// A command with what varies between runs replaced: the home directory by ~, temporary paths by
// /tmp/…, UUIDs by <uuid>, long hex runs by <hash>, other numbers by N, in the arguments (the program's
// name stays whole: cc1plus). The first few arguments only. `comm` stands in for an empty argv (a kernel
// thread). Always one line: newlines and tabs read as spaces, other control characters as '?'.
std::string normalizeCommand(const std::vector<std::string> &argv, std::string_view comm, std::string_view home);
std::string normalizePath(std::string_view path, std::string_view home);
// The systemd unit (or scope) a cgroup path names, numbers normalized; else the normalized path.
std::string unitOf(std::string_view cgroup);
std::string homeDirectory();

} // namespace ptriage::origin
