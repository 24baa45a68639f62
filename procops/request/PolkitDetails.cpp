#include "procops/request/PolkitDetails.h"

#include <QStringList>

#include <algorithm>

namespace ptriage::procops {
namespace {

QString cpuText(const QList<int> &cpus)
{
    QStringList parts;
    for (int c : cpus)
        parts.append(QString::number(c));
    return parts.join(QLatin1Char(','));
}

} // namespace

// What will happen, as the dialog's "Authentication is required to $(action) $(target)" says it.
QString actionPhrase(const HelperRequest &r)
{
    switch (r.verb) {
    case Verb::Signal:
        if (r.signal == QLatin1String("CONT"))
            return QStringLiteral("resume (send the signal CONT to)");
        return QStringLiteral("send the signal %1 to%2")
            .arg(r.signal, r.processGroup ? QStringLiteral(" the process group of") : QString());
    case Verb::Freeze:
        return QStringLiteral("freeze");
    case Verb::Thaw:
        return QStringLiteral("thaw");
    case Verb::Throttle:
        return QStringLiteral("limit to %1 % of one CPU").arg(r.quotaPercent);
    case Verb::Unthrottle:
        return QStringLiteral("lift the CPU limit of");
    case Verb::Renice:
        return QStringLiteral("set the nice value %1 on").arg(r.nice);
    case Verb::Quarantine:
        return QStringLiteral("confine to CPUs %1").arg(cpuText(r.cpus));
    case Verb::Unquarantine:
        return QStringLiteral("allow CPUs %1 again to").arg(cpuText(r.cpus));
    }
    return verbName(r.verb);
}

// The targets of one owner, as polkit sees them: the dialog's text and what rules may read.
QMap<QString, QString> polkitDetails(const HelperRequest &r, const QList<TargetDescription> &targets)
{
    const TargetDescription &first = targets.first();
    QStringList texts, pids, ids;
    for (const TargetDescription &t : targets) {
        if (texts.size() < 3)
            texts.append(t.text());
        pids.append(QString::number(t.id.pid));
        ids.append(t.id.toQString());
    }
    QString target = texts.join(QStringLiteral(", "));
    if (targets.size() > texts.size())
        target += QStringLiteral(" and %1 more of user %2").arg(targets.size() - texts.size()).arg(first.user);
    return {
        {QStringLiteral("verb"), verbName(r.verb)},
        {QStringLiteral("action"), actionPhrase(r)},
        {QStringLiteral("target"), target},
        {QStringLiteral("target_user"), first.user},
        {QStringLiteral("target_uid"), first.running ? QString::number(first.uid) : QString()},
        {QStringLiteral("target_command"), first.command},
        {QStringLiteral("target_pids"), pids.join(QLatin1Char(','))},
        {QStringLiteral("target_identities"), ids.join(QLatin1Char(','))},
        {QStringLiteral("target_count"), QString::number(targets.size())},
    };
}

QList<QList<TargetDescription>> groupByOwner(const QList<TargetDescription> &targets)
{
    QList<QList<TargetDescription>> byOwner;
    for (const TargetDescription &d : targets) {
        auto group = std::find_if(
            byOwner.begin(), byOwner.end(), [&](const QList<TargetDescription> &g) { return g.first().uid == d.uid; });
        if (group == byOwner.end())
            byOwner.append({d});
        else
            group->append(d);
    }
    return byOwner;
}

QString promptMessage(const HelperRequest &r, const QList<QList<TargetDescription>> &byOwner)
{
    QStringList clauses;
    for (const QList<TargetDescription> &owner : byOwner)
        clauses.append(polkitDetails(r, owner).value(QStringLiteral("target")));
    return QStringLiteral("Authentication is required to %1 %2")
        .arg(actionPhrase(r), clauses.join(QStringLiteral("; ")));
}

} // namespace ptriage::procops
