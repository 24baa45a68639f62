#include "UndoOf.h"

#include "procops/request/HelperRequest.h"

namespace ptriage {

QVariantMap undoOf(ActVerb verb, const QVariantMap &journaled, QString *why)
{
    using namespace procops;
    QVariantMap inverse;
    // The keys whose values the journal supplies (what the action replaced); the rest is fixed here.
    QStringList values;
    switch (verb) {
    case ActVerb::Pause:
    case ActVerb::Signal: // only a STOP is journaled with an undo
        inverse.insert(field::verb, verbName(Verb::Signal));
        inverse.insert(field::signal, QStringLiteral("CONT"));
        if (journaled.contains(field::processGroup))
            values << field::processGroup;
        break;
    case ActVerb::Freeze:
        inverse.insert(field::verb, verbName(Verb::Thaw));
        break;
    case ActVerb::Thaw:
        inverse.insert(field::verb, verbName(Verb::Freeze));
        break;
    case ActVerb::Throttle:
        inverse.insert(field::verb, verbName(Verb::Unthrottle));
        break;
    case ActVerb::Renice:
        inverse.insert(field::verb, verbName(Verb::Renice));
        values << field::nice;
        break;
    case ActVerb::Quarantine:
        inverse.insert(field::verb, verbName(Verb::Unquarantine));
        values << field::affinity;
        break;
    case ActVerb::Unquarantine:
        inverse.insert(field::verb, verbName(Verb::Quarantine));
        values << field::cpus;
        break;
    default:
        *why = QStringLiteral("%1 has no undo").arg(QLatin1String(actVerbName(verb)));
        return {};
    }
    for (const QString &key : values)
        inverse.insert(key, journaled.value(key));
    // Same keys, same verb and signal: the values copied above are checked by the request decoder.
    if (journaled.keys() != inverse.keys() || journaled.value(field::verb) != inverse.value(field::verb)
        || journaled.value(field::signal) != inverse.value(field::signal)
        || (inverse.contains(field::processGroup) && journaled.value(field::processGroup) != QVariant(true))) {
        *why = QStringLiteral("its journaled undo is not the inverse of %1 (the journal was changed outside "
                              "ptriage?); nothing was done")
                   .arg(QLatin1String(actVerbName(verb)));
        return {};
    }
    return inverse;
}

} // namespace ptriage
