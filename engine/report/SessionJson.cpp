#include "SessionReport.h"

#include "report/JsonWriter.h"

#include <QDateTime>

namespace ptriage {
namespace {

void optionalReal(JsonWriter &w, const std::optional<double> &v, int precision)
{
    if (v)
        w.value(*v, precision);
    else
        w.null();
}

void writeInfo(JsonWriter &w, const SessionInfo &i)
{
    w.beginObject();
    w.key("id").value(i.id);
    w.key("at").value(isoTimeOf(i.atMs));
    w.key("at_ms").value(static_cast<long long>(i.atMs));
    w.key("host").value(i.host);
    w.key("ssh_host").value(i.sshHost); // '': this machine
    w.key("boot_id").value(i.bootId.toString());
    w.key("kernel").value(i.kernel);
    w.key("process_count").value(i.processCount);
    w.key("candidate_count").value(i.candidateCount);
    w.key("rss_bytes").value(static_cast<long long>(i.rssBytes));
    w.key("mem_total_bytes").value(static_cast<long long>(i.memTotalBytes));
    w.key("mem_available_bytes").value(static_cast<long long>(i.memAvailableBytes));
    optionalReal(w.key("mem_pressure_some"), i.memPressureSome, 3);
    optionalReal(w.key("mem_pressure_full"), i.memPressureFull, 3);
    w.endObject();
}

void writeSide(JsonWriter &w, const SessionProcess *p, const SessionInfo &info)
{
    if (!p) {
        w.null();
        return;
    }
    w.beginObject();
    w.key("ppid").value(p->ppid);
    if (p->parentStartTicks && info.bootId != BootId{})
        w.key("parent_start_id").value(ProcessIdentity{info.bootId, p->parentStartTicks, p->ppid}.toString());
    else
        w.key("parent_start_id").null();
    w.key("orphaned").value(p->orphaned);
    w.key("state").value(std::string_view(&p->state, 1));
    w.key("classification").value(jsonName(p->classification));
    w.key("p_abandoned").value(p->posterior[static_cast<std::size_t>(ProcessClass::Abandoned)], 6);
    w.key("action").value(jsonName(p->action));
    w.key("review").value(p->review);
    w.key("triage_score").value(p->score);
    w.key("risk").value(jsonName(p->risk));
    w.key("rss_bytes").value(static_cast<long long>(p->rssBytes));
    w.key("cpu_seconds")
        .value(static_cast<double>(p->cpuTicks) / static_cast<double>(info.clockTicks > 0 ? info.clockTicks : 100), 3);
    w.key("age_seconds").value(p->ageSeconds, 9);
    if (p->origin.known()) {
        w.key("origin").value(p->origin.description);
        w.key("owner").value(p->origin.owner);
        w.key("project").value(p->origin.project);
    } else {
        w.key("origin").null();
        w.key("owner").null();
        w.key("project").null();
    }
    w.endObject();
}

} // namespace

std::string isoTimeOf(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms)
        .toOffsetFromUtc(QDateTime::currentDateTime().offsetFromUtc())
        .toString(Qt::ISODate)
        .toStdString();
}

std::string sessionsJson(const std::vector<SessionInfo> &sessions)
{
    JsonWriter w(true);
    w.beginObject();
    w.key("schema").value("ptriage.sessions.v1");
    w.key("sessions").beginArray();
    for (const auto &i : sessions)
        writeInfo(w, i);
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

std::string diffJson(const SessionDiff &d, bool includeStable, const std::vector<SessionAction> &actions)
{
    JsonWriter w(true);
    w.beginObject();
    w.key("schema").value("ptriage.diff.v1");
    w.key("before");
    writeInfo(w, d.before->info);
    w.key("after");
    writeInfo(w, d.after->info);
    w.key("cross_boot").value(d.crossBoot);
    w.key("compared_by").value(d.crossBoot ? "command_and_origin" : "identity");
    w.key("counts").beginObject();
    for (int t = 0; t < kTransitionCount; ++t)
        w.key(jsonName(static_cast<Transition>(t))).value(d.counts[static_cast<std::size_t>(t)]);
    w.endObject();
    w.key("entries").beginArray();
    for (const auto &e : d.entries) {
        if (e.transition == Transition::Stable && !includeStable)
            continue;
        const SessionProcess *p = e.after ? e.after : e.before;
        w.beginObject();
        w.key("transition").value(jsonName(e.transition));
        if (d.crossBoot) {
            w.key("start_id").null();
            w.key("pid").null();
            w.key("key").value(e.key);
            w.key("count_before").value(e.countBefore);
            w.key("count_after").value(e.countAfter);
        } else {
            w.key("start_id").value(e.identity.toString());
            w.key("pid").value(e.identity.pid);
            w.key("key").null();
        }
        w.key("comm").value(p ? p->comm : std::string());
        w.key("command").value(p ? p->commandLine() : std::string());
        w.key("before");
        writeSide(w, e.before, d.before->info);
        w.key("after");
        writeSide(w, e.after, d.after->info);
        w.key("rss_growth_bytes").value(e.rssGrowthBytes);
        w.key("cpu_growth_seconds").value(e.cpuGrowthSeconds, 3);
        w.endObject();
    }
    w.endArray();
    w.key("actions").beginArray();
    for (const auto &a : actions) {
        w.beginObject();
        w.key("id").value(a.id);
        w.key("at").value(isoTimeOf(a.atMs));
        w.key("at_ms").value(a.atMs);
        w.key("verb").value(a.verb);
        w.key("target").value(a.target);
        w.key("command").value(a.command);
        w.key("status").value(a.status);
        w.key("message").value(a.message);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

std::string accumulationJson(const Accumulation &acc)
{
    JsonWriter w(true);
    w.beginObject();
    w.key("schema").value("ptriage.accumulation.v1");
    w.key("sessions").beginArray();
    for (const auto &i : acc.sessions)
        writeInfo(w, i);
    w.endArray();
    w.key("span_hours").value(acc.spanHours, 4);
    w.key("origins").beginArray();
    for (const auto &r : acc.rows) {
        w.beginObject();
        w.key("command").value(r.origin.command);
        w.key("parent").value(r.origin.parent);
        w.key("parent_gone").value(r.parentGone);
        w.key("unit").value(r.origin.unit);
        w.key("project").value(r.origin.project);
        w.key("terminal").value(r.origin.terminal);
        w.key("started_by").value(r.origin.startedBy);
        w.key("owner_gone").value(r.ownerGone);
        w.key("counts").beginArray();
        for (int c : r.counts)
            w.value(c);
        w.endArray();
        w.key("growth_per_hour").value(r.growthPerHour, 6);
        w.key("share_of_total").value(r.shareOfTotal, 4);
        w.key("rss_bytes").value(static_cast<long long>(r.rssBytes));
        if (r.oldest.isValid()) {
            w.key("oldest_start_id").value(r.oldest.toString());
            w.key("oldest_age_seconds").value(r.oldestAgeSeconds, 9);
        } else {
            w.key("oldest_start_id").null();
            w.key("oldest_age_seconds").null();
        }
        w.key("examples").beginArray();
        for (const auto &e : r.examples)
            w.value(e.toString());
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

std::string hostAccumulationJson(const HostAccumulation &acc)
{
    JsonWriter w(true);
    w.beginObject();
    w.key("schema").value("ptriage.accumulation-hosts.v1");
    w.key("machines").beginArray();
    for (const auto &m : acc.machines) {
        w.beginObject();
        w.key("ssh_host").value(m.host);
        w.key("sessions").value(m.sessions);
        w.key("first_at_ms").value(static_cast<long long>(m.firstMs));
        w.key("last_at_ms").value(static_cast<long long>(m.lastMs));
        w.endObject();
    }
    w.endArray();
    w.key("rows").beginArray();
    for (const auto &r : acc.rows) {
        w.beginObject();
        w.key("command").value(r.command);
        w.key("processes").value(r.processes());
        w.key("left_behind").value(r.leftBehind());
        w.key("hosts").beginArray();
        for (const HostCount &h : r.hosts) {
            w.beginObject();
            w.key("ssh_host").value(h.host);
            w.key("processes").value(h.processes);
            w.key("left_behind").value(h.leftBehind);
            w.key("rss_bytes").value(static_cast<long long>(h.rssBytes));
            w.key("growth_per_hour").value(h.growthPerHour, 3);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

} // namespace ptriage
