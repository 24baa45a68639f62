#include "Workspace.h"

#include <array>
#include <string_view>
#include <sys/stat.h>

namespace ptriage {

std::vector<std::string> workspaceCandidates(const std::string &cwd)
{
    std::vector<std::string> dirs;
    if (cwd.empty() || cwd.front() != '/')
        return dirs;
    std::string dir = cwd;
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    for (int depth = 0; depth < 32 && dir.size() > 1; ++depth) {
        if (dir == "/home" || dir == "/root" || dir == "/tmp")
            break;
        dirs.push_back(dir);
        dir.resize(dir.rfind('/'));
        if (dir.empty())
            break;
    }
    return dirs;
}

std::string findWorkspace(const std::string &cwd)
{
    static constexpr std::array<std::string_view, 6> markers
        = {".git", "package.json", "Cargo.toml", "pyproject.toml", "go.mod", ".hg"};
    for (const std::string &dir : workspaceCandidates(cwd)) {
        for (auto m : markers) {
            struct stat st { };
            if (::stat((dir + '/' + std::string(m)).c_str(), &st) == 0)
                return dir;
        }
    }
    return {};
}

} // namespace ptriage
