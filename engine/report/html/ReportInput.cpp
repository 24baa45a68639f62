#include "report/html/ReportInput.h"

#include "collect/SecretMask.h"

#include <QSysInfo>

#include <algorithm>
#include <unordered_map>

namespace ptriage {
namespace {

std::string joined(const std::vector<std::string> &argv)
{
    std::string out;
    for (const auto &a : argv)
        out += (out.empty() ? "" : " ") + a;
    return out;
}

// The candidates by origin, from the processes' origin keys.
void groupByOrigin(ReportInput &in)
{
    std::unordered_map<std::string, std::size_t> byKey;
    for (std::size_t i = 0; i < in.processes.size(); ++i) {
        const ReportProcess &p = in.processes[i];
        if (p.originKey.empty())
            continue;
        auto it = byKey.find(p.originKey);
        if (it == byKey.end()) {
            if (!p.candidate)
                continue; // candidates come first: a later origin without one is not shown
            it = byKey.emplace(p.originKey, in.origins.size()).first;
            in.origins.push_back({p.origin, p.ownerGone, p.project, {}, 0, 0});
        }
        ReportOrigin &o = in.origins[it->second];
        ++o.members;
        if (p.candidate) {
            o.candidates.push_back(static_cast<int>(i));
            o.candidateRssBytes += p.rssBytes;
        }
    }
    std::stable_sort(in.origins.begin(), in.origins.end(),
        [](const ReportOrigin &a, const ReportOrigin &b) { return a.candidateRssBytes > b.candidateRssBytes; });
}

ReportCard cardFromTriage(const TriageResult &r, const TriageConfig &config, int index, int row)
{
    const auto u = static_cast<std::size_t>(index);
    const Sample &s = r.snapshot->processes[u];
    const ProcessFacts &f = r.facts[u];
    const Recommendation &rec = r.recommendations[u];
    ReportCard card;
    card.process = row;
    card.ledger = ledgerOf(r, index, config);
    card.expectedLoss = rec.expectedLoss;
    card.allowed = rec.allowed;
    card.blastReasons = translated(r.blast[u].reasons);
    card.graph = layoutBlastRadius(r, index, config.policy.maxHops);
    for (const auto &n : card.graph->nodes) {
        const Sample &x = r.snapshot->processes[static_cast<std::size_t>(n.index)];
        card.graphNodes.push_back({n.index, x.details && !x.details->comm.empty() ? x.details->comm : x.comm, x.id.pid,
            r.posteriors[static_cast<std::size_t>(n.index)].classification,
            r.blast[static_cast<std::size_t>(n.index)].risk});
    }
    if (s.details) {
        card.cwd = s.details->cwd + (s.details->cwdDeleted ? " (deleted)" : "");
        card.cgroup = s.details->cgroup;
        for (const auto &[key, value] : s.details->environ)
            if (!isSecretKey(key))
                card.environment.emplace_back(key, value);
    }
    if (s.deep)
        card.project = s.deep->workspace;
    card.supervisor = f.supervisor;
    card.listeners = f.listeners;
    card.locks = f.lockedFiles;
    for (const auto &l : f.heldLocks)
        card.locks.push_back(l.path + " — " + l.hint);
    for (const auto &c : f.criticalFiles)
        card.writing.push_back(c.path + " — " + c.hint);
    for (const auto &w : f.writableFiles)
        if (std::none_of(
                f.criticalFiles.begin(), f.criticalFiles.end(), [&w](const CriticalFile &c) { return c.path == w; }))
            card.writing.push_back(w);
    card.partial = partialPhrase(s.partialReasons()).translated();
    return card;
}

} // namespace

ReportInput reportFromTriage(const TriageResult &r, const TriageConfig &config)
{
    const Snapshot &snap = *r.snapshot;
    ReportInput in;
    in.config = &config;
    in.minAgeSeconds = r.minAgeSeconds;
    ReportHeader &h = in.header;
    h.source = "live";
    h.host = QSysInfo::machineHostName().toStdString();
    h.kernel = QSysInfo::kernelVersion().toStdString();
    h.scannedAtMs = snap.capturedAtMs;
    in.generatedAtMs = snap.capturedAtMs;
    if (snap.system.uptimeSeconds > 0)
        h.bootAtMs = snap.capturedAtMs - static_cast<std::int64_t>(snap.system.uptimeSeconds * 1000);
    h.memTotalBytes = snap.system.memTotalBytes;
    h.memAvailableBytes = snap.system.memAvailableBytes;
    h.swapTotalBytes = snap.system.swapTotalBytes;
    h.swapFreeBytes = snap.system.swapFreeBytes;
    h.memPressureSome = snap.system.memPressureSome;
    h.memPressureFull = snap.system.memPressureFull;
    h.counts = r.counts;

    in.processes.reserve(r.ranking.size());
    for (int i : r.ranking) {
        const auto u = static_cast<std::size_t>(i);
        const Sample &s = snap.processes[u];
        const Recommendation &rec = r.recommendations[u];
        const Posterior &post = r.posteriors[u];
        ReportProcess p;
        p.pid = s.id.pid;
        p.startTicks = s.id.startTicks;
        p.startId = s.id.toString();
        p.user = r.facts[u].user;
        p.comm = s.details && !s.details->comm.empty() ? s.details->comm : s.comm;
        p.command = s.details ? joined(s.details->cmdline) : std::string();
        p.state = s.state;
        p.orphaned = r.facts[u].orphan != OrphanState::ParentAlive;
        p.classification = post.classification;
        p.posterior = post.probability;
        p.confidence = post.confidence;
        p.score = rec.score;
        p.action = rec.action;
        p.review = rec.review;
        p.parentAction = rec.parentAction;
        if (rec.targetIndex >= 0 && rec.targetIndex != i)
            p.targetPid = snap.processes[static_cast<std::size_t>(rec.targetIndex)].id.pid;
        p.candidate = rec.candidate;
        p.blocks = translated(rec.blockedBy);
        p.risk = r.blast[u].risk;
        p.cpuShare = s.cpuRecent();
        p.rssBytes = s.rssBytes;
        p.ageSeconds = r.facts[u].ageSeconds;
        const ProcessOrigin &origin = r.facts[u].origin;
        p.originKey = origin.key;
        p.origin = originPhrase(origin).translated();
        p.ownerGone = origins::ownerGone(origin.owner);
        p.project = origin.projectLabel;
        if (p.candidate)
            in.cards.push_back(cardFromTriage(r, config, i, static_cast<int>(in.processes.size())));
        in.processes.push_back(std::move(p));
    }
    groupByOrigin(in);
    return in;
}

ReportInput reportFromSession(const Session &session, const TriageConfig &config)
{
    ReportInput in;
    in.config = &config;
    in.minAgeSeconds = config.policy.minAgeSeconds;
    ReportHeader &h = in.header;
    h.source = "session";
    h.sessionId = session.info.id;
    h.host = session.info.host;
    h.kernel = session.info.kernel;
    h.scannedAtMs = session.info.atMs;
    in.generatedAtMs = session.info.atMs;
    h.memTotalBytes = session.info.memTotalBytes;
    h.memAvailableBytes = session.info.memAvailableBytes;
    h.memPressureSome = session.info.memPressureSome;
    h.memPressureFull = session.info.memPressureFull;

    in.processesNotLoaded = session.notLoaded;
    std::vector<const SessionProcess *> order;
    for (const auto &p : session.processes)
        order.push_back(&p);
    std::stable_sort(order.begin(), order.end(), [](const SessionProcess *a, const SessionProcess *b) {
        if (a->candidate != b->candidate)
            return a->candidate;
        if (a->score != b->score)
            return a->score > b->score;
        return a->pid < b->pid;
    });
    const BootId &boot = session.info.bootId;
    for (const SessionProcess *x : order) {
        ReportProcess p;
        p.pid = x->pid;
        p.startTicks = x->startTicks;
        p.startId = x->identity(boot).toString();
        p.user = x->user;
        p.comm = x->comm;
        p.command = x->commandLine();
        p.commandBytesCut = x->commandBytesCut;
        p.state = x->state;
        p.orphaned = x->orphaned;
        p.classification = x->classification;
        p.posterior = x->posterior;
        p.score = x->score;
        p.action = x->action;
        p.review = x->review;
        // A session keeps no parent action; a zombie is a candidate only through its parent, ended
        // (kill) or asked to reap (keep), as decide/ made it.
        if (x->state == 'Z' && x->candidate && x->ppid > 1) {
            p.parentAction = x->action == RecommendedAction::Kill ? ParentAction::End : ParentAction::Reap;
            p.targetPid = x->ppid;
        }
        p.candidate = x->candidate;
        p.blocks = x->gates;
        p.risk = x->risk;
        p.cpuShare = x->cpuShare;
        p.rssBytes = x->rssBytes;
        p.ageSeconds = x->ageSeconds;
        p.originKey = x->origin.key;
        p.origin = x->origin.description;
        p.ownerGone = x->origin.ownerGone();
        p.project = x->origin.project;
        h.counts.add(p.classification, p.candidate, p.review, p.action, p.state == 'Z' ? 0 : p.rssBytes);
        if (p.candidate) {
            ReportCard card;
            card.process = static_cast<int>(in.processes.size());
            card.sentences = false;
            for (const SavedTerm &t : x->ledger)
                card.ledger.push_back({t.term, t.bits, t.favors, Strength::Weak, {}});
            card.cwd = x->cwd;
            card.cgroup = x->cgroup;
            in.cards.push_back(std::move(card));
        }
        in.processes.push_back(std::move(p));
    }
    groupByOrigin(in);
    return in;
}

} // namespace ptriage
