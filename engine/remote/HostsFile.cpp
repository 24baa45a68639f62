#include "HostsFile.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <fstream>
#include <iterator>
#include <sstream>

namespace ptriage {

bool validHostName(const std::string &name, std::string *why)
{
    if (name.empty())
        return *why = "a host name is empty", false;
    if (name.size() > 255)
        return *why = "a host name is longer than 255 bytes", false;
    if (name.front() == '-')
        return *why = "'" + name + "' starts with '-' (ssh would read it as an option)", false;
    for (const unsigned char c : name)
        if (c <= ' ' || c == 0x7f)
            return *why = "'" + name + "' has a blank or a control character", false;
    return true;
}

bool readHostsFile(const std::string &path, std::vector<HostSpec> &out, std::string *error)
{
    std::ifstream in(path);
    if (!in)
        return true;
    std::vector<HostSpec> hosts;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (const auto hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        std::istringstream words(line);
        HostSpec host;
        if (!(words >> host.name))
            continue;
        std::string why;
        if (!validHostName(host.name, &why))
            return *error = path + ':' + std::to_string(number) + ": " + why, false;
        std::vector<std::string> command;
        for (std::string word; words >> word;)
            command.push_back(word);
        if (!command.empty())
            host.command = std::move(command);
        hosts.push_back(std::move(host));
    }
    if (in.bad())
        return *error = path + ": cannot be read", false;
    out.insert(out.end(), hosts.begin(), hosts.end());
    return true;
}

bool addToHostsFile(const std::string &path, const std::string &name, std::string *why)
{
    std::vector<HostSpec> listed;
    if (!validHostName(name, why) || !readHostsFile(path, listed, why))
        return false;
    for (const HostSpec &h : listed)
        if (h.name == name)
            return true;
    const QString file = QString::fromStdString(path);
    if (!QDir().mkpath(QFileInfo(file).absolutePath()))
        return *why = QFileInfo(file).absolutePath().toStdString() + ": cannot be made", false;
    std::string before;
    {
        std::ifstream in(path, std::ios::binary);
        before.assign(std::istreambuf_iterator<char>(in), {});
    }
    std::ofstream out(path, std::ios::app);
    if (!before.empty() && before.back() != '\n')
        out << '\n'; // the last line stays a line of its own
    out << name << '\n';
    out.flush();
    if (!out)
        return *why = path + ": cannot be written", false;
    return true;
}

std::string defaultHostsFile()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
        .filePath(QStringLiteral("ptriage/hosts"))
        .toStdString();
}

} // namespace ptriage
