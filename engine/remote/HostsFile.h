#pragma once

#include <string>
#include <vector>

namespace ptriage {

// A machine to triage over ssh: `name` is anything ssh accepts (an alias of ~/.ssh/config
// included); `command` runs ptriage there (its PATH's `ptriage` unless the hosts file names another).
struct HostSpec {
    std::string name;
    std::vector<std::string> command{"ptriage"};
    // Its line of the hosts file is bad ("FILE:LINE: what"): this host is not asked, the others are.
    std::string error;
};

// Whether ssh can take `name` as a destination and nothing else: not empty, not an option
// ("-oProxyCommand=…"), only what host names, users, ports and addresses are written with
// (letters, digits, . _ - @ : % [ ] +), so no shell or ssh token ever reaches ssh through it. `why`
// says what is wrong, the name escaped.
bool validHostName(const std::string &name, std::string *why);

// The hosts file (`hosts` in ptriage's config directory): one host per line, then optionally the
// command that runs ptriage there, words separated by blanks; `#` starts a comment.
//   devbox1
//   buildbox  /opt/ptriage/bin/ptriage
// A bad line is that host's error (HostSpec::error), never the others'. False with why only when
// the file is not the person's own (a link, another owner, writable by others: it names commands
// ptriage runs) or cannot be read; nothing is read then. A missing file is no hosts, not an error.
bool readHostsFile(const std::string &path, std::vector<HostSpec> &out, std::string *error);
std::string defaultHostsFile(); // ~/.config/ptriage/hosts
// Adds `name` at the end of the hosts file (made, with its directory, when missing); what is there
// is kept as it is. False with why: a bad name, a hosts file with a bad line (fix that first), or it
// cannot be written (or is not the person's own). A host already listed is not added again (true).
bool addToHostsFile(const std::string &path, const std::string &name, std::string *why);
// Takes `name`'s line (each line naming it) out of the hosts file; every other line, comments and
// bad lines included, stays as it is. False with why: it is not listed, or the file is not the
// person's own or cannot be written.
bool removeFromHostsFile(const std::string &path, const std::string &name, std::string *why);

} // namespace ptriage
