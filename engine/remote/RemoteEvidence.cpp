#include "RemoteEvidence.h"

#include "ProcessRun.h"

#include <QtGlobal>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {
namespace {

bool splitWords(const std::string &text, std::vector<std::string> &out, std::string *error)
{
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (const char c : text) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            inWord = true;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (inWord)
                words.push_back(std::exchange(word, {}));
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (quote)
        return *error = std::string("PTRIAGE_SSH_COMMAND: a ") + quote + " is not closed", false;
    if (inWord)
        words.push_back(word);
    if (words.empty())
        return *error = "PTRIAGE_SSH_COMMAND is set but empty", false;
    out = std::move(words);
    return true;
}

// A directory only we can enter: ssh refuses nothing here, but another user's socket must never be used.
bool privateDirectory(const std::string &path, std::string *error)
{
    if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
        return *error = path + ": " + std::strerror(errno), false;
    struct stat st { };
    if (::lstat(path.c_str(), &st) != 0)
        return *error = path + ": " + std::strerror(errno), false;
    if (!S_ISDIR(st.st_mode) || st.st_uid != ::getuid() || (st.st_mode & 077) != 0)
        return *error = path + ": not a private directory of this user", false;
    return true;
}

std::string lastLine(const std::string &text)
{
    std::size_t end = text.find_last_not_of(" \r\n\t");
    if (end == std::string::npos)
        return {};
    const std::size_t begin = text.find_last_of('\n', end);
    std::string line = text.substr(
        begin == std::string::npos ? 0 : begin + 1, end + 1 - (begin == std::string::npos ? 0 : begin + 1));
    for (char &c : line)
        if (static_cast<unsigned char>(c) < ' ')
            c = '?';
    return line.substr(0, 300);
}

std::string joined(const std::vector<std::string> &words)
{
    std::string out;
    for (const std::string &w : words)
        out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string whyNoEvidence(const HostSpec &host, const RunResult &r, const RemoteOptions &options)
{
    const std::string said = lastLine(r.errTail);
    if (!r.spawnError.empty())
        return "cannot run ssh: " + r.spawnError;
    if (r.timedOut)
        return "no answer within " + std::to_string(static_cast<int>(options.timeoutSeconds))
            + " s (stopped; a host that is slow or unreachable does not hold up the others)";
    if (r.outputTooLarge)
        return "sent more than " + std::to_string(options.maxBytes >> 20) + " MiB: refused";
    if (r.signal)
        return "ssh was ended by signal " + std::to_string(r.signal);
    if (r.exitCode == 255) {
        std::string hint;
        if (said.find("Permission denied") != std::string::npos)
            hint = " (ptriage runs ssh with BatchMode=yes: a key or an agent must log in without a prompt)";
        else if (said.find("Host key verification failed") != std::string::npos)
            hint = " (connect once with ssh to check and accept its host key)";
        if (said.empty())
            return "ssh could not connect" + hint;
        return (said.rfind("ssh: ", 0) == 0 ? said : "ssh: " + said) + hint;
    }
    if (r.exitCode == 127 || r.exitCode == 126)
        return "ptriage is not installed there ('" + joined(host.command)
            + "' was not found): install the ptriage package on it, or name its command in the hosts file";
    if (r.exitCode == 2 && said.find("evidence") != std::string::npos)
        return "its ptriage has no 'evidence' command (an older version): install ptriage " PTRIAGE_VERSION_TEXT
               " or later there";
    if (r.exitCode != 0)
        return "ptriage there failed (exit " + std::to_string(r.exitCode) + ")" + (said.empty() ? "" : ": " + said);
    return {};
}

} // namespace

std::string shellQuote(const std::string &word)
{
    std::string out = "'";
    for (const char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + '\'';
}

bool remoteOptionsFromEnvironment(RemoteOptions &out, std::string *error)
{
    if (const QByteArray command = qgetenv("PTRIAGE_SSH_COMMAND"); !command.isNull())
        if (!splitWords(command.toStdString(), out.ssh, error))
            return false;
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    out.controlDir = (runtime.isEmpty() ? "/tmp" : runtime.toStdString())
        + (runtime.isEmpty() ? "/ptriage-ssh-" + std::to_string(::getuid()) : std::string("/ptriage-ssh"));
    return privateDirectory(out.controlDir, error);
}

std::vector<std::string> sshArgv(
    const RemoteOptions &options, const HostSpec &host, const std::vector<std::string> &remoteArgs)
{
    std::vector<std::string> argv = options.ssh;
    for (const char *o : {"BatchMode=yes", "ServerAliveInterval=10", "ServerAliveCountMax=2"})
        argv.insert(argv.end(), {"-o", o});
    if (!options.controlDir.empty())
        argv.insert(argv.end(),
            {"-o", "ControlMaster=auto", "-o", "ControlPath=" + options.controlDir + "/%C", "-o",
                "ControlPersist=120"});
    argv.insert(argv.end(),
        {"-o", "ConnectTimeout=" + std::to_string(std::max(1, static_cast<int>(options.timeoutSeconds / 2)))});
    argv.insert(argv.end(), {"--", host.name});
    std::string line;
    for (const std::string &w : host.command)
        line += (line.empty() ? "" : " ") + shellQuote(w);
    for (const std::string &w : remoteArgs)
        line += ' ' + shellQuote(w);
    argv.push_back(line);
    return argv;
}

std::vector<HostEvidence> fetchEvidence(const std::vector<HostSpec> &hosts, const RemoteOptions &options)
{
    std::vector<std::vector<std::string>> argvs;
    for (const HostSpec &h : hosts)
        argvs.push_back(sshArgv(options, h, {"evidence"}));
    const std::vector<RunResult> runs = runAll(argvs, options.timeoutSeconds, options.maxBytes, options.cancel);
    std::vector<HostEvidence> out(hosts.size());
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        HostEvidence &e = out[i];
        e.host = hosts[i].name;
        e.seconds = runs[i].seconds;
        e.error = whyNoEvidence(hosts[i], runs[i], options);
        if (!e.error.empty())
            continue;
        auto snap = std::make_shared<Snapshot>();
        std::string why;
        if (!parseEvidence(runs[i].out, *snap, e.header, &why)) {
            e.error = why.rfind("schema:", 0) == 0
                ? "its ptriage sends another kind of evidence (" + why + "): install the same ptriage version on both"
                : "sent what is not ptriage evidence: " + why;
            continue;
        }
        e.snapshot = std::move(snap);
    }
    return out;
}

} // namespace ptriage
