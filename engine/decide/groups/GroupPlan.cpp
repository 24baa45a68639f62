#include "GroupPlan.h"

#include "infer/ProcessOrigin.h"

#include <algorithm>

namespace ptriage {

namespace {

Phrase groupSaid(const char *source, std::vector<Phrase> args = {})
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
        return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "a zombie: only its parent can reap it"));
    if (state == 'D')
        return groupSaid(
            QT_TRANSLATE_NOOP("GroupPlan", "waiting in the kernel (D state): a signal would not reach it"));
    if (p.tooYoungToJudge())
        return groupSaid(
            QT_TRANSLATE_NOOP("GroupPlan", "too young to judge (%1 old)"), {Phrase::duration(p.facts().ageSeconds)});
    if (!p.facts().protectedReason.empty())
        return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "protected: %1"), {p.facts().protectedReason});
    const auto kill = static_cast<std::size_t>(RecommendedAction::Kill);
    if (!r.allowed[kill]) {
        if (!r.blockedBy.empty())
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "blocked: %1"), {r.blockedBy.front()});
        // A process kept anyway reports no gate (none held it back): the gate said from its facts.
        const ProcessFacts &f = p.facts();
        const std::string port = f.listeners.empty() ? std::string() : f.listeners.front();
        if (f.clients == 1)
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "in use: a client is connected to %1"), {port});
        if (f.clients > 1)
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "in use: %1 clients are connected to %2"),
                {std::to_string(f.clients), port});
        if (f.connectionsServed > 0)
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "in use: it carries a client's connection"));
        if (f.servedRecently())
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "in use: clients used %1 within the last minute"), {port});
        if (f.servingDescendant >= 0)
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "in use: a process under it serves clients"));
        if (f.workingDescendant >= 0)
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "in use: a process under it is at work"));
        if (!f.criticalFiles.empty())
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "it holds %1 (%2)"),
                {f.criticalFiles.front().path, f.criticalFiles.front().hint});
        if (f.supervisorKind != SupervisorKind::None)
            return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "%1 may restart it"), {f.supervisor});
        return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "ending it is not allowed"));
    }
    if (r.action != RecommendedAction::Kill || !r.candidate) {
        if (r.review)
            return groupSaid(
                QT_TRANSLATE_NOOP("GroupPlan", "probably left behind, but not sure enough to end it: look at it"));
        return groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "its own verdict is %1: it looks in use"), {word(r.action)});
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

GroupPlan planEndOf(const TriageResult &result, const std::vector<ProcessIdentity> &chosen)
{
    GroupPlan plan;
    std::vector<ProcessIdentity> seen;
    for (const ProcessIdentity &id : chosen) {
        if (std::find(seen.begin(), seen.end(), id) != seen.end())
            continue;
        seen.push_back(id);
        const auto found = result.find(id); // never another process under a reused pid
        if (!found) {
            plan.gone.push_back(id);
            continue;
        }
        Phrase why = whyLeftOut(result, found->index());
        if (why.empty())
            plan.end.push_back(found->index());
        else
            plan.leftOut.emplace_back(found->index(), std::move(why));
    }
    return plan;
}

int culpritGroup(const TriageResult &result, int index, const std::vector<int> &tree)
{
    if (index < 0 || static_cast<std::size_t>(index) >= result.groupOf.size())
        return -1;
    std::uint64_t total = 0;
    std::vector<std::pair<int, std::uint64_t>> byGroup; // a culprit's tree spans a group or two
    const auto add = [&](int i) {
        const std::uint64_t rss = result.process(i).sample().rssBytes;
        const int g = result.groupOf[static_cast<std::size_t>(i)];
        total += rss;
        auto it = std::find_if(byGroup.begin(), byGroup.end(), [g](const auto &e) { return e.first == g; });
        if (it == byGroup.end())
            byGroup.emplace_back(g, rss);
        else
            it->second += rss;
    };
    add(index);
    for (int i : tree)
        add(i);
    for (const auto &[g, rss] : byGroup) {
        const OriginGroup &group = result.groups[static_cast<std::size_t>(g)];
        // A group of one is named as its process: a group is the culprit when it is several.
        if (2 * rss > total && group.members.size() > 1
            && origins::ownerGone(result.process(group.members.front()).origin().owner))
            return g;
    }
    return -1;
}

GroupCulprit groupCulprit(const TriageResult &result, int group)
{
    const GroupSummary summary = summarizeGroup(result, group);
    const ProcessOrigin &o = result.process(result.groups[static_cast<std::size_t>(group)].members.front()).origin();
    GroupCulprit c;
    c.group = group;
    c.members = summary.members;
    c.rssBytes = summary.rssBytes;
    Phrase who;
    using origins::OriginKind;
    switch (o.kind) {
    case OriginKind::Agent:
        who = groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "your ended %1 session"), {o.tool});
        break;
    case OriginKind::Editor:
        who = groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "your closed %1 window"), {o.tool});
        break;
    case OriginKind::Terminal:
        who = groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "your closed %1 session"), {o.tool});
        break;
    case OriginKind::TestRun:
        who = groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "a finished %1 run"), {o.tool});
        break;
    default:
        who = groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "%1, which has ended,"), {originPhrase(o)});
        break;
    }
    const Phrase processes = summary.members == 1
        ? groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "1 process"))
        : groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "%1 processes"), {std::to_string(summary.members)});
    const Phrase bytes = Phrase::bytes(static_cast<double>(summary.rssBytes));
    c.phrase = o.projectLabel.empty()
        ? groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "%1 left %2, %3"), {who, processes, bytes})
        : groupSaid(QT_TRANSLATE_NOOP("GroupPlan", "%1 in %2 left %3, %4"), {who, o.projectLabel, processes, bytes});
    return c;
}

std::vector<GroupCulprit> groupCulprits(
    const TriageResult &result, const std::vector<std::pair<int, std::vector<int>>> &culprits)
{
    std::vector<GroupCulprit> named;
    for (const auto &[index, tree] : culprits) {
        const int g = culpritGroup(result, index, tree);
        if (g >= 0 && std::none_of(named.begin(), named.end(), [g](const GroupCulprit &c) { return c.group == g; }))
            named.push_back(groupCulprit(result, g));
    }
    return named;
}

} // namespace ptriage
