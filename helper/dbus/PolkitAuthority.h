#pragma once

#include <QMap>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <systemd/sd-bus.h>

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

// org.freedesktop.PolicyKit1.Authority.CheckAuthorization on the system bus, asynchronous (the
// person may type a password for minutes), with the caller's unique bus name as the subject, user
// interaction allowed, `details` (which polkit puts into the dialog's message and shows to rules as
// action.lookup(key)) and a cancellation id, so a check whose caller left can be called off.
class PolkitAuthority {
public:
    explicit PolkitAuthority(sd_bus *bus) : m_bus(bus) { }

    using Callback = std::function<void(Authorization, const QString &detail)>;

    // One outstanding check. Destroying it drops the callback; cancel() also asks polkit to stop
    // (it closes the agent's dialog).
    class Check {
    public:
        ~Check();
        void cancel();

    private:
        friend class PolkitAuthority;
        static int onReply(sd_bus_message *reply, void *userdata, sd_bus_error *error);
        sd_bus *m_bus = nullptr;
        sd_bus_slot *m_slot = nullptr;
        QByteArray m_cancellationId;
        Callback m_done;
        bool m_answered = false;
    };

    // Null (and `done` is not called) when the call cannot even be sent; *error says why.
    std::unique_ptr<Check> check(const QString &callerBusName, const QString &actionId,
        const QMap<QString, QString> &details, Callback done, QString *error);

private:
    sd_bus *m_bus;
    std::uint64_t m_next = 0;
};

} // namespace ptriage::helper
