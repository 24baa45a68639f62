#include "procops/request/AuditTrail.h"

#include "procops/identity/TargetDescription.h"

#include <QStringList>

#include <syslog.h>

namespace ptriage::helper::audit {
namespace {

QString callerText(const CallerRecord &c)
{
    QString out = QStringLiteral("uid=%1 pid=%2").arg(static_cast<long long>(c.uid)).arg(c.pid);
    if (!c.busName.isEmpty())
        out += QStringLiteral(" bus=") + printable(c.busName.toUtf8(), 32);
    return out;
}

QString cpuText(const QList<int> &cpus)
{
    QStringList parts;
    for (int c : cpus)
        parts.append(QString::number(c));
    return parts.join(QLatin1Char(','));
}

void log(const QString &line)
{
    ::syslog(LOG_AUTHPRIV | LOG_NOTICE, "%s", line.toUtf8().constData());
}

} // namespace

void open(const char *ident)
{
    ::openlog(ident, LOG_PID | LOG_NDELAY, LOG_AUTHPRIV);
}

QString requestText(const HelperRequest &r)
{
    QString text = verbName(r.verb);
    switch (r.verb) {
    case Verb::Signal:
        text += QLatin1Char(' ') + r.signal + (r.processGroup ? QStringLiteral(" to the process group") : QString());
        break;
    case Verb::Renice:
        text += QLatin1Char(' ') + QString::number(r.nice);
        break;
    case Verb::Quarantine:
    case Verb::Unquarantine:
        text += QStringLiteral(" cpus=") + cpuText(r.cpus);
        break;
    case Verb::Throttle:
        text += QStringLiteral(" %1%").arg(r.quotaPercent);
        break;
    case Verb::Freeze:
    case Verb::Thaw:
    case Verb::Unthrottle:
        break;
    }
    return text;
}

void asked(const CallerRecord &caller, const HelperRequest &request, const QString &actionId)
{
    QStringList ids;
    for (const auto &t : request.targets)
        ids.append(t.toQString());
    log(QStringLiteral("asked: %1 %2 action=%3 targets=%4")
            .arg(callerText(caller), requestText(request), actionId,
                ids.size() <= 8 ? ids.join(QLatin1Char(','))
                                : ids.mid(0, 8).join(QLatin1Char(',')) + QStringLiteral(",… (%1)").arg(ids.size())));
}

void refused(const CallerRecord &caller, const QString &what, const QString &why)
{
    log(QStringLiteral("refused: %1 %2: %3").arg(callerText(caller), what, printable(why.toUtf8(), 300)));
}

void result(const CallerRecord &caller, const HelperRequest &request, const TargetResult &r, const QString &targetText)
{
    log(QStringLiteral("result: %1 %2 target=%3 %4 status=%5: %6")
            .arg(callerText(caller), requestText(request), r.target.toQString(), targetText, statusName(r.status),
                printable(r.message.toUtf8(), 300)));
}

} // namespace ptriage::helper::audit
