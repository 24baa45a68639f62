#include "HelperService.h"

#include "BusMessage.h"
#include "procops/identity/TargetDescription.h"
#include "procops/request/PolkitDetails.h"

#include <QStringList>

#include <csignal>
#include <cstring>

namespace ptriage::helper {
using namespace procops;
namespace {

constexpr const char *kErrorInvalid = "org.ptriage.helper.Error.InvalidRequest";
constexpr const char *kErrorNotAuthorized = "org.ptriage.helper.Error.NotAuthorized";
constexpr const char *kErrorAuthRequired = "org.ptriage.helper.Error.AuthenticationRequired";
constexpr const char *kErrorCancelled = "org.ptriage.helper.Error.Cancelled";
constexpr const char *kErrorPolkit = "org.ptriage.helper.Error.PolkitUnavailable";
constexpr const char *kErrorBusy = "org.ptriage.helper.Error.Busy";
constexpr const char *kErrorFailed = "org.ptriage.helper.Error.Failed";

const char *errorNameFor(Authorization a)
{
    switch (a) {
    case Authorization::Denied:
        return kErrorNotAuthorized;
    case Authorization::ChallengeUnanswered:
        return kErrorAuthRequired;
    case Authorization::Cancelled:
        return kErrorCancelled;
    case Authorization::Granted:
    case Authorization::Error:
        break;
    }
    return kErrorPolkit;
}

} // namespace

// A valid request waiting for the bus to say who sent it.
struct HelperService::CredentialsLookup {
    HelperService *self = nullptr;
    sd_bus_message *call = nullptr;
    QString busName;
    HelperRequest request;
    sd_bus_slot *slot = nullptr;
    ~CredentialsLookup()
    {
        sd_bus_slot_unref(slot);
        sd_bus_message_unref(call);
    }
};

// One request waiting for polkit: the call to answer, and one check per owner of its targets.
struct HelperService::Pending {
    sd_bus_message *call = nullptr;
    HelperRequest request;
    CallerRecord caller;
    QString connection;
    QList<TargetDescription> described;
    std::vector<std::unique_ptr<PolkitAuthority::Check>> checks;
    std::size_t granted = 0;
    int budgeted = 0; // checks counted against the caller's budget
    ~Pending() { sd_bus_message_unref(call); }
};

HelperService::HelperService(sd_bus *bus, sd_event *event, HelperOptions options, int idleExitMs)
    : m_bus(bus), m_event(event), m_core(std::move(options)), m_polkit(bus), m_idleExitMs(idleExitMs)
{ }

HelperService::~HelperService()
{
    m_pending.clear();
    m_lookups.clear();
    sd_event_source_unref(m_idle);
    sd_bus_slot_unref(m_matchSlot);
    sd_bus_slot_unref(m_vtableSlot);
}

int HelperService::start()
{
    static const sd_bus_vtable vtable[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD_WITH_NAMES("Execute", "a{sv}", SD_BUS_PARAM(request), "av", SD_BUS_PARAM(results),
            &HelperService::onExecute, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_VTABLE_END,
    };
    int r = sd_bus_add_object_vtable(m_bus, &m_vtableSlot, kObjectPath, kInterface, vtable, this);
    if (r < 0)
        return r;
    r = sd_bus_match_signal(m_bus, &m_matchSlot, "org.freedesktop.DBus", "/org/freedesktop/DBus",
        "org.freedesktop.DBus", "NameOwnerChanged", &HelperService::onNameOwnerChanged, this);
    if (r < 0)
        return r;
    if (m_idleExitMs > 0) {
        r = sd_event_add_time_relative(
            m_event, &m_idle, CLOCK_MONOTONIC, uint64_t(m_idleExitMs) * 1000, 0, &HelperService::onIdle, this);
        if (r < 0)
            return r;
    }
    return 0;
}

int HelperService::onIdle(sd_event_source *, uint64_t, void *userdata)
{
    auto *self = static_cast<HelperService *>(userdata);
    return sd_event_exit(self->m_event, 0);
}

void HelperService::settle()
{
    if (!m_idle)
        return;
    if (!m_pending.empty() || !m_lookups.empty()) {
        sd_event_source_set_enabled(m_idle, SD_EVENT_OFF);
        return;
    }
    sd_event_source_set_time_relative(m_idle, uint64_t(m_idleExitMs) * 1000);
    sd_event_source_set_enabled(m_idle, SD_EVENT_ONESHOT);
}

int HelperService::onExecute(sd_bus_message *m, void *userdata, sd_bus_error *)
{
    auto *self = static_cast<HelperService *>(userdata);
    const int r = self->execute(m);
    self->settle();
    return r;
}

void HelperService::refuse(
    sd_bus_message *m, const CallerRecord &caller, const char *errorName, const QString &what, const QString &why)
{
    audit::refused(caller, what, why);
    sd_bus_reply_method_errorf(m, errorName, "%s", why.toUtf8().constData());
}

int HelperService::execute(sd_bus_message *m)
{
    CallerRecord caller;
    caller.busName = QString::fromUtf8(sd_bus_message_get_sender(m) ? sd_bus_message_get_sender(m) : "");
    // The request is measured and refused before the caller's credentials are asked of the bus, and
    // they are asked without waiting: a blocking call would have sd-bus read whatever else arrives
    // meanwhile (a flood of large messages) into memory. A refusal names the caller as far as known.
    QString error;
    const auto map = readRequest(m, &error);
    const DecodeResult decoded = map ? decodeRequest(*map, m_core.options().limits) : DecodeResult{{}, error};
    if (!decoded.ok()) {
        if (const auto known = m_callers.find(caller.busName); known != m_callers.end())
            caller = known->second;
        refuse(m, caller, kErrorInvalid, QStringLiteral("invalid request"), decoded.error);
        return 1;
    }
    if (const auto known = m_callers.find(caller.busName); known != m_callers.end()) {
        admit(m, known->second, *decoded.request);
        return 1;
    }
    auto lookup = std::make_unique<CredentialsLookup>();
    lookup->self = this;
    lookup->call = sd_bus_message_ref(m);
    lookup->busName = caller.busName;
    lookup->request = *decoded.request;
    const int r = sd_bus_call_method_async(m_bus, &lookup->slot, "org.freedesktop.DBus", "/org/freedesktop/DBus",
        "org.freedesktop.DBus", "GetConnectionCredentials", &HelperService::onCredentials, lookup.get(), "s",
        sd_bus_message_get_sender(m));
    if (r < 0) {
        refuse(m, caller, kErrorNotAuthorized, audit::requestText(*decoded.request),
            QStringLiteral("cannot tell which process is calling: %1").arg(QString::fromLocal8Bit(std::strerror(-r))));
        return 1;
    }
    m_lookups.emplace(lookup.get(), std::move(lookup));
    return 1;
}

int HelperService::onCredentials(sd_bus_message *reply, void *userdata, sd_bus_error *)
{
    auto *lookup = static_cast<CredentialsLookup *>(userdata);
    HelperService *self = lookup->self;
    CallerRecord caller;
    caller.busName = lookup->busName;
    if (!sd_bus_message_is_method_error(reply, nullptr)
        && sd_bus_message_enter_container(reply, SD_BUS_TYPE_ARRAY, "{sv}") > 0) {
        while (sd_bus_message_enter_container(reply, SD_BUS_TYPE_DICT_ENTRY, "sv") > 0) {
            const char *key = nullptr;
            uint32_t value = 0;
            if (sd_bus_message_read(reply, "s", &key) < 0)
                break;
            const bool user = !std::strcmp(key, "UnixUserID"), process = !std::strcmp(key, "ProcessID");
            if ((user || process) && sd_bus_message_read(reply, "v", "u", &value) >= 0) {
                if (user)
                    caller.uid = static_cast<uid_t>(value);
                else
                    caller.pid = static_cast<int>(value);
            } else if (sd_bus_message_skip(reply, "v") < 0) {
                break;
            }
            sd_bus_message_exit_container(reply);
        }
    }
    if (caller.pid > 0 && caller.uid != static_cast<uid_t>(-1)) {
        if (self->m_callers.size() >= 1024) // bounded: callers normally leave, and are forgotten then
            self->m_callers.erase(self->m_callers.begin());
        self->m_callers.emplace(caller.busName, caller);
    }
    self->admit(lookup->call, caller, lookup->request);
    self->m_lookups.erase(lookup);
    self->settle();
    return 1;
}

void HelperService::admit(sd_bus_message *m, const CallerRecord &caller, const HelperRequest &request)
{
    QString error;
    const QString what = audit::requestText(request);
    if (caller.pid <= 0 || caller.uid == static_cast<uid_t>(-1)) {
        refuse(m, caller, kErrorNotAuthorized, what, QStringLiteral("cannot tell which process is calling"));
        return;
    }
    const QString actionId = actionIdFor(request, &m_core.ledger());
    audit::asked(caller, request, actionId);
    // One check per owner: a site's rule can then allow a user's own processes and nothing else.
    QList<TargetDescription> described;
    for (const ProcessIdentity &t : request.targets)
        described.append(describeTarget(t));
    const QList<QList<TargetDescription>> byOwner = groupByOwner(described);
    if (byOwner.size() > kMaxOwners) {
        refuse(m, caller, kErrorInvalid, what,
            QStringLiteral("the targets belong to %1 users; at most %2 per request")
                .arg(byOwner.size())
                .arg(kMaxOwners));
        return;
    }
    const int checks = int(byOwner.size());
    if (const QString busy = m_budget.admit(caller.busName, caller.uid, checks); !busy.isEmpty()) {
        refuse(m, caller, kErrorBusy, what, busy);
        return;
    }

    const std::uint64_t id = ++m_nextId;
    auto pending = std::make_unique<Pending>();
    pending->call = sd_bus_message_ref(m);
    pending->request = request;
    pending->caller = caller;
    pending->connection = caller.busName;
    pending->described = std::move(described);
    pending->budgeted = checks;
    Pending &p = *pending;
    m_pending.emplace(id, std::move(pending));
    for (std::size_t i = 0; i < std::size_t(byOwner.size()); ++i) {
        auto check = m_polkit.check(
            caller.busName, actionId, polkitDetails(request, byOwner[qsizetype(i)]),
            [this, id, i](Authorization a, const QString &detail) { checkDone(id, i, a, detail); }, &error);
        if (!check) {
            refuse(m, caller, kErrorPolkit, what, error);
            drop(id);
            return;
        }
        p.checks.push_back(std::move(check));
    }
}

void HelperService::checkDone(std::uint64_t id, std::size_t, Authorization a, const QString &detail)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    Pending &p = *it->second;
    if (a == Authorization::Granted) {
        if (++p.granted == p.checks.size())
            finish(p);
        else
            return;
    } else {
        for (auto &c : p.checks)
            c->cancel(); // all or nothing: the others are no longer needed
        const QString text
            = detail.isEmpty() ? describe(a) : describe(a) + QStringLiteral(" (") + detail + QLatin1Char(')');
        refuse(p.call, p.caller, errorNameFor(a), audit::requestText(p.request), text);
    }
    drop(id);
    settle();
}

void HelperService::finish(Pending &p)
{
    const QList<TargetResult> results = m_core.execute(p.request, p.caller.pid, machinery());
    for (qsizetype i = 0; i < results.size(); ++i)
        audit::result(p.caller, p.request, results[i],
            i < p.described.size() ? p.described[i].text() : results[i].target.toQString());
    if (m_dieAfterActing)
        ::raise(SIGKILL);
    sd_bus_message *reply = nullptr;
    int r = sd_bus_message_new_method_return(p.call, &reply);
    if (r >= 0)
        r = sd_bus_message_open_container(reply, 'a', "v");
    for (const TargetResult &t : results)
        if (r >= 0)
            r = appendValue(reply, encodeResult(t), true);
    if (r >= 0)
        r = sd_bus_message_close_container(reply);
    if (r >= 0)
        r = sd_bus_send(m_bus, reply, nullptr);
    sd_bus_message_unref(reply);
    if (r < 0)
        sd_bus_reply_method_errorf(p.call, kErrorFailed, "cannot send the results: %s", std::strerror(-r));
}

void HelperService::drop(std::uint64_t id)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    m_budget.release(it->second->connection, it->second->caller.uid, it->second->budgeted);
    m_pending.erase(it);
}

int HelperService::onNameOwnerChanged(sd_bus_message *m, void *userdata, sd_bus_error *)
{
    auto *self = static_cast<HelperService *>(userdata);
    const char *name = nullptr, *oldOwner = nullptr, *newOwner = nullptr;
    if (sd_bus_message_read(m, "sss", &name, &oldOwner, &newOwner) < 0 || !name)
        return 0;
    if (name[0] != ':') {
        self->m_machinery.reset(); // a daemon of the machinery may have restarted: asked again when needed
        return 0;
    }
    if (newOwner && newOwner[0])
        return 0;
    const QString gone = QString::fromUtf8(name);
    self->m_callers.erase(gone);
    std::vector<std::uint64_t> ids;
    for (const auto &[id, p] : self->m_pending)
        if (p->connection == gone)
            ids.push_back(id);
    for (const std::uint64_t id : ids) {
        Pending &p = *self->m_pending.at(id);
        for (auto &c : p.checks)
            c->cancel();
        audit::refused(p.caller, audit::requestText(p.request),
            QStringLiteral("the caller left the bus; its authorization check was called off"));
        self->drop(id);
    }
    self->settle();
    return 0;
}

// The processes without which the helper cannot be asked or answer, and the session falls: found by
// bus name now, so a restarted daemon is known by its new pid.
QList<ProtectedProcess> HelperService::machinery()
{
    if (m_machinery)
        return *m_machinery;
    QList<ProtectedProcess> out;
    for (const auto &[name, role] : {std::pair{"org.freedesktop.DBus", "the system bus daemon"},
             std::pair{"org.freedesktop.PolicyKit1", "polkitd (it authorizes every request)"},
             std::pair{"org.freedesktop.login1", "systemd-logind (it keeps the sessions)"}}) {
        sd_bus_creds *c = nullptr;
        pid_t pid = 0;
        if (sd_bus_get_name_creds(m_bus, name, SD_BUS_CREDS_PID, &c) >= 0 && sd_bus_creds_get_pid(c, &pid) >= 0
            && pid > 0)
            out.append({pid, QString::fromLatin1(role)});
        sd_bus_creds_unref(c);
    }
    m_machinery = out;
    return out;
}

} // namespace ptriage::helper
