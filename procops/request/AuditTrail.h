#pragma once

#include "procops/request/HelperRequest.h"
#include "procops/request/TargetResult.h"

#include <QString>

#include <sys/types.h>

namespace ptriage::procops {

// Who called, as the transport knows it.
struct CallerRecord {
    uid_t uid = static_cast<uid_t>(-1);
    int pid = 0;
    QString busName; // D-Bus unique name; empty under KAuth
};

// Every privileged request and its result, to the system log (syslog facility authpriv, which the
// journal and rsyslog keep): "asked:" when a valid request arrives, "refused:" when it is not
// carried out (invalid, busy, not authorized), "result:" once per target with the target's identity
// and command as read before acting. One line each; request text is quoted and cut by the helper.
namespace audit {
void open(const char *ident); // openlog once, in the transport's main
void asked(const CallerRecord &caller, const HelperRequest &request, const QString &actionId);
void refused(const CallerRecord &caller, const QString &what, const QString &why);
void result(
    const CallerRecord &caller, const HelperRequest &request, const TargetResult &result, const QString &targetText);
QString requestText(const HelperRequest &request); // "signal TERM", "renice 10", …
} // namespace audit

} // namespace ptriage::procops
