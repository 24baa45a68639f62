#pragma once

#include <string>
#include <vector>

namespace ptriage {

// A machine to triage over ssh: `name` is anything ssh accepts (an alias of ~/.ssh/config
// included); `command` runs ptriage there (its PATH's `ptriage` unless the hosts file names another).
struct HostSpec {
    std::string name;
    std::vector<std::string> command{"ptriage"};
};

// Whether ssh can take `name` as a destination and nothing else: not empty, not an option
// ("-oProxyCommand=…"), no whitespace or control bytes. `why` says what is wrong.
bool validHostName(const std::string &name, std::string *why);

// The hosts file (`hosts` in ptriage's config directory): one host per line, then optionally the
// command that runs ptriage there, words separated by blanks; `#` starts a comment.
//   devbox1
//   buildbox  /opt/ptriage/bin/ptriage
// False with "FILE:LINE: what" on the first bad line (nothing is half read). A missing file is no
// hosts, not an error.
bool readHostsFile(const std::string &path, std::vector<HostSpec> &out, std::string *error);
std::string defaultHostsFile(); // ~/.config/ptriage/hosts
// Adds `name` at the end of the hosts file (made, with its directory, when missing); what is there
// is kept as it is. False with why: a bad name, a hosts file with a bad line (fix that first), or it
// cannot be written. A host already listed is not added again (true).
bool addToHostsFile(const std::string &path, const std::string &name, std::string *why);

} // namespace ptriage
