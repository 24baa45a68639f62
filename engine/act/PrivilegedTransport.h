#pragma once

#include <QString>
#include <QVariantList>
#include <QVariantMap>

#include <memory>

namespace ptriage {

// How a request reaches the privileged helper: the built-in D-Bus service, or KAuth.
struct TransportReply {
    enum class Error { None, NotAuthorized, AuthenticationRequired, Cancelled, Unavailable, Invalid };
    Error error = Error::None;
    QString message; // why, in words, when error != None
    QVariantList results; // one a{sv} per target when error == None
};

class PrivilegedTransport {
public:
    virtual ~PrivilegedTransport() = default;
    // Blocks until the helper answers (the person may be typing a password): never on the GUI thread.
    virtual TransportReply execute(const QVariantMap &request) = 0;
};

// The built-in transport: org.ptriage.helper on the system bus ($DBUS_SYSTEM_BUS_ADDRESS honoured).
std::unique_ptr<PrivilegedTransport> makeDBusTransport();

} // namespace ptriage
