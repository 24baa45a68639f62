#include "Workspace.h"

#include <array>
#include <string_view>
#include <sys/stat.h>

namespace ptriage {

std::string findWorkspace(const std::string &cwd)
{
    static constexpr std::array<std::string_view, 6> markers
        = {".git", "package.json", "Cargo.toml", "pyproject.toml", "go.mod", ".hg"};
    if (cwd.empty() || cwd.front() != '/')
        return {};
    std::string dir = cwd;
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    for (int depth = 0; depth < 32 && dir.size() > 1; ++depth) {
        if (dir == "/home" || dir == "/root" || dir == "/tmp")
            break;
        for (auto m : markers) {
            struct stat st { };
            if (::stat((dir + '/' + std::string(m)).c_str(), &st) == 0)
                return dir;
        }
        dir.resize(dir.rfind('/'));
        if (dir.empty())
            break;
    }
    return {};
}

} // namespace ptriage
