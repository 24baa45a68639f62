#pragma once

#include "CallerBudget.h"
#include "PolkitAuthority.h"
#include "procops/ops/HelperCore.h"
#include "procops/request/AuditTrail.h"

#include <QList>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <systemd/sd-bus.h>
#include <systemd/sd-event.h>
#include <vector>

namespace ptriage::helper {

inline constexpr const char *kServiceName = "org.ptriage.helper";
inline constexpr const char *kObjectPath = "/org/ptriage/helper";
inline constexpr const char *kInterface = "org.ptriage.helper";

// The D-Bus face of the helper: one method, Execute(a{sv}) → av (one a{sv} result per target), on
// one thread (sd-event). A call is read within bounds and decoded first (a malformed request never
// reaches polkit), counted against the caller's budget, then polkit is asked once per owner of the
// targets, with details naming what will happen to what; every check must grant before the core
// executes anything. The reply waits for polkit. Checks of callers that leave the bus are called
// off. Everything goes to the system log. Exits when idle.
class HelperService {
public:
    HelperService(sd_bus *bus, sd_event *event, procops::HelperOptions options, int idleExitMs);
    ~HelperService();
    HelperService(const HelperService &) = delete;
    HelperService &operator=(const HelperService &) = delete;

    // Exports the object and watches callers leave; < 0 (-errno) on failure.
    int start();
    // Tests: SIGKILL itself after acting, before replying (a helper killed mid-action).
    void setDieAfterActing(bool die) { m_dieAfterActing = die; }

private:
    struct Pending;
    struct CredentialsLookup;
    static int onExecute(sd_bus_message *m, void *userdata, sd_bus_error *error);
    static int onNameOwnerChanged(sd_bus_message *m, void *userdata, sd_bus_error *error);
    static int onIdle(sd_event_source *source, uint64_t usec, void *userdata);

    int execute(sd_bus_message *m);
    void checkDone(std::uint64_t id, std::size_t index, Authorization a, const QString &detail);
    void finish(Pending &p);
    void refuse(sd_bus_message *m, const procops::CallerRecord &caller, const char *errorName, const QString &what,
        const QString &why);
    void drop(std::uint64_t id); // forget a request, its checks and its budget
    QList<procops::ProtectedProcess> machinery(); // kept until a well-known name changes hands
    static int onCredentials(sd_bus_message *reply, void *userdata, sd_bus_error *error);
    // Budget, polkit details and checks: the request read, decoded and its sender known.
    void admit(sd_bus_message *m, const procops::CallerRecord &caller, const procops::HelperRequest &request);
    void settle(); // re-arms the idle timer when nothing waits

    sd_bus *m_bus;
    sd_event *m_event;
    procops::HelperCore m_core;
    PolkitAuthority m_polkit;
    CallerBudget m_budget;
    int m_idleExitMs;
    bool m_dieAfterActing = false;
    sd_event_source *m_idle = nullptr;
    sd_bus_slot *m_vtableSlot = nullptr;
    sd_bus_slot *m_matchSlot = nullptr;
    std::map<std::uint64_t, std::unique_ptr<Pending>> m_pending;
    std::map<QString, procops::CallerRecord> m_callers; // by unique bus name, until it leaves
    std::optional<QList<procops::ProtectedProcess>> m_machinery;
    std::map<CredentialsLookup *, std::unique_ptr<CredentialsLookup>> m_lookups;
    std::uint64_t m_nextId = 0;
};

} // namespace ptriage::helper
