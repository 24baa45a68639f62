#include "RemoteEvidence.h"

#include "ProcessRun.h"

#include <QDir>
#include <QStandardPaths>
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

// A directory only we can enter: ssh refuses nothing here, but another user's socket must never be
// used. Its parent must be ours too (or root's) and closed to others' writes, so no one can swap it.
bool privateDirectory(const std::string &path)
{
    const std::string parent = path.substr(0, path.find_last_of('/'));
    struct stat st { };
    if (::lstat(parent.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || (st.st_uid != ::geteuid() && st.st_uid != 0)
        || (st.st_mode & 022) != 0)
        return false;
    if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
        return false;
    return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid()
        && (st.st_mode & 077) == 0;
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
    // Shared connections' sockets in the runtime directory, else in the cache directory (never a
    // name in /tmp another user could make first); where neither is private, no sharing: slower,
    // never blocked. A socket's path has room for 107 bytes, ssh's %C and its temporary suffix
    // take 57 of them.
    out.controlDir.clear();
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    const QString cache = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (!cache.isEmpty())
        QDir().mkpath(cache);
    for (const std::string &base : {runtime.toStdString(), cache.isEmpty() ? std::string() : cache.toStdString()})
        if (!base.empty() && base.front() == '/' && base.size() <= 36 && privateDirectory(base + "/ptriage-ssh")) {
            out.controlDir = base + "/ptriage-ssh";
            break;
        }
    return true;
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
    std::vector<std::size_t> asked; // the hosts ssh is run for: those of a good hosts line
    for (std::size_t i = 0; i < hosts.size(); ++i)
        if (hosts[i].error.empty()) {
            argvs.push_back(sshArgv(options, hosts[i], {"evidence"}));
            asked.push_back(i);
        }
    std::vector<RunResult> ran = runAll(argvs, options.timeoutSeconds, options.maxBytes, options.cancel);
    std::vector<RunResult> runs(hosts.size());
    for (std::size_t k = 0; k < asked.size(); ++k)
        runs[asked[k]] = std::move(ran[k]);
    std::vector<HostEvidence> out(hosts.size());
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        HostEvidence &e = out[i];
        e.host = hosts[i].name;
        e.seconds = runs[i].seconds;
        e.error = hosts[i].error.empty() ? whyNoEvidence(hosts[i], runs[i], options) : hosts[i].error;
        if (!e.error.empty())
            continue;
        auto snap = std::make_shared<Snapshot>();
        std::string why;
        const bool parsed = parseEvidence(runs[i].out, *snap, e.header, &why);
        std::string().swap(runs[i].out); // read: its bytes are not held while the next host's are
        if (!parsed) {
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
