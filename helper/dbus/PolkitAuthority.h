#pragma once

#include <QDBusConnection>
#include <QObject>
#include <QString>

#include <functional>

namespace ptriage::helper {

// The answer polkit gave for one caller and one action.
enum class Authorization {
    Granted,
    Denied, // a rule or the administrator said no
    ChallengeUnanswered, // authentication required and nobody could answer it (no agent)
    Cancelled, // the person dismissed the password dialog
    Error, // polkit unreachable or an unexpected reply
};

QString describe(Authorization a);

// Asks org.freedesktop.PolicyKit1.Authority.CheckAuthorization on the system bus, with the caller's
// unique bus name as the subject and user interaction allowed. Asynchronous: the person may be
// typing a password for minutes.
class PolkitAuthority : public QObject {
    Q_OBJECT

public:
    explicit PolkitAuthority(QDBusConnection bus, QObject *parent = nullptr);

    using Callback = std::function<void(Authorization, const QString &detail)>;
    void check(const QString &callerBusName, const QString &actionId, Callback done);

private:
    QDBusConnection m_bus;
};

} // namespace ptriage::helper
