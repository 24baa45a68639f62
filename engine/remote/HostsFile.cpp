#include "HostsFile.h"

#include "HostText.h"
#include "store/FileTrust.h"
#include "store/WholeFile.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <cctype>
#include <cstring>
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
        return *why = "'" + oneLine(name) + "' starts with '-' (ssh would read it as an option)", false;
    for (const unsigned char c : name)
        if (!std::isalnum(c) && !std::strchr("._-@:%[]+", c))
            return *why = "'" + oneLine(name) + "': '" + oneLine(std::string(1, char(c)))
                       + "' is in no host name (letters, digits, . _ - @ : % [ ] +)",
                   false;
    return true;
}

bool readHostsFile(const std::string &path, std::vector<HostSpec> &out, std::string *error)
{
    bool exists = false;
    if (const QString why = whyNotOwnFile(QString::fromStdString(path), &exists); !why.isEmpty())
        return *error = oneLine(path) + ": not used: " + why.toStdString(), false;
    std::ifstream in(path);
    if (!exists || !in)
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
        if (std::string why; !validHostName(host.name, &why))
            host.error = oneLine(path) + ':' + std::to_string(number) + ": " + why, host.name = oneLine(host.name);
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
        if (!h.error.empty()) // fixed by the person first, never rewritten around
            return *why = h.error, false;
    for (const HostSpec &h : listed)
        if (h.name == name)
            return true;
    const QString file = QString::fromStdString(path);
    if (!QDir().mkpath(QFileInfo(file).absolutePath()))
        return *why = QFileInfo(file).absolutePath().toStdString() + ": cannot be made", false;
    QByteArray content;
    QString error;
    bool exists = false;
    if (!readOwnFile(file, &content, &exists, &error))
        return *why = error.toStdString(), false;
    if (!content.isEmpty() && !content.endsWith('\n'))
        content += '\n'; // the last line stays a line of its own
    content += QByteArray::fromStdString(name) + '\n';
    if (!writeWholeFile(file, content, 0666, &error))
        return *why = error.toStdString(), false;
    return true;
}

bool removeFromHostsFile(const std::string &path, const std::string &name, std::string *why)
{
    const QString file = QString::fromStdString(path);
    QByteArray content;
    QString error;
    bool exists = false;
    if (!readOwnFile(file, &content, &exists, &error))
        return *why = error.toStdString(), false;
    QList<QByteArray> lines = content.split('\n');
    const bool lastEnded = content.endsWith('\n');
    if (lastEnded)
        lines.removeLast(); // the empty piece after the last newline
    QByteArray kept;
    bool removed = false, lastKept = false;
    for (const QByteArray &line : std::as_const(lines)) {
        const qsizetype hash = line.indexOf('#');
        std::istringstream words((hash < 0 ? line : line.left(hash)).toStdString()); // before a comment
        std::string first;
        lastKept = !(words >> first && first == name);
        removed = removed || !lastKept;
        if (lastKept)
            kept += line + '\n';
    }
    if (lastKept && !lastEnded)
        kept.chop(1); // a last line without its newline stays so
    if (!removed)
        return *why = "'" + oneLine(name) + "' is not in " + oneLine(path), false;
    if (!writeWholeFile(file, kept, 0666, &error))
        return *why = error.toStdString(), false;
    return true;
}

std::string defaultHostsFile()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
        .filePath(QStringLiteral("ptriage/hosts"))
        .toStdString();
}

} // namespace ptriage
