#pragma once

#include "util/Phrase.h"

#include <QString>
#include <QVariantList>
#include <QVariantMap>

#include <memory>

namespace ptriage {

// How a request reaches the privileged helper: the built-in D-Bus service, or KAuth.
struct TransportReply {
    // Broken: the helper was reached but its reply was lost (it died, or the call timed out): what it
    // did is unknown, so the caller looks at the targets (procops::aftermath).
    enum class Error { None, NotAuthorized, AuthenticationRequired, Cancelled, Unavailable, Invalid, Busy, Broken };
    Error error = Error::None;
    QString message; // why, in words, when error != None (English)
    QVariantList results; // one a{sv} per target when error == None
    Phrase text; // `message`, translatable when shown; empty: `message` as it is (the helper's own words)
};

class PrivilegedTransport {
public:
    virtual ~PrivilegedTransport() = default;
    // Blocks until the helper answers (the person may be typing a password): never on the GUI thread.
    virtual TransportReply execute(const QVariantMap &request) = 0;
};

// The built-in transport: org.ptriage.helper on the system bus ($DBUS_SYSTEM_BUS_ADDRESS honoured).
std::unique_ptr<PrivilegedTransport> makeDBusTransport();
// KAuth (KF6Auth): its helper org.ptriage.helper, the same action ids. Defined only in builds with KAuth
// (PTRIAGE_HAVE_KAUTH); needs a QCoreApplication.
std::unique_ptr<PrivilegedTransport> makeKAuthTransport();
// What the app uses: KAuth where the build has it, else the built-in D-Bus service.
std::unique_ptr<PrivilegedTransport> makePrivilegedTransport();

} // namespace ptriage
