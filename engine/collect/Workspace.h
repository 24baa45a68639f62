#pragma once

#include <string>
#include <vector>

namespace ptriage {

// The project a process works in: the nearest directory at or above `cwd` that holds a
// repository or project marker (.git, package.json, Cargo.toml, pyproject.toml, go.mod, CMakeLists.txt
// at the top). Empty when there is none below $HOME-like roots ("/", "/home", "/root", "/tmp").
std::string findWorkspace(const std::string &cwd);
// The directories findWorkspace looks in, nearest first (pure: no file system access).
std::vector<std::string> workspaceCandidates(const std::string &cwd);

} // namespace ptriage
