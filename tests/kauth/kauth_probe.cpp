// ptriage-kauth-probe: one request through the KAuth transport, for tests/kauth/in-chroot.sh.
//   ptriage-kauth-probe [--action FAMILY] signal NAME PID
//   ptriage-kauth-probe [--action FAMILY] renice NICE PID
// Prints "error KIND: message" or one "result STATUS: message" per target. Exit 0: every target done;
// 3: the transport refused or failed; 4: a target was not done; 2: usage. --action sends the request
// under another polkit family's action id (bypassing the transport), to check that the helper refuses it.
#include "act/transport/PrivilegedTransport.h"
#include "procops/identity/ProcFs.h"
#include "procops/request/HelperRequest.h"
#include "procops/request/KAuthWire.h"

#include <KAuth/Action>
#include <KAuth/ExecuteJob>

#include <QCoreApplication>

#include <cstdio>

using namespace ptriage;
namespace kauth = procops::kauth;

namespace {

const char *errorKind(TransportReply::Error e)
{
    switch (e) {
    case TransportReply::Error::None:
        return "none";
    case TransportReply::Error::NotAuthorized:
        return "NotAuthorized";
    case TransportReply::Error::AuthenticationRequired:
        return "AuthenticationRequired";
    case TransportReply::Error::Cancelled:
        return "Cancelled";
    case TransportReply::Error::Unavailable:
        return "Unavailable";
    case TransportReply::Error::Invalid:
        return "Invalid";
    case TransportReply::Error::Busy:
        return "Busy";
    case TransportReply::Error::Broken:
        return "Broken";
    }
    return "?";
}

// The raw KAuth call under `family`'s action id; errors are reported as KAuth's own codes.
int sendUnderAction(const QString &family, const QVariantMap &request)
{
    KAuth::Action action(kauth::actionPrefix + family);
    action.setHelperId(kauth::helperId);
    action.setArguments(request);
    std::unique_ptr<KAuth::ExecuteJob> job(action.execute());
    job->setAutoDelete(false);
    if (!job->exec()) {
        std::printf("error code %d: %s\n", job->error(), qPrintable(job->errorText()));
        return 3;
    }
    std::printf("result accepted: %s\n",
        qPrintable(
            job->data().value(kauth::resultsKey).toList().value(0).toMap().value(QStringLiteral("status")).toString()));
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString family;
    if (args.size() >= 2 && args.first() == QLatin1String("--action")) {
        family = args.at(1);
        args = args.mid(2);
    }
    bool ok = false;
    const int pid = args.value(2).toInt(&ok);
    const auto stat = ok ? procops::procfs::readStat(pid) : std::nullopt;
    if (args.size() != 3 || !stat) {
        std::fprintf(stderr, "usage: ptriage-kauth-probe [--action FAMILY] signal NAME|renice NICE PID (a live pid)\n");
        return 2;
    }
    ProcessIdentity id;
    id.boot = procops::procfs::bootId().value_or(BootId{});
    id.startTicks = stat->startTicks;
    id.pid = pid;
    QVariantMap request{{procops::field::verb, args.at(0)}, {procops::field::targets, QStringList{id.toQString()}}};
    if (args.at(0) == QLatin1String("signal"))
        request.insert(procops::field::signal, args.at(1));
    else
        request.insert(procops::field::nice, args.at(1).toInt());

    if (!family.isEmpty())
        return sendUnderAction(family, request);

    const TransportReply reply = makeKAuthTransport()->execute(request);
    if (reply.error != TransportReply::Error::None) {
        std::printf("error %s: %s\n", errorKind(reply.error), qPrintable(reply.message));
        return 3;
    }
    int code = reply.results.isEmpty() ? 4 : 0;
    for (const QVariant &v : reply.results) {
        const QVariantMap r = v.toMap();
        const QString status = r.value(QStringLiteral("status")).toString();
        std::printf("result %s: %s\n", qPrintable(status), qPrintable(r.value(QStringLiteral("message")).toString()));
        if (status != QLatin1String("done"))
            code = 4;
    }
    return code;
}
