#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QByteArrayView>
#include <QString>

#include <sys/types.h>

namespace ptriage::procops {

// What a target is, in words a person recognises: for the polkit dialog and rules, and for the
// system log. Read from /proc by the helper, never taken from the request.
struct TargetDescription {
    ProcessIdentity id;
    bool running = false; // the identity matches a live process
    uid_t uid = static_cast<uid_t>(-1);
    QString user; // the owner's name, or its uid in digits
    QString command; // printable, at most 80 characters

    // "'sleep 300' (PID 123, user alice)"; "PID 123 (no longer running)".
    QString text() const;
};

TargetDescription describeTarget(const ProcessIdentity &id);

// Text another program chose, made safe to show and log: control characters and quotes become '?',
// at most `max` characters, "…" when cut. Invalid UTF-8 comes out as U+FFFD.
QString printable(QByteArrayView raw, int max = 80);

} // namespace ptriage::procops
