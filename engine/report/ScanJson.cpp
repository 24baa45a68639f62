#include "JsonWriter.h"
#include "ScanReport.h"
#include "util/Parallel.h"

#include <QDateTime>

namespace ptriage {
namespace {

std::string isoTime(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms)
        .toOffsetFromUtc(QDateTime::currentDateTime().offsetFromUtc())
        .toString(Qt::ISODate)
        .toStdString();
}

void optionalText(JsonWriter &w, const std::string &text)
{
    if (text.empty())
        w.null();
    else
        w.value(text);
}

} // namespace

void writeProcessRef(JsonWriter &w, const TriageResult &r, int i)
{
    const Sample &s = r.snapshot->processes[static_cast<std::size_t>(i)];
    w.beginObject();
    w.key("start_id").value(s.id.toString());
    w.key("pid").value(s.id.pid);
    w.key("command").value(printableCommandLine(s));
    w.endObject();
}

void writeOrigin(JsonWriter &w, const TriageResult &r, int i)
{
    const ProcessOrigin &o = r.process(i).origin();
    w.beginObject();
    w.key("kind").value(origins::jsonName(o.kind));
    optionalText(w.key("tool"), o.tool);
    w.key("key").value(o.key);
    optionalText(w.key("session_id"), o.sessionId);
    w.key("owner").value(origins::jsonName(o.owner));
    if (o.ownerPid > 0)
        w.key("owner_pid").value(o.ownerPid);
    else
        w.key("owner_pid").null();
    if (o.ownerPid > 0 && o.ownerStartTicks > 0)
        w.key("owner_start_id")
            .value(ProcessIdentity{r.snapshot->system.bootId, o.ownerStartTicks, o.ownerPid}.toString());
    else
        w.key("owner_start_id").null();
    if (o.ownerSeenAliveMs > 0)
        w.key("owner_seen_alive_at").value(isoTime(o.ownerSeenAliveMs));
    else
        w.key("owner_seen_alive_at").null();
    optionalText(w.key("project"), o.project);
    optionalText(w.key("project_label"), o.projectLabel);
    optionalText(w.key("unit"), o.unit);
    w.key("description").value(originPhrase(o).english());
    w.key("group_size").value(static_cast<int>(r.process(i).group().members.size()));
    w.endObject();
}

namespace {

void nullableIdentity(JsonWriter &w, const TriageResult &r, int index)
{
    if (index < 0)
        w.null();
    else
        w.value(r.identityOf(index).toString());
}

void writeProcess(JsonWriter &w, const TriageResult &r, const TriageConfig &config, int i, const Ledger &ledger)
{
    const std::size_t u = static_cast<std::size_t>(i);
    const Sample &s = r.snapshot->processes[u];
    const ProcessFacts &f = r.facts[u];
    const Posterior &post = r.posteriors[u];
    const Recommendation &rec = r.recommendations[u];
    const BlastRadius &blast = r.blast[u];
    const Category &cat = config.signatures.categories[static_cast<std::size_t>(f.category)];

    w.beginObject();
    w.key("pid").value(s.id.pid);
    w.key("ppid").value(s.ppid);
    w.key("start_id").value(r.identityOf(i).toString());
    if (s.uid)
        w.key("uid").value(static_cast<long long>(*s.uid));
    else
        w.key("uid").null();
    w.key("user").value(f.user);
    w.key("comm").value(s.details ? s.details->comm : std::string());
    w.key("name").value(f.name);
    w.key("cmdline").stringArray(s.details ? s.details->cmdline : std::vector<std::string>{});
    w.key("state").value(std::string_view(&s.state, 1));
    w.key("nice").value(static_cast<long long>(s.nice));
    w.key("age_seconds").value(f.ageSeconds, 9);
    if (const auto cpu = s.cpuRecent())
        w.key("cpu_share").value(*cpu, 4);
    else
        w.key("cpu_share").null();
    if (s.ioRate)
        w.key("io_bytes_per_second").value(*s.ioRate, 6);
    else
        w.key("io_bytes_per_second").null();
    w.key("rss_bytes").value(static_cast<long long>(s.rssBytes));
    w.key("fd_count").value(s.fdCount);
    w.key("category").value(cat.id);
    w.key("protected").value(!f.protectedReason.empty());
    if (f.protectedReason.empty())
        w.key("protected_reason").null();
    else
        w.key("protected_reason").value(f.protectedReason.english());
    w.key("posterior").beginObject();
    for (int c = 0; c < kClassCount; ++c)
        w.key(jsonName(static_cast<ProcessClass>(c))).value(post.probability[static_cast<std::size_t>(c)], 6);
    w.endObject();
    w.key("classification").value(jsonName(post.classification));
    w.key("confidence").value(jsonName(post.confidence));
    w.key("triage_score").value(rec.score);
    w.key("candidate").value(rec.candidate);
    w.key("recommendation").beginObject();
    w.key("action").value(jsonName(rec.action));
    w.key("review").value(rec.review);
    nullableIdentity(w.key("target"), r, rec.targetIndex);
    if (rec.parentAction == ParentAction::None)
        w.key("parent_action").null();
    else
        w.key("parent_action").value(jsonName(rec.parentAction));
    w.key("blocked_by").stringArray(english(rec.blockedBy));
    if (rec.changed.empty()) // a one-shot's: it has seen no earlier verdict
        w.key("changed").null();
    else
        w.key("changed").value(rec.changed.english());
    w.key("expected_loss").beginObject();
    for (int a = 0; a < kActionCount; ++a)
        w.key(jsonName(static_cast<RecommendedAction>(a))).value(rec.expectedLoss[static_cast<std::size_t>(a)], 5);
    w.endObject();
    w.endObject();
    w.key("ledger").beginArray();
    for (const auto &t : ledger) {
        w.beginObject();
        w.key("term").value(t.term);
        w.key("bits").value(t.bits, 4);
        w.key("favors").value(jsonName(t.favors));
        w.key("strength").value(jsonName(t.strength));
        w.key("detail").value(t.detail.english());
        w.endObject();
    }
    w.endArray();
    w.key("blast_radius").beginObject();
    w.key("risk").value(jsonName(blast.risk));
    w.key("score").value(blast.score, 4);
    w.key("affected").beginArray();
    for (int a : blast.affected)
        w.value(r.identityOf(a).toString());
    w.endArray();
    w.key("reasons").stringArray(english(blast.reasons));
    w.endObject();
    nullableIdentity(w.key("workload"), r, f.workloadIndex);
    nullableIdentity(w.key("wrapper"), r, f.wrapperIndex);
    if (f.supervisor.empty())
        w.key("supervisor").null();
    else
        w.key("supervisor").value(f.supervisor);
    w.key("listeners").stringArray(f.listeners);
    writeOrigin(w.key("origin"), r, i);
    w.key("critical_files").beginArray();
    for (const auto &c : f.criticalFiles)
        w.value(c.path);
    w.endArray();
    w.key("held_locks").beginArray();
    for (const auto &l : f.heldLocks)
        w.value(l.path);
    w.endArray();
    if (s.deep && !s.deep->wchan.empty())
        w.key("wchan").value(s.deep->wchan);
    else
        w.key("wchan").null();
    const std::string partial = s.partialReasons();
    if (partial.empty())
        w.key("partial").null();
    else
        w.key("partial").value(partial);
    w.endObject();
}

void writeHeader(JsonWriter &w, const TriageResult &r, const char *schema)
{
    w.key("schema").value(schema);
    w.key("boot_id").value(r.snapshot->system.bootId.toString());
    w.key("generated_at").value(isoTime(r.snapshot->capturedAtMs));
}

} // namespace

std::string scanJson(const TriageResult &r, const TriageConfig &config, const ScanReportOptions &options)
{
    const Snapshot &snap = *r.snapshot;
    JsonWriter w(options.pretty);
    w.str().reserve(snap.processes.size() * (options.all ? 3000 : 200) + 1024);
    w.beginObject();
    writeHeader(w, r, "ptriage.scan.v1");
    if (snap.intervalSeconds)
        w.key("interval_seconds").value(*snap.intervalSeconds, 4);
    else
        w.key("interval_seconds").null();
    w.key("min_age_seconds").value(r.minAgeSeconds, 9);
    w.key("system").beginObject();
    w.key("uptime_seconds").value(snap.system.uptimeSeconds, 9);
    w.key("cpu_count").value(snap.system.cpuCount);
    w.key("mem_total_bytes").value(static_cast<long long>(snap.system.memTotalBytes));
    w.key("mem_available_bytes").value(static_cast<long long>(snap.system.memAvailableBytes));
    w.key("load").beginArray();
    w.value(snap.system.load1, 3);
    w.value(snap.system.load5, 3);
    w.value(snap.system.load15, 3);
    w.endArray();
    w.endObject();
    w.key("process_count").value(static_cast<long long>(snap.processes.size()));
    w.key("candidate_count").value(r.counts.candidates);
    w.key("reclaimable_bytes").value(static_cast<long long>(r.counts.reclaimableBytes));
    w.key("warnings").stringArray(english(snap.warnings));
    w.key("processes").beginArray();
    std::vector<int> listed;
    for (int i : r.ranking)
        if (options.all || r.recommendations[static_cast<std::size_t>(i)].candidate)
            listed.push_back(i);
    // A bounded answer (`ptriage mcp`): the first `limit` of the ranking, and how many were left off.
    std::size_t leftOff = 0;
    if (options.limit > 0 && listed.size() > options.limit) {
        leftOff = listed.size() - options.limit;
        listed.resize(options.limit);
    }
    // Each process apart, on every core (its ledger reads its evidence again: the costly part of
    // --all), at the indent of an element of "processes"; then joined in ranking order.
    std::vector<std::string> parts(listed.size());
    parallelChunks(
        options.pool, listed.size(), options.pool ? workerCount() : 1, [&](std::size_t begin, std::size_t end, int) {
            for (std::size_t k = begin; k < end; ++k) {
                JsonWriter part(options.pretty, 2);
                writeProcess(part, r, config, listed[k], ledgerOf(r, listed[k], config));
                parts[k] = std::move(part.str());
            }
        });
    // Room for all of it at once: grown by doubling, megabytes of it were copied and faulted in again.
    std::size_t size = w.str().size() + 64;
    for (const auto &part : parts)
        size += part.size() + 16; // and a separator with its indent
    w.str().reserve(size);
    for (const auto &part : parts)
        w.raw(part);
    w.endArray();
    if (options.limit > 0)
        w.key("left_off").value(static_cast<long long>(leftOff));
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

std::string explainJson(const TriageResult &r, const TriageConfig &config, int index, const ActedOn &acted, bool pretty)
{
    JsonWriter w(pretty);
    w.beginObject();
    writeHeader(w, r, "ptriage.explain.v1");
    w.key("process");
    writeProcess(w, r, config, index, ledgerOf(r, index, config));
    w.key("actions"); // what `ptriage act VERB` may do to it, the recommended first
    w.beginArray();
    for (const OfferedAction &o : offeredActions(r.process(index), acted)) {
        w.beginObject();
        w.key("verb");
        w.value(actVerbName(o.verb));
        w.key("recommended");
        w.value(o.recommended);
        w.key("refused");
        w.beginArray();
        for (const Phrase &b : o.blocks)
            w.value(b.english());
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

} // namespace ptriage
