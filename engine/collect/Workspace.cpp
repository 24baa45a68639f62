#include "Workspace.h"

#include <array>
#include <fcntl.h>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

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

namespace {

std::string baseName(const std::string &dir)
{
    const auto slash = dir.rfind('/');
    return slash == std::string::npos ? dir : dir.substr(slash + 1);
}

// A .git file is a few dozen bytes; anything else (a link, a FIFO, a huge file) is not one.
std::string readGitFile(const std::string &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return {};
    std::string text;
    struct stat st { };
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < 4096) {
        text.resize(static_cast<std::size_t>(st.st_size));
        const ssize_t n = ::read(fd, text.data(), text.size());
        text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    }
    ::close(fd);
    return text;
}

// A linked worktree by the branch it has checked out (what a person calls it: api@fix-auth), else by
// its directory's name.
std::string worktreeName(const std::string &gitFile, const std::string &dir)
{
    std::string gitDir = gitFile.substr(std::string_view("gitdir: ").size());
    while (!gitDir.empty() && (gitDir.back() == '\n' || gitDir.back() == '\r' || gitDir.back() == ' '))
        gitDir.pop_back();
    std::string head = readGitFile(gitDir + "/HEAD");
    constexpr std::string_view branch = "ref: refs/heads/";
    if (!head.starts_with(branch))
        return baseName(dir);
    head.erase(0, branch.size());
    while (!head.empty() && (head.back() == '\n' || head.back() == '\r'))
        head.pop_back();
    return head.empty() || head.size() > 200 ? baseName(dir) : head;
}

} // namespace

std::string repositoryOfGitFile(std::string_view gitFile)
{
    constexpr std::string_view prefix = "gitdir: ";
    if (!gitFile.starts_with(prefix))
        return {};
    std::string_view dir = gitFile.substr(prefix.size());
    while (!dir.empty() && (dir.back() == '\n' || dir.back() == '\r' || dir.back() == ' '))
        dir.remove_suffix(1);
    constexpr std::string_view worktrees = "/.git/worktrees/";
    const auto at = dir.rfind(worktrees);
    if (dir.empty() || dir.front() != '/' || at == std::string_view::npos || at == 0)
        return {};
    return std::string(dir.substr(0, at));
}

WorkTree findWorkTree(const std::string &cwd)
{
    WorkTree tree;
    if (cwd.empty() || cwd.front() != '/')
        return tree;
    std::string dir = cwd;
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    for (int depth = 0; depth < 64 && dir.size() > 1; ++depth) {
        const std::string git = dir + "/.git";
        struct stat st { };
        if (::lstat(git.c_str(), &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode))) {
            tree.root = dir;
            const std::string gitFile = S_ISREG(st.st_mode) ? readGitFile(git) : std::string();
            tree.repository = repositoryOfGitFile(gitFile);
            tree.label = tree.repository.empty() ? baseName(dir)
                                                 : baseName(tree.repository) + '@' + worktreeName(gitFile, dir);
            if (tree.repository.empty())
                tree.repository = dir;
            return tree;
        }
        dir.resize(dir.rfind('/'));
    }
    return tree;
}

WorkTree WorkTreeCache::find(const std::string &cwd)
{
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_byDir.find(cwd); it != m_byDir.end())
            return it->second;
    }
    WorkTree tree = findWorkTree(cwd);
    std::lock_guard lock(m_mutex);
    if (m_byDir.size() >= 4096) // bounded: a machine with that many working directories starts over
        m_byDir.clear();
    m_byDir.emplace(cwd, tree);
    return tree;
}

} // namespace ptriage
