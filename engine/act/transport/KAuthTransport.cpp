// The KAuth (KF6Auth) transport: built only where the build finds KF6Auth (see PTRIAGE_KAUTH).
#include "PrivilegedTransport.h"

#include "procops/identity/TargetDescription.h"
#include "procops/request/HelperRequest.h"
#include "procops/request/KAuthWire.h"
#include "procops/request/PolkitDetails.h"

#include <KAuth/Action>
#include <KAuth/ActionReply>
#include <KAuth/ExecuteJob>

#include <QCoreApplication>
#include <QMetaObject>
#include <QMutex>
#include <QStringList>
#include <QThread>

#include <unistd.h>

namespace ptriage {
namespace {

namespace kauth = procops::kauth;
using KAuth::ActionReply;

constexpr int kTimeoutMs = 10 * 60 * 1000; // the person may take a while with the password

// KAuth's client objects are process-wide singletons that take their replies as queued signals in the
// thread that first used them; the engine calls from pool threads that run no event loop. So every
// KAuth call runs on one thread of its own, with its own event loop, and the caller waits for it.
class KAuthThread {
public:
    static QObject *context()
    {
        static KAuthThread *instance = [] {
            auto *t = new KAuthThread;
            qAddPostRoutine([] { instance->stop(); }); // before QCoreApplication goes away
            return t;
        }();
        return &instance->m_context;
    }

private:
    KAuthThread()
    {
        m_thread.setObjectName(QStringLiteral("ptriage-kauth"));
        m_context.moveToThread(&m_thread);
        m_thread.start();
    }
    void stop()
    {
        m_thread.quit();
        m_thread.wait();
    }

    QThread m_thread;
    QObject m_context;
};

TransportReply::Error errorFor(int code)
{
    switch (code) {
    case ActionReply::AuthorizationDeniedError:
    case kauth::WrongAction:
    case kauth::CallerMismatch:
        return TransportReply::Error::NotAuthorized;
    case ActionReply::UserCancelledError:
        return TransportReply::Error::Cancelled;
    case kauth::InvalidRequest:
    case ActionReply::InvalidActionError:
        return TransportReply::Error::Invalid;
    default: // NoResponder, NoSuchAction, HelperBusy, AlreadyStarted, DBus, Backend, KJob's own
        return TransportReply::Error::Unavailable;
    }
}

QString describe(int code, const QString &text)
{
    const QString detail = text.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(text);
    switch (code) {
    case ActionReply::AuthorizationDeniedError:
        return QStringLiteral("not authorized") + detail;
    case ActionReply::UserCancelledError:
        return QStringLiteral("the authentication was cancelled") + detail;
    case ActionReply::HelperBusyError:
        return QStringLiteral("the ptriage helper is busy with another request; try again") + detail;
    case ActionReply::NoSuchActionError:
    case ActionReply::NoResponderError:
    case ActionReply::DBusError:
    case ActionReply::BackendError:
        return QStringLiteral("the ptriage KAuth helper is not available (error %1%2); is ptriage installed "
                              "with its KAuth, D-Bus and polkit files under /usr?")
            .arg(code)
            .arg(detail);
    default:
        return text.isEmpty() ? QStringLiteral("KAuth error %1").arg(code) : text;
    }
}

// The prompt says what the D-Bus helper's dialog says (the same words, every owner's targets), and
// rules may read the first owner's details as "other_details" ("target_user=root; target_pids=123; …").
// Read here, by the client: a rule cannot trust them as it can the D-Bus helper's.
KAuth::Action::DetailsMap promptDetails(const procops::HelperRequest &request)
{
    QList<procops::TargetDescription> described;
    for (const ProcessIdentity &t : request.targets)
        described.append(procops::describeTarget(t));
    const auto byOwner = procops::groupByOwner(described);
    QStringList other;
    if (!byOwner.isEmpty()) {
        const QMap<QString, QString> details = procops::polkitDetails(request, byOwner.first());
        for (auto it = details.cbegin(); it != details.cend(); ++it)
            other.append(it.key() + QLatin1Char('=') + it.value());
    }
    return {{KAuth::Action::AuthDetail::DetailMessage, procops::promptMessage(request, byOwner)},
        {KAuth::Action::AuthDetail::DetailOther, other.join(QStringLiteral("; "))}};
}

// On the KAuth thread.
TransportReply run(QVariantMap request)
{
    TransportReply reply;
    // The helper checks the action against the decoded request: resume, thaw and unthrottle go under
    // .undo (a restoring renice or unquarantine under its own family: only the helper knows it restores).
    const procops::DecodeResult decoded = procops::decodeRequest(request);
    if (!decoded.ok()) {
        reply.error = TransportReply::Error::Invalid;
        reply.message = decoded.error;
        return reply;
    }
    const QString actionId = procops::actionIdFor(*decoded.request);
    request.insert(kauth::callerPidKey, static_cast<int>(::getpid())); // for the caller rules, see the helper
    KAuth::Action action(actionId);
    action.setHelperId(kauth::helperId);
    action.setArguments(request);
    action.setDetailsV2(promptDetails(*decoded.request));
    action.setTimeout(kTimeoutMs);
    std::unique_ptr<KAuth::ExecuteJob> job(action.execute());
    job->setAutoDelete(false); // read it after exec()
    if (!job->exec()) {
        reply.error = errorFor(job->error());
        reply.message = describe(job->error(), job->errorText());
        return reply;
    }
    reply.results = job->data().value(kauth::resultsKey).toList();
    return reply;
}

class KAuthTransport final : public PrivilegedTransport {
public:
    TransportReply execute(const QVariantMap &request) override
    {
        QObject *context = KAuthThread::context();
        TransportReply reply;
        if (QThread::currentThread() == context->thread())
            return run(request);
        QMetaObject::invokeMethod(
            context, [&] { reply = run(request); }, Qt::BlockingQueuedConnection);
        return reply;
    }
};

} // namespace

std::unique_ptr<PrivilegedTransport> makeKAuthTransport()
{
    return std::make_unique<KAuthTransport>();
}

} // namespace ptriage
