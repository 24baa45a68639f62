#pragma once

#include "Triage.h"
#include "util/Phrase.h"

#include <string>
#include <vector>

namespace ptriage {

// One listening inet socket of one process: a row of the Ports view.
struct PortListener {
    int index = -1; // the process (snapshot index); never shown as a bare pid
    SocketInfo::Proto proto = SocketInfo::Proto::Tcp;
    std::string address; // "127.0.0.1:3000", "[::]:3000"
    int port = 0;
    int clients = 0; // connections it accepted on this port and holds open now
};

const char *protocolName(SocketInfo::Proto proto); // "TCP", "TCP6", "UDP", "UDP6", "unix"

// Every inet listener of every process whose open files were read, by port, then pid, then address.
std::vector<PortListener> portListeners(const TriageResult &result);

// What stands in the way of ending a holder: a Recommendation gate, or what the plan also refuses.
struct EndGate {
    std::string name; // gateName() ("in_use", "too_young", "supervised" …), "blast_critical", "files_unknown"
    Phrase why;
};

// One process that holds a listener on the port, and what ending it would mean.
struct PortHolder {
    int index = -1; // snapshot index
    std::vector<PortListener> listeners; // its listeners on this port
    int clients = 0; // connections to this port that it holds
    bool safeToEnd = false; // no gate stands in the way of ending it
    std::vector<EndGate> notSafe; // every gate against ending it, empty when safe
    Phrase verdict; // one line: safe or not and why, and what ptriage recommends
    // What ending it would break: its blast radius, and what ends with it (its process group's
    // descendants, as the relief plan ends them).
    Risk risk = Risk::Low;
    std::vector<Phrase> breaks;
    std::vector<int> endsWith; // snapshot indices
    std::vector<int> affected; // snapshot indices, nearest first
    // Supervised: what to stop instead (a kill would be restarted), as the relief plan advises.
    std::string stop; // supervisorToStop(): "x.service", "container:…", "pm2"; empty when none
    Phrase stopAdvice; // "stop the unit x.service (systemctl --user stop x.service)" …
};

// An inet listener no process of the scan has open: another user's, whose open files are read only
// with privileges. What is known of it is the socket's own: its address and its user.
struct UnheldListener {
    SocketInfo::Proto proto = SocketInfo::Proto::Tcp;
    std::string address; // "0.0.0.0:22"
    int port = 0;
    int clients = 0; // connections accepted on its port (TCP)
    std::string user; // as the scan names that uid's processes, else "uid N"; empty: not known
    std::string listener() const; // "TCP 0.0.0.0:22"
};

// Every such listener, by port, then address (one per protocol and address).
std::vector<UnheldListener> unheldListeners(const TriageResult &result);

struct PortHolders {
    int port = 0;
    std::vector<PortHolder> holders; // by pid
    std::vector<UnheldListener> unattributed; // listening on the port with no process of the scan holding it
    bool held() const { return !holders.empty() || !unattributed.empty(); }
};

// Who holds a listener on `port` (1..65535) and what ending each would mean; pure over the result.
PortHolders portHolders(const TriageResult &result, int port);
// One of them: process `index` as a holder of `port` (the Ports view's row, without the search).
PortHolder portHolder(const TriageResult &result, int index, int port);

} // namespace ptriage
