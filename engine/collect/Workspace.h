#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ptriage {

// The project a process works in: the nearest directory at or above `cwd` that holds a
// repository or project marker (.git, package.json, Cargo.toml, pyproject.toml, go.mod, CMakeLists.txt
// at the top). Empty when there is none below $HOME-like roots ("/", "/home", "/root", "/tmp").
std::string findWorkspace(const std::string &cwd);
// The directories findWorkspace looks in, nearest first (pure: no file system access).
std::vector<std::string> workspaceCandidates(const std::string &cwd);

// The git work tree a directory is in: the nearest directory at or above it with a .git (a directory,
// or for a linked worktree or a submodule a file naming where its repository lives).
struct WorkTree {
    std::string root; // the work tree's top directory; empty when `cwd` is in none
    std::string repository; // the main work tree of its repository (`root` unless a linked worktree)
    std::string label; // what a person calls it: "api", or "api@fix-auth" for a linked worktree
};
WorkTree findWorkTree(const std::string &cwd);
// What the .git file of a linked worktree or submodule names ("gitdir: …"): the main work tree
// when it names a worktree of another one, else empty. Pure.
std::string repositoryOfGitFile(std::string_view gitFile);

// findWorkTree, remembered per directory: processes share a few working directories, and a work tree
// does not move while they run. Any thread.
class WorkTreeCache {
public:
    WorkTree find(const std::string &cwd);

private:
    std::mutex m_mutex;
    std::unordered_map<std::string, WorkTree> m_byDir;
};

} // namespace ptriage
