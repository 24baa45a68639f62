#include "ActionRules.h"

#include <algorithm>

namespace ptriage {
namespace {

bool isUndoing(ActVerb verb)
{
    return verb == ActVerb::Resume || verb == ActVerb::Thaw || verb == ActVerb::Unthrottle
        || verb == ActVerb::Unquarantine;
}

bool isStopped(char state)
{
    return state == 'T' || state == 't';
}

// The parent that ends a zombie, or why there is none to offer.
struct ZombieParent {
    const Sample *parent = nullptr;
    Phrase whyNot;
};

ZombieParent zombieParent(const TriageResult &r, const Sample &zombie)
{
    if (zombie.ppid <= 1)
        return {nullptr,
            Phrase(
                "Action", QT_TRANSLATE_NOOP("Action", "its parent is init (pid 1), which reaps it: nothing to end"))};
    const Sample *parent = r.snapshot->byPid(zombie.ppid);
    if (!parent)
        return {nullptr,
            Phrase("Action", QT_TRANSLATE_NOOP("Action", "its parent (pid %1) is gone or was not read"),
                {std::to_string(zombie.ppid)})};
    return {parent, {}};
}

int indexOf(const TriageResult &r, const Sample *s)
{
    return s ? static_cast<int>(s - r.snapshot->processes.data()) : -1;
}

} // namespace

ActedOn actedOn(const std::vector<ActionJournal::Entry> &undoable, const ProcessIdentity &id, const Machine &machine)
{
    ActedOn out;
    for (const auto &e : undoable)
        if (e.target == id && e.machine == machine && !e.undoing && e.verb == ActVerb::Freeze)
            out.frozen = true;
    return out;
}

std::vector<Phrase> hardBlocks(const ActRequest &request, const TriageResult &r, int index)
{
    std::vector<Phrase> out;
    const ProcessView p = r.process(index);
    const Sample &s = p.sample();
    if (request.verb == ActVerb::Reap) {
        if (s.state != 'Z')
            out.emplace_back(
                "Action", QT_TRANSLATE_NOOP("Action", "not a zombie: there is nothing for its parent to collect"));
        return out;
    }
    if (!p.facts().protectedReason.empty() && !isUndoing(request.verb))
        out.emplace_back(
            "Action", QT_TRANSLATE_NOOP("Action", "protected: %1"), std::vector<Phrase>{p.facts().protectedReason});
    if (s.state == 'Z')
        out.emplace_back("Action",
            QT_TRANSLATE_NOOP(
                "Action", "a zombie has already ended and cannot be signalled: act on its parent (pid %1) instead"),
            std::vector<Phrase>{std::to_string(s.ppid)});
    if (endsProcesses(request)) {
        if (s.state == 'D')
            out.emplace_back("Action",
                QT_TRANSLATE_NOOP(
                    "Action", "in uninterruptible sleep (D state): a signal is not delivered until its I/O completes"));
        for (const auto &c : p.facts().criticalFiles)
            out.emplace_back("Action",
                QT_TRANSLATE_NOOP("Action", "has %1 open for writing (%2): ending it may corrupt that file"),
                std::vector<Phrase>{c.path, c.hint});
    }
    return out;
}

VettedRequest vetRequest(const ActRequest &request, const TriageResult &context)
{
    VettedRequest out{request, {}};
    out.request.targets.clear();
    for (const ProcessIdentity &id : request.targets) {
        VettedTarget t{id, id, -1, {}, {}};
        const Sample *s = context.snapshot->byIdentity(id);
        if (s && s->state == 'Z' && (request.verb == ActVerb::End || request.verb == ActVerb::Kill)) {
            const ZombieParent zp = zombieParent(context, *s);
            if (zp.parent) {
                t.instead = Phrase("Action",
                    QT_TRANSLATE_NOOP("Action",
                        "%1 (pid %2) is a zombie: it has ended and cannot be signalled; its parent %3 (pid %4) is "
                        "acted on instead, which removes the zombie"),
                    {s->comm, std::to_string(s->id.pid), zp.parent->comm, std::to_string(zp.parent->id.pid)});
                t.target = zp.parent->id;
                s = zp.parent;
            } else {
                t.index = indexOf(context, s);
                t.blocks.push_back(Phrase("Action",
                    QT_TRANSLATE_NOOP("Action", "a zombie has already ended and cannot be signalled: %1"),
                    {zp.whyNot}));
                out.targets.push_back(std::move(t));
                continue;
            }
        }
        t.index = indexOf(context, s);
        if (t.index < 0)
            t.blocks.push_back(Phrase(
                "Action", QT_TRANSLATE_NOOP("Action", "gone, or its PID now names another process: left alone")));
        else
            t.blocks = hardBlocks(request, context, t.index);
        const bool repeated
            = std::find(out.request.targets.begin(), out.request.targets.end(), t.target) != out.request.targets.end();
        if (t.goes() && !repeated)
            out.request.targets.push_back(t.target);
        out.targets.push_back(std::move(t));
    }
    return out;
}

std::vector<OfferedAction> offeredActions(const ProcessView &process, const ActedOn &acted)
{
    const Sample &s = process.sample();
    const Recommendation &rec = process.recommendation();
    std::vector<ActVerb> verbs;
    if (s.state == 'Z') {
        verbs = {ActVerb::Reap, ActVerb::End}; // End: its parent
    } else {
        verbs = {ActVerb::End, ActVerb::Kill, isStopped(s.state) ? ActVerb::Resume : ActVerb::Pause,
            acted.frozen ? ActVerb::Thaw : ActVerb::Freeze, ActVerb::Throttle};
        if (process.reniceTo()) // renicing only lowers a priority: nothing below nice 19
            verbs.push_back(ActVerb::Renice);
        verbs.push_back(ActVerb::Quarantine);
    }
    // End is how a recommended kill is offered; a zombie's recommendation is about its parent.
    const auto recommended = [&](ActVerb v) {
        if (s.state == 'Z')
            return v == (rec.parentAction == ParentAction::End ? ActVerb::End : ActVerb::Reap);
        return v != ActVerb::Kill && rec.action != RecommendedAction::Keep && recommendedActionOf(v) == rec.action;
    };
    std::stable_partition(verbs.begin(), verbs.end(), recommended);
    std::vector<OfferedAction> out;
    for (const ActVerb v : verbs) {
        ActRequest one;
        one.verb = v;
        one.targets = {process.identity()};
        VettedRequest vetted = vetRequest(one, process.result());
        out.push_back({v, recommended(v), std::move(vetted.targets.front().blocks)});
    }
    return out;
}

bool takesSignals(const ProcessView &process)
{
    return process.sample().state != 'Z';
}

} // namespace ptriage
