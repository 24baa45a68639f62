// ptriage's KAuth helper: the KF6Auth transport's privileged half (see helper/README.md).
#include "KAuthHelper.h"

#include "procops/identity/TargetDescription.h"
#include "procops/request/AuditTrail.h"
#include "procops/request/KAuthWire.h"

#include <KAuth/HelperSupport>

#include <QFileInfo>

namespace ptriage::helper {
using namespace procops;
namespace {

KAuth::ActionReply errorReply(int code, const QString &text)
{
    KAuth::ActionReply reply = KAuth::ActionReply::HelperErrorReply(code);
    reply.setErrorDescription(text);
    return reply;
}

// KF6Auth tells the helper the caller's uid (HelperSupport::callerUid) but neither its bus name nor
// its pid, so the client states its pid (kauth::callerPidKey) and the helper believes it only for a
// process of that very uid. The pid serves the caller rules alone (never act on the caller or its
// session leader): a client that lies can only lose that protection for itself.
bool callerPidFits(int pid, int uid)
{
    return pid > 0 && uid >= 0 && QFileInfo(QStringLiteral("/proc/%1").arg(pid)).ownerId() == static_cast<uint>(uid);
}

} // namespace

KAuthHelper::KAuthHelper()
    : m_core([] {
          HelperOptions o;
          o.undoLedgerDir = QString::fromLatin1(kHelperLedgerDir);
          o.logSocket = "/dev/log";
          return o;
      }())
{
    audit::open("ptriage-kauth-helper");
}

KAuth::ActionReply KAuthHelper::undo(const QVariantMap &args)
{
    return run(QStringLiteral("undo"), args);
}

KAuth::ActionReply KAuthHelper::signal(const QVariantMap &args)
{
    return run(QStringLiteral("signal"), args);
}

KAuth::ActionReply KAuthHelper::freeze(const QVariantMap &args)
{
    return run(QStringLiteral("freeze"), args);
}

KAuth::ActionReply KAuthHelper::throttle(const QVariantMap &args)
{
    return run(QStringLiteral("throttle"), args);
}

KAuth::ActionReply KAuthHelper::renice(const QVariantMap &args)
{
    return run(QStringLiteral("renice"), args);
}

KAuth::ActionReply KAuthHelper::quarantine(const QVariantMap &args)
{
    return run(QStringLiteral("quarantine"), args);
}

KAuth::ActionReply KAuthHelper::run(const QString &family, QVariantMap args) const
{
    CallerRecord caller;
    caller.uid = static_cast<uid_t>(KAuth::HelperSupport::callerUid());
    int callerPid = 0;
    const QVariant declared = args.take(kauth::callerPidKey);
    if (declared.isValid()) {
        callerPid = declared.metaType() == QMetaType::fromType<int>() ? declared.toInt() : -1;
        if (!callerPidFits(callerPid, KAuth::HelperSupport::callerUid())) {
            audit::refused(caller, family, QStringLiteral("callerPid is not a process of the caller"));
            return errorReply(kauth::CallerMismatch, QStringLiteral("callerPid is not a process of the caller"));
        }
    }
    caller.pid = callerPid;
    // Decoded first, so the action id comes from the request itself, never from the slot's name alone.
    const DecodeResult decoded = decodeRequest(args, m_core.options().limits);
    if (!decoded.ok()) {
        audit::refused(caller, QStringLiteral("invalid request"), decoded.error);
        return errorReply(kauth::InvalidRequest, decoded.error);
    }
    const HelperRequest &request = *decoded.request;
    // polkit authorized exactly this action id: a .renice or .undo authorization never runs a kill.
    const QString authorized = kauth::actionPrefix + family;
    const QString own = actionIdFor(request, &m_core.ledger());
    audit::asked(caller, request, authorized);
    if (authorized != own && authorized != actionIdFor(request.verb)) {
        const QString why
            = QStringLiteral("the authorization %1 does not cover \"%2\"").arg(authorized, audit::requestText(request));
        audit::refused(caller, audit::requestText(request), why);
        return errorReply(kauth::WrongAction, why);
    }
    QList<TargetDescription> described;
    for (const ProcessIdentity &t : request.targets)
        described.append(describeTarget(t));
    const QList<TargetResult> results = m_core.execute(request, callerPid);
    for (qsizetype i = 0; i < results.size(); ++i)
        audit::result(caller, request, results[i], described.value(i).text());
    KAuth::ActionReply ok = KAuth::ActionReply::SuccessReply();
    ok.addData(kauth::resultsKey, encodeResults(results));
    return ok;
}

} // namespace ptriage::helper

KAUTH_HELPER_MAIN("org.ptriage.helper", ptriage::helper::KAuthHelper)
