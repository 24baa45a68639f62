#include "EngineLabels.h"

#include <map>

namespace ptriage {

QString EngineLabels::processClass(ProcessClass c)
{
    return tr(labelSource(c));
}

QString EngineLabels::term(const std::string &id)
{
    static const std::map<std::string, const char *> names = {
        {"prior", QT_TR_NOOP("prior")},
        {"age", QT_TR_NOOP("age")},
        {"cpu", QT_TR_NOOP("CPU now")},
        {"cpu_in_run", QT_TR_NOOP("CPU now (working for a run)")},
        {"last_ran", QT_TR_NOOP("last ran")},
        {"progress", QT_TR_NOOP("progress")},
        {"sustained_cpu", QT_TR_NOOP("CPU over its life")},
        {"io", QT_TR_NOOP("I/O")},
        {"tty", QT_TR_NOOP("terminal")},
        {"orphan", QT_TR_NOOP("parent")},
        {"orphan_interactive", QT_TR_NOOP("parent (interactive programs)")},
        {"orphan_other", QT_TR_NOOP("parent (other programs)")},
        {"tty_interactive", QT_TR_NOOP("terminal (interactive programs)")},
        {"tty_other", QT_TR_NOOP("terminal (other programs)")},
        {"intent", QT_TR_NOOP("person using it")},
        {"sockets", QT_TR_NOOP("sockets")},
        {"supervisor", QT_TR_NOOP("supervisor")},
        {"writing_files", QT_TR_NOOP("files written")},
        {"cwd_deleted", QT_TR_NOOP("working directory")},
        {"past_decisions", QT_TR_NOOP("past decisions")},
        {"leaking", QT_TR_NOOP("memory across sessions")},
        {"owner", QT_TR_NOOP("started by")},
        {"age_unknown_kind", QT_TR_NOOP("age (programs of no known kind)")},
        {"steadiness", QT_TR_NOOP("steadiness")},
        {"state", QT_TR_NOOP("state")},
        {"category", QT_TR_NOOP("kind of program")},
    };
    auto it = names.find(id);
    return it == names.end() ? QString::fromStdString(id) : tr(it->second);
}

QString EngineLabels::strength(Strength s)
{
    return tr(labelSource(s));
}

QString EngineLabels::confidence(Confidence c)
{
    return tr(labelSource(c));
}

QString EngineLabels::risk(Risk r)
{
    return tr(labelSource(r));
}

QString EngineLabels::action(RecommendedAction a)
{
    return tr(labelSource(a));
}

QString EngineLabels::recommendation(const Recommendation &rec)
{
    return recommendation(rec.action, rec.review, rec.parentAction);
}

QString EngineLabels::recommendation(RecommendedAction a, bool review, ParentAction parent)
{
    if (parent != ParentAction::None)
        return parentAction(parent);
    return review ? tr("review") : action(a);
}

QString EngineLabels::parentAction(ParentAction parent)
{
    switch (parent) {
    case ParentAction::Reap:
        return tr("ask the parent to reap (SIGCHLD)");
    case ParentAction::End:
        return tr("end the parent");
    case ParentAction::None:
        break;
    }
    return {};
}

QString EngineLabels::parentActionShort(ParentAction parent)
{
    switch (parent) {
    case ParentAction::Reap:
        return tr("reap", "a zombie's parent is asked to reap it (SIGCHLD); a narrow column");
    case ParentAction::End:
        return tr("end", "a zombie's parent is to be ended; a narrow column");
    case ParentAction::None:
        break;
    }
    return {};
}

QString EngineLabels::transition(Transition t)
{
    switch (t) {
    case Transition::Appeared:
        return tr("appeared");
    case Transition::Exited:
        return tr("exited");
    case Transition::Stable:
        return tr("unchanged");
    case Transition::NewlyOrphaned:
        return tr("newly orphaned");
    case Transition::Reparented:
        return tr("reparented");
    case Transition::ClassChanged:
        return tr("class changed");
    case Transition::RecommendationChanged:
        return tr("recommendation changed");
    }
    return {};
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

QString EngineLabels::verb(ActVerb verb)
{
    switch (verb) {
    case ActVerb::End:
        return tr("end");
    case ActVerb::Kill:
        return tr("kill");
    case ActVerb::Pause:
        return tr("pause");
    case ActVerb::Resume:
        return tr("resume");
    case ActVerb::Freeze:
        return tr("freeze");
    case ActVerb::Thaw:
        return tr("thaw");
    case ActVerb::Throttle:
        return tr("throttle");
    case ActVerb::Unthrottle:
        return tr("unthrottle");
    case ActVerb::Renice:
        return tr("renice");
    case ActVerb::Quarantine:
        return tr("quarantine");
    case ActVerb::Unquarantine:
        return tr("unquarantine");
    case ActVerb::Signal:
        return tr("signal");
    case ActVerb::Reap:
        return tr("reap");
    }
    return QString::fromLatin1(actVerbName(verb));
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
