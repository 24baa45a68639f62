// ptriage's KAuth helper: the KF6Auth transport's privileged half (see helper/README.md).
#include "KAuthHelper.h"

#include "core/KAuthWire.h"

#include <KAuth/HelperSupport>

#include <QFileInfo>

namespace ptriage::helper {
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
    // polkit authorized exactly this action id: a .renice authorization never runs a kill.
    const QString authorized = kauth::actionPrefix + family;
    const QString verb = args.value(field::verb).toString();
    if (actionIdFor(verb) != authorized)
        return errorReply(kauth::WrongAction,
            QStringLiteral("the authorization %1 does not cover the verb \"%2\"").arg(authorized, verb));

    int callerPid = 0;
    const QVariant declared = args.take(kauth::callerPidKey);
    if (declared.isValid()) {
        callerPid = declared.metaType() == QMetaType::fromType<int>() ? declared.toInt() : -1;
        if (!callerPidFits(callerPid, KAuth::HelperSupport::callerUid()))
            return errorReply(kauth::CallerMismatch, QStringLiteral("callerPid is not a process of the caller"));
    }
    const HelperCore::Reply reply = m_core.handle(args, callerPid);
    if (!reply.error.isEmpty())
        return errorReply(kauth::InvalidRequest, reply.error);
    KAuth::ActionReply ok = KAuth::ActionReply::SuccessReply();
    ok.addData(kauth::resultsKey, reply.results);
    return ok;
}

} // namespace ptriage::helper

KAUTH_HELPER_MAIN("org.ptriage.helper", ptriage::helper::KAuthHelper)
