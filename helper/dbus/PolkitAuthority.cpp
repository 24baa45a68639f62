#include "PolkitAuthority.h"

#include <cstring>
#include <unistd.h>

namespace ptriage::helper {
namespace {

constexpr const char *kPolkit = "org.freedesktop.PolicyKit1";
constexpr const char *kAuthorityPath = "/org/freedesktop/PolicyKit1/Authority";
constexpr const char *kAuthority = "org.freedesktop.PolicyKit1.Authority";
constexpr uint32_t kAllowUserInteraction = 1;
constexpr uint64_t kPasswordTimeoutUs = 10ULL * 60 * 1000 * 1000;

} // namespace

QString describe(Authorization a)
{
    switch (a) {
    case Authorization::Granted:
        return QStringLiteral("authorized");
    case Authorization::Denied:
        return QStringLiteral("not authorized: the system's polkit rules deny this action to this user");
    case Authorization::ChallengeUnanswered:
        return QStringLiteral("authentication required, but no authentication agent answered (is a polkit agent "
                              "running in your session?)");
    case Authorization::Cancelled:
        return QStringLiteral("authentication was cancelled");
    case Authorization::Error:
        break;
    }
    return QStringLiteral("could not ask polkit for authorization");
}

PolkitAuthority::Check::~Check()
{
    sd_bus_slot_unref(m_slot);
}

void PolkitAuthority::Check::cancel()
{
    if (m_answered || !m_slot)
        return;
    m_slot = sd_bus_slot_unref(m_slot);
    // Fire and forget: polkit answers the original call with Cancelled, which nobody waits for now.
    sd_bus_call_method_async(m_bus, nullptr, kPolkit, kAuthorityPath, kAuthority, "CancelCheckAuthorization", nullptr,
        nullptr, "s", m_cancellationId.constData());
}

int PolkitAuthority::Check::onReply(sd_bus_message *reply, void *userdata, sd_bus_error *)
{
    auto *self = static_cast<Check *>(userdata);
    self->m_answered = true;
    const Callback done = self->m_done; // the callback may destroy this Check
    if (sd_bus_message_is_method_error(reply, nullptr)) {
        const sd_bus_error *e = sd_bus_message_get_error(reply);
        const QString name = QString::fromUtf8(e && e->name ? e->name : "");
        const QString text = QString::fromUtf8(e && e->message ? e->message : "");
        if (name == QLatin1String("org.freedesktop.PolicyKit1.Error.Cancelled"))
            done(Authorization::Cancelled, text);
        else
            done(Authorization::Error, QStringLiteral("%1: %2").arg(name, text));
        return 0;
    }
    int authorized = 0, challenge = 0;
    bool dismissed = false;
    if (sd_bus_message_enter_container(reply, 'r', "bba{ss}") < 0
        || sd_bus_message_read(reply, "bb", &authorized, &challenge) < 0
        || sd_bus_message_enter_container(reply, 'a', "{ss}") < 0) {
        done(Authorization::Error, QStringLiteral("polkit's answer has an unexpected form"));
        return 0;
    }
    const char *key = nullptr, *value = nullptr;
    while (sd_bus_message_read(reply, "{ss}", &key, &value) > 0)
        if (std::strcmp(key, "polkit.dismissed") == 0 && std::strcmp(value, "true") == 0)
            dismissed = true;
    if (authorized)
        done(Authorization::Granted, {});
    else if (challenge)
        done(Authorization::ChallengeUnanswered, {});
    else if (dismissed)
        done(Authorization::Cancelled, {});
    else
        done(Authorization::Denied, {});
    return 0;
}

std::unique_ptr<PolkitAuthority::Check> PolkitAuthority::check(const QString &callerBusName, const QString &actionId,
    const QMap<QString, QString> &details, Callback done, QString *error)
{
    auto c = std::unique_ptr<Check>(new Check);
    c->m_bus = m_bus;
    c->m_done = std::move(done);
    c->m_cancellationId = QByteArray("ptriage-helper-") + QByteArray::number(::getpid()) + '-'
        + QByteArray::number(static_cast<qulonglong>(++m_next));
    sd_bus_message *m = nullptr;
    const QByteArray name = callerBusName.toUtf8();
    const QByteArray action = actionId.toUtf8();
    int r = sd_bus_message_new_method_call(m_bus, &m, kPolkit, kAuthorityPath, kAuthority, "CheckAuthorization");
    if (r >= 0)
        r = sd_bus_message_append(
            m, "(sa{sv})s", "system-bus-name", 1, "name", "s", name.constData(), action.constData());
    if (r >= 0)
        r = sd_bus_message_open_container(m, 'a', "{ss}");
    for (auto it = details.cbegin(); r >= 0 && it != details.cend(); ++it)
        r = sd_bus_message_append(m, "{ss}", it.key().toUtf8().constData(), it.value().toUtf8().constData());
    if (r >= 0)
        r = sd_bus_message_close_container(m);
    if (r >= 0)
        r = sd_bus_message_append(m, "us", kAllowUserInteraction, c->m_cancellationId.constData());
    if (r >= 0)
        r = sd_bus_call_async(m_bus, &c->m_slot, m, &Check::onReply, c.get(), kPasswordTimeoutUs);
    sd_bus_message_unref(m);
    if (r < 0) {
        *error = QStringLiteral("cannot ask polkit: %1").arg(QString::fromLocal8Bit(std::strerror(-r)));
        return nullptr;
    }
    return c;
}

} // namespace ptriage::helper
