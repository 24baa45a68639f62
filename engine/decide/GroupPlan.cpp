#include "GroupPlan.h"

#include <algorithm>

namespace ptriage {

namespace {

Phrase said(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("GroupPlan", source, std::move(args));
}

} // namespace

Phrase whyLeftOut(const TriageResult &result, int index)
{
    const ProcessView p = result.process(index);
    const Recommendation &r = p.recommendation();
    const char state = p.sample().state;
    if (state == 'Z')
        return said(QT_TRANSLATE_NOOP("GroupPlan", "a zombie: only its parent can reap it"));
    if (state == 'D')
        return said(QT_TRANSLATE_NOOP("GroupPlan", "waiting in the kernel (D state): a signal would not reach it"));
    if (p.tooYoungToJudge())
        return said(
            QT_TRANSLATE_NOOP("GroupPlan", "too young to judge (%1 old)"), {Phrase::duration(p.facts().ageSeconds)});
    if (!p.facts().protectedReason.empty())
        return said(QT_TRANSLATE_NOOP("GroupPlan", "protected: %1"), {p.facts().protectedReason});
    const auto kill = static_cast<std::size_t>(RecommendedAction::Kill);
    if (!r.allowed[kill])
        return r.blockedBy.empty() ? said(QT_TRANSLATE_NOOP("GroupPlan", "ending it is not allowed"))
                                   : said(QT_TRANSLATE_NOOP("GroupPlan", "blocked: %1"), {r.blockedBy.front()});
    if (r.action != RecommendedAction::Kill || !r.candidate) {
        if (r.review)
            return said(
                QT_TRANSLATE_NOOP("GroupPlan", "probably left behind, but not sure enough to end it: look at it"));
        return said(QT_TRANSLATE_NOOP("GroupPlan", "its own verdict is %1: it looks in use"), {word(r.action)});
    }
    return {};
}

GroupSummary summarizeGroup(const TriageResult &result, int group)
{
    GroupSummary g;
    g.group = group;
    const OriginGroup &members = result.groups[static_cast<std::size_t>(group)];
    g.members = static_cast<int>(members.members.size());
    int best = -1;
    for (int i : members.members) {
        const ProcessView p = result.process(i);
        g.rssBytes += p.sample().rssBytes;
        g.cpuShare += p.sample().cpuShare.value_or(0);
        g.ports.insert(g.ports.end(), p.facts().listenPorts.begin(), p.facts().listenPorts.end());
        const Recommendation &r = p.recommendation();
        if (r.candidate && r.score > best) {
            best = r.score;
            g.strongest = i;
        }
        if (whyLeftOut(result, i).empty()) {
            ++g.leftovers;
            g.leftoverRssBytes += p.sample().rssBytes;
        }
    }
    std::sort(g.ports.begin(), g.ports.end());
    g.ports.erase(std::unique(g.ports.begin(), g.ports.end()), g.ports.end());
    return g;
}

std::vector<GroupSummary> summarizeGroups(const TriageResult &result)
{
    std::vector<GroupSummary> all;
    all.reserve(result.groups.size());
    for (std::size_t g = 0; g < result.groups.size(); ++g)
        all.push_back(summarizeGroup(result, static_cast<int>(g)));
    auto score = [&](const GroupSummary &g) {
        return g.strongest < 0 ? -1 : result.recommendations[static_cast<std::size_t>(g.strongest)].score;
    };
    std::stable_sort(all.begin(), all.end(), [&](const GroupSummary &a, const GroupSummary &b) {
        if (a.leftoverRssBytes != b.leftoverRssBytes)
            return a.leftoverRssBytes > b.leftoverRssBytes;
        return score(a) > score(b);
    });
    return all;
}

GroupPlan planGroupEnd(const TriageResult &result, int group)
{
    GroupPlan plan;
    plan.group = group;
    for (int i : result.groups[static_cast<std::size_t>(group)].members) {
        Phrase why = whyLeftOut(result, i);
        if (why.empty())
            plan.end.push_back(i);
        else
            plan.leftOut.emplace_back(i, std::move(why));
    }
    return plan;
}

} // namespace ptriage
