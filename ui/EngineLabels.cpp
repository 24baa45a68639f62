#include "EngineLabels.h"

#include <cstring>
#include <map>

namespace ptriage {

QString EngineLabels::term(const std::string &id)
{
    static const std::map<std::string, const char *> names = {
        {"prior", QT_TR_NOOP("prior")},
        {"age", QT_TR_NOOP("age")},
        {"cpu", QT_TR_NOOP("CPU now")},
        {"sustained_cpu", QT_TR_NOOP("CPU over its life")},
        {"io", QT_TR_NOOP("I/O")},
        {"tty", QT_TR_NOOP("terminal")},
        {"orphan", QT_TR_NOOP("parent")},
        {"intent", QT_TR_NOOP("person using it")},
        {"sockets", QT_TR_NOOP("sockets")},
        {"supervisor", QT_TR_NOOP("supervisor")},
        {"writing_files", QT_TR_NOOP("files written")},
        {"cwd_deleted", QT_TR_NOOP("working directory")},
        {"state", QT_TR_NOOP("state")},
        {"category", QT_TR_NOOP("kind of program")},
    };
    auto it = names.find(id);
    return it == names.end() ? QString::fromStdString(id) : tr(it->second);
}

QString EngineLabels::strength(const char *strength)
{
    const std::string_view s = strength ? strength : "";
    if (s == "decisive")
        return tr("decisive");
    if (s == "strong")
        return tr("strong");
    if (s == "substantial")
        return tr("substantial");
    return tr("weak");
}

QString EngineLabels::confidence(const char *confidence)
{
    const std::string_view c = confidence ? confidence : "";
    if (c == "very_high")
        return tr("very high");
    if (c == "high")
        return tr("high");
    if (c == "medium")
        return tr("medium");
    return tr("low");
}

QString EngineLabels::actStatus(ActStatus status)
{
    switch (status) {
    case ActStatus::Done:
        return tr("done");
    case ActStatus::NoSuchProcess:
        return tr("no such process");
    case ActStatus::IdentityChanged:
        return tr("identity changed");
    case ActStatus::Refused:
        return tr("refused");
    case ActStatus::Failed:
        return tr("failed");
    case ActStatus::NotAuthorized:
        return tr("not authorized");
    case ActStatus::Cancelled:
        return tr("cancelled");
    }
    return QString::fromLatin1(actStatusName(status));
}

QString EngineLabels::mark(ActVerb verb)
{
    switch (verb) {
    case ActVerb::Pause:
        return tr("paused");
    case ActVerb::Freeze:
        return tr("frozen");
    case ActVerb::Throttle:
        return tr("throttled");
    case ActVerb::Renice:
        return tr("reniced");
    case ActVerb::Quarantine:
        return tr("quarantined");
    default:
        return QString::fromLatin1(actVerbName(verb));
    }
}

} // namespace ptriage
