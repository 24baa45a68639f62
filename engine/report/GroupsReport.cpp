#include "EngineLabels.h"
#include "JsonWriter.h"
#include "ScanReport.h"
#include "decide/groups/GroupPlan.h"
#include "util/Format.h"
#include "util/TerminalText.h"

#include <QDateTime>

#include <algorithm>

namespace ptriage {
namespace {

std::string sayGroups(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("GroupsReport", source, std::move(args)).translated();
}

constexpr std::size_t kMembersListed = 12;

bool shown(const GroupSummary &g, bool all, const std::vector<int> *only)
{
    if (only)
        return std::find(only->begin(), only->end(), g.group) != only->end();
    return all || g.leftovers > 0;
}

std::string portsText(const std::vector<int> &ports)
{
    std::string out;
    for (int p : ports)
        out += (out.empty() ? "" : ", ") + std::to_string(p);
    return out;
}

void writeMember(JsonWriter &w, const TriageResult &r, int i, const Phrase &leftOut)
{
    const ProcessView p = r.process(i);
    w.beginObject();
    w.key("start_id").value(p.identity().toString());
    w.key("pid").value(p.identity().pid);
    w.key("ppid").value(p.sample().ppid);
    w.key("comm").value(p.sample().comm);
    w.key("name").value(p.facts().name);
    w.key("cmdline").stringArray(p.sample().details ? p.sample().details->cmdline : std::vector<std::string>{});
    w.key("rss_bytes").value(static_cast<long long>(p.sample().rssBytes));
    w.key("action").value(jsonName(p.recommendation().action));
    w.key("review").value(p.recommendation().review);
    w.key("triage_score").value(p.recommendation().score);
    w.key("p_abandoned").value(p.posterior().probability[static_cast<std::size_t>(ProcessClass::Abandoned)], 4);
    w.key("ended_with_group").value(leftOut.empty());
    if (leftOut.empty())
        w.key("left_out_because").null();
    else
        w.key("left_out_because").value(leftOut.english());
    w.endObject();
}

} // namespace

std::string groupsJson(const TriageResult &r, const GroupsReportOptions &options)
{
    JsonWriter w(options.pretty);
    w.beginObject();
    w.key("schema").value("ptriage.groups.v1");
    w.key("boot_id").value(r.snapshot->system.bootId.toString());
    w.key("process_count").value(r.size());
    w.key("group_count").value(static_cast<int>(r.groups.size()));
    w.key("groups").beginArray();
    std::size_t listed = 0;
    std::size_t leftOff = 0;
    for (const GroupSummary &g : summarizeGroups(r)) {
        if (!shown(g, options.all, options.only))
            continue;
        if (options.limit > 0 && listed == options.limit) {
            ++leftOff;
            continue;
        }
        ++listed;
        const OriginGroup &group = r.groups[static_cast<std::size_t>(g.group)];
        w.beginObject();
        w.key("origin");
        writeOrigin(w, r, group.members.front());
        w.key("members_count").value(g.members);
        w.key("rss_bytes").value(static_cast<long long>(g.rssBytes));
        w.key("cpu_share").value(g.cpuShare, 4);
        w.key("ports").beginArray();
        for (int port : g.ports)
            w.value(port);
        w.endArray();
        if (g.strongest < 0)
            w.key("strongest").null();
        else
            w.key("strongest").value(r.identityOf(g.strongest).toString());
        w.key("leftovers").value(g.leftovers);
        w.key("leftover_rss_bytes").value(static_cast<long long>(g.leftoverRssBytes));
        w.key("members").beginArray();
        std::size_t written = 0;
        for (int i : group.members) {
            if (options.memberLimit > 0 && written == options.memberLimit)
                break;
            writeMember(w, r, i, whyLeftOut(r, i));
            ++written;
        }
        w.endArray();
        if (options.memberLimit > 0)
            w.key("members_left_off").value(static_cast<long long>(group.members.size() - written));
        w.endObject();
    }
    w.endArray();
    if (options.more)
        options.more(w);
    if (options.limit > 0)
        w.key("left_off").value(static_cast<long long>(leftOff));
    w.endObject();
    return w.str() + '\n';
}

std::string endPlanJson(const TriageResult &r, const GroupPlan &plan, std::size_t memberLimit, bool pretty)
{
    JsonWriter w(pretty);
    w.beginObject();
    w.key("schema").value("ptriage.end_plan.v1");
    w.key("boot_id").value(r.snapshot->system.bootId.toString());
    if (plan.group < 0)
        w.key("origin").null();
    else
        writeOrigin(w.key("origin"), r, r.group(plan.group).members.front());
    std::uint64_t rss = 0;
    for (int i : plan.end)
        rss += r.process(i).sample().rssBytes;
    w.key("members_count").value(static_cast<long long>(plan.end.size() + plan.leftOut.size()));
    w.key("leftovers").value(static_cast<long long>(plan.end.size()));
    w.key("leftover_rss_bytes").value(static_cast<long long>(rss));
    // What it ends first, then what it leaves out: a cut list never hides one it would end before one it would not.
    w.key("members").beginArray();
    std::size_t listed = 0;
    const auto room = [&] { return memberLimit == 0 || listed < memberLimit; };
    for (int i : plan.end)
        if (room()) {
            ++listed;
            writeMember(w, r, i, {});
        }
    for (const auto &[i, why] : plan.leftOut)
        if (room()) {
            ++listed;
            writeMember(w, r, i, why);
        }
    w.endArray();
    if (memberLimit > 0)
        w.key("members_left_off").value(static_cast<long long>(plan.end.size() + plan.leftOut.size() - listed));
    w.key("gone").beginArray();
    for (const ProcessIdentity &id : plan.gone)
        w.value(id.toString());
    w.endArray();
    w.endObject();
    return w.str() + '\n';
}

std::string groupsText(const TriageResult &r, bool all, const std::vector<int> *only, std::size_t width)
{
    const std::vector<GroupSummary> groups = summarizeGroups(r);
    int withLeftovers = 0;
    for (const GroupSummary &g : groups)
        withLeftovers += g.leftovers > 0 ? 1 : 0;
    std::string out = only
        ? std::string()
        : sayGroups(
              QT_TRANSLATE_NOOP("GroupsReport", "ptriage: %1 processes from %2 origins; %3 left processes behind"),
              {std::to_string(r.size()), std::to_string(groups.size()), std::to_string(withLeftovers)})
            + '\n';
    for (const GroupSummary &g : groups) {
        if (!shown(g, all, only))
            continue;
        const OriginGroup &group = r.groups[static_cast<std::size_t>(g.group)];
        const ProcessOrigin &o = r.process(group.members.front()).origin();
        std::string head = originPhrase(o).translated() + " — " + ownerPhrase(o, r.snapshot->capturedAtMs).translated();
        if (!o.projectLabel.empty())
            head += " · " + sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "project %1"), {o.projectLabel});
        out += '\n' + forTerminal(head) + '\n';
        const std::string members = g.members == 1
            ? sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "1 process"))
            : sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "%1 processes"), {std::to_string(g.members)});
        std::string line = sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "%1, %2 to end · %3 · CPU %4"),
            {members, std::to_string(g.leftovers), formatBytes(static_cast<double>(g.rssBytes)),
                formatPercent(g.cpuShare)});
        if (!g.ports.empty())
            line += " · " + sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "ports %1"), {portsText(g.ports)});
        out += "  " + line + '\n';
        int listed = 0;
        for (int i : group.members) {
            if (++listed > static_cast<int>(kMembersListed)) {
                out += "    "
                    + sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "… and %1 more (--json lists every member)"),
                        {std::to_string(group.members.size() - kMembersListed)})
                    + '\n';
                break;
            }
            const ProcessView p = r.process(i);
            const Phrase why = whyLeftOut(r, i);
            const std::string verdict = why.empty()
                ? sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "end (%1, score %2)"),
                    {word(p.recommendation().action), std::to_string(p.recommendation().score)})
                : sayGroups(QT_TRANSLATE_NOOP("GroupsReport", "left out: %1"), {why});
            char pid[16];
            std::snprintf(pid, sizeof pid, "%7d", p.identity().pid);
            constexpr std::size_t kMemberPrefix = 13; // "    " and the pid's 7 columns, then two spaces
            const std::size_t room = width > kMemberPrefix + 12 ? width - kMemberPrefix : 0;
            out += std::string("    ") + pid + "  " + cutColumns(forTerminal(printableCommandLine(p.sample())), room)
                + "\n             " + forTerminal(verdict) + '\n';
        }
    }
    return out;
}

} // namespace ptriage
