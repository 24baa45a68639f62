#pragma once

#include "EvidenceJson.h"
#include "HostsFile.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace ptriage {

// How ssh is run: the user's own ssh (their config, keys, agent, ProxyJump), never a shell.
struct RemoteOptions {
    std::vector<std::string> ssh{"ssh"}; // PTRIAGE_SSH_COMMAND's words, like git's GIT_SSH_COMMAND
    std::string controlDir; // where shared connections' sockets go; empty: no sharing
    double timeoutSeconds = 30; // per host, start to last byte
    std::size_t maxBytes = kMaxEvidenceBytes; // a host's answer is cut (and refused) past this
    const std::atomic<bool> *cancel = nullptr; // once true, every host still asked is given up on
};

// PTRIAGE_SSH_COMMAND split into words ('…' and "…" group words; nothing is expanded) and a
// private directory of this user for the connections' sockets (the runtime directory's, else the
// cache directory's; none, and no sharing, where neither is private). False with why (a bad
// PTRIAGE_SSH_COMMAND).
bool remoteOptionsFromEnvironment(RemoteOptions &out, std::string *error);

// ssh's argument vector: BatchMode (a password prompt would hang), shared connections, then
// `-- HOST` and the remote command, each word quoted for the remote shell (ssh joins them into
// one line for it). The host and the words are never parsed by a local shell.
std::vector<std::string> sshArgv(
    const RemoteOptions &options, const HostSpec &host, const std::vector<std::string> &remoteArgs);
// One word for a POSIX shell: 'it'\''s'.
std::string shellQuote(const std::string &word);

// One host's evidence, or why there is none (one line, for people).
struct HostEvidence {
    std::string host;
    std::shared_ptr<const Snapshot> snapshot;
    EvidenceHeader header;
    std::string error;
    double seconds = 0;
};

// `ptriage evidence` on every host at once over ssh; each answer parsed strictly. A host that is
// dead, hangs, has no ptriage, another version of it or sends garbage gets its error; the others
// are unaffected.
std::vector<HostEvidence> fetchEvidence(const std::vector<HostSpec> &hosts, const RemoteOptions &options);

} // namespace ptriage
