#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QList>
#include <QString>
#include <QStringView>
#include <QVariantMap>

#include <cstdint>
#include <optional>

namespace ptriage::procops {

// One verb per kernel operation; polkit asks per family (see actionIdFor).
enum class Verb { Signal, Freeze, Thaw, Throttle, Unthrottle, Renice, Quarantine, Unquarantine };

QString verbName(Verb verb);
std::optional<Verb> verbFromName(QStringView name);
// "org.ptriage.helper.signal", ".freeze" (freeze, thaw), ".throttle" (throttle, unthrottle), ".renice",
// ".quarantine" (quarantine, unquarantine).
QString actionIdFor(Verb verb);
// Empty for an unknown verb name.
QString actionIdFor(const QString &verb);

class UndoLedger;
struct HelperRequest;
// "org.ptriage.helper.undo": putting back what was done, which polkit may grant apart from the
// destructive actions. Resume (CONT), thaw and unthrottle are undos when `ledger` holds that the
// helper stopped, froze or throttled every target (without a ledger: always); a renice or
// unquarantine is one only when `ledger` holds exactly that value as what every target had before
// the helper changed it.
inline constexpr const char *kUndoActionId = "org.ptriage.helper.undo";
QString actionIdFor(const HelperRequest &request, const UndoLedger *ledger = nullptr);
bool isUndo(const HelperRequest &request, const UndoLedger *ledger = nullptr);

// The signal whitelist, as names without the SIG prefix: HUP INT TERM KILL USR1 USR2 STOP CONT.
const QStringList &signalNames();
int signalNumber(QStringView name); // 0 when not whitelisted

inline constexpr int kMaxTargets = 256;
// One polkit check per owner: a bound, so one request cannot start many checks (send one per owner group).
inline constexpr int kMaxOwners = 8;
inline constexpr int kNiceMin = -20;
inline constexpr int kNiceMax = 19;
inline constexpr int kCpuPeriodUs = 100000; // throttle period: 100 ms
inline constexpr int kCpuQuotaFloorUs = 1000; // the kernel's minimum quota: 1 ms per period

// What the machine allows for CPU arguments; a parameter so tests and the fuzzer are deterministic.
struct MachineLimits {
    int configuredCpus = 1; // sysconf(_SC_NPROCESSORS_CONF)
    QList<int> allowedCpus; // the CPUs online, sorted
    static MachineLimits current();
};

struct HelperRequest {
    Verb verb = Verb::Signal;
    QList<ProcessIdentity> targets; // pid 2 and up: init is never a target
    QString signal; // Signal: a whitelisted name
    bool processGroup = false; // Signal: the whole group of the target, which must be its leader
    int nice = 0; // Renice
    QList<int> cpus; // Quarantine: the CPUs to confine to; Unquarantine: the affinity to restore
    int quotaPercent = 0; // Throttle: percent of one core

    // The a{sv} form the decoder reads (what a client sends).
    QVariantMap toVariantMap() const;
    friend bool operator==(const HelperRequest &, const HelperRequest &) = default;
};

// Field names of the wire format.
namespace field {
inline const QString verb = QStringLiteral("verb");
inline const QString targets = QStringLiteral("targets");
inline const QString signal = QStringLiteral("signal");
inline const QString processGroup = QStringLiteral("processGroup");
inline const QString nice = QStringLiteral("nice");
inline const QString cpus = QStringLiteral("cpus");
inline const QString affinity = QStringLiteral("affinity");
inline const QString quotaPercent = QStringLiteral("quotaPercent");
} // namespace field

struct DecodeResult {
    std::optional<HelperRequest> request;
    QString error; // English, names the field; set exactly when request is empty
    bool ok() const { return request.has_value(); }
};

// Decodes an a{sv} / KAuth argument map. Accepts each value only in its own type (integers as
// D-Bus integer types, booleans as bool, strings as QString, lists as QVariantList / QStringList /
// QList<int>); rejects unknown keys, keys that do not apply to the verb, and missing ones.
DecodeResult decodeRequest(const QVariantMap &map, const MachineLimits &limits = MachineLimits::current());

// The invariants every request satisfies before it is acted on. Empty when valid.
QString validateArguments(const HelperRequest &request, const MachineLimits &limits);
QString validateRequest(const HelperRequest &request, const MachineLimits &limits);

} // namespace ptriage::procops
