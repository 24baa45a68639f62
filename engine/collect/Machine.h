#pragma once

#include <string>
#include <utility>

namespace ptriage {

// The machine a scan was read on and an action is done on: this one, or a host reached with the
// person's OpenSSH. What it can do follows from which it is; views and commands ask it, never
// compare names. A host's name is one that validHostName() accepted.
class Machine {
public:
    Machine() = default; // this machine
    static Machine host(std::string name)
    {
        Machine m;
        m.m_host = std::move(name);
        return m;
    }

    bool isThis() const { return m_host.empty(); }
    // ssh's name of it; empty for this machine.
    const std::string &hostName() const { return m_host; }

    // Fds, sockets, environment and executable read on demand: only here (a host sends its scan).
    bool readsDeep() const { return isThis(); }
    // A relief plan (free memory, free a port) is carried out by this machine's controller.
    bool relieves() const { return isThis(); }
    // A person's decisions (End, Spare) teach this machine's model; a host's process never does:
    // its command line is the host's word.
    bool learns() const { return isThis(); }
    // What was done can be undone from the window: here by the controller, there by its ptriage.
    bool undoes() const { return true; }

    friend bool operator==(const Machine &, const Machine &) = default;

private:
    std::string m_host;
};

} // namespace ptriage
