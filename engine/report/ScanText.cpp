#include "ScanReport.h"

#include "util/Format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ptriage {
namespace {

// Cuts to `width` display columns without splitting a UTF-8 sequence (the last column: no padding).
std::string fit(const std::string &s, std::size_t width)
{
    std::size_t cols = 0, i = 0;
    while (i < s.size() && cols < width) {
        ++i;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xc0) == 0x80)
            ++i;
        ++cols;
    }
    std::string out = s.substr(0, i);
    if (i < s.size() && !out.empty()) {
        out.pop_back();
        while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xc0) == 0x80)
            out.pop_back();
        if (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xc0) == 0xc0)
            out.pop_back();
        out += "…";
        ++cols;
    }
    return out;
}

std::string topReasons(const TriageResult &r, int i, std::size_t n)
{
    const auto &rec = r.recommendations[static_cast<std::size_t>(i)];
    const auto &post = r.posteriors[static_cast<std::size_t>(i)];
    std::vector<std::string> parts;
    for (const auto &b : rec.blockedBy)
        if (parts.size() < n)
            parts.push_back(b);
    for (const auto &t : post.ledger)
        if (parts.size() < n && t.bits > 0.5 && t.term != "prior")
            parts.push_back(t.detail);
    std::string out;
    for (const auto &p : parts)
        out += (out.empty() ? "" : "; ") + p;
    return out;
}

std::string bar(double p, int width)
{
    const int filled = static_cast<int>(std::lround(p * width));
    std::string out;
    for (int k = 0; k < width; ++k)
        out += k < filled ? "█" : "·";
    return out;
}

} // namespace

std::string scanText(const TriageResult &r, const TriageConfig &, const ScanReportOptions &options, int width)
{
    const Snapshot &snap = *r.snapshot;
    int candidates = 0;
    for (const auto &p : r.recommendations)
        candidates += p.candidate ? 1 : 0;
    std::string out;
    char line[512];
    std::snprintf(line, sizeof line, "ptriage: %zu processes, %d candidate%s; rates %s\n", snap.processes.size(),
        candidates, candidates == 1 ? "" : "s",
        snap.intervalSeconds ? ("over the last " + formatDuration(*snap.intervalSeconds)).c_str()
                             : "unknown (no earlier sample)");
    out += line;
    for (const auto &w : snap.warnings)
        out += "warning: " + w + '\n';
    if (candidates == 0 && !options.all) {
        out += "Nothing needs attention. `ptriage scan --all` lists every process.\n";
        return out;
    }
    std::snprintf(line, sizeof line, "%-10s %7s %5s %-10s %6s %9s  %s\n", "ACTION", "PID", "SCORE", "AGE", "CPU",
        "MEMORY", "COMMAND / WHY");
    out += line;
    const std::size_t rest = static_cast<std::size_t>(std::max(30, width - 54));
    for (int i : r.ranking) {
        const auto u = static_cast<std::size_t>(i);
        const Sample &s = snap.processes[u];
        const Recommendation &rec = r.recommendations[u];
        if (!options.all && !rec.candidate)
            continue;
        if (options.all && s.isKernelThread())
            continue;
        std::string action = rec.review ? "review" : jsonName(rec.action);
        if (rec.targetIndex != i && rec.targetIndex >= 0)
            action += "→" + std::to_string(snap.processes[static_cast<std::size_t>(rec.targetIndex)].id.pid);
        else if (!rec.candidate)
            action = "-";
        std::snprintf(line, sizeof line, "%-10s %7d %5d %-10s %6s %9s  ", action.c_str(), s.id.pid, rec.score,
            formatDuration(r.facts[u].ageSeconds).c_str(), s.cpuShare ? formatPercent(*s.cpuShare).c_str() : "?",
            formatBytes(static_cast<double>(s.rssBytes)).c_str());
        out += line + fit(printableCommandLine(s), rest) + '\n';
        const std::string why = topReasons(r, i, 3);
        if (!why.empty() && rec.candidate)
            out += std::string(55, ' ') + fit(why, rest) + '\n';
    }
    return out;
}

std::string explainText(const TriageResult &r, const TriageConfig &config, int index)
{
    const auto u = static_cast<std::size_t>(index);
    const Sample &s = r.snapshot->processes[u];
    const ProcessFacts &f = r.facts[u];
    const Posterior &post = r.posteriors[u];
    const Recommendation &rec = r.recommendations[u];
    const BlastRadius &blast = r.blast[u];
    const Category &cat = config.signatures.categories[static_cast<std::size_t>(f.category)];
    std::string out;
    char line[1024];
    std::snprintf(line, sizeof line, "pid %d  %s\n", s.id.pid, r.identityOf(index).toString().c_str());
    out += line;
    out += "command:    " + printableCommandLine(s) + '\n';
    std::snprintf(line, sizeof line, "user:       %s   state: %c   age: %s   cpu: %s   memory: %s   fds: %d\n",
        f.user.c_str(), s.state, formatDuration(f.ageSeconds).c_str(),
        s.cpuShare ? formatPercent(*s.cpuShare).c_str() : "unknown",
        formatBytes(static_cast<double>(s.rssBytes)).c_str(), s.fdCount);
    out += line;
    out += "category:   " + cat.label + (f.supervisor.empty() ? "" : "   supervisor: " + f.supervisor) + '\n';
    if (!f.protectedReason.empty())
        out += "protected:  " + f.protectedReason + '\n';
    if (f.wrapperIndex >= 0)
        out += "wrapper:    pid "
            + std::to_string(r.snapshot->processes[static_cast<std::size_t>(f.wrapperIndex)].id.pid) + '\n';
    if (f.workloadIndex >= 0)
        out += "workload:   pid "
            + std::to_string(r.snapshot->processes[static_cast<std::size_t>(f.workloadIndex)].id.pid) + '\n';
    if (const std::string partial = s.partialReasons(); !partial.empty())
        out += "partial:    " + partial + '\n';
    out += "\nposterior (" + std::string(jsonName(post.confidence)) + " confidence):\n";
    for (int c = 0; c < kClassCount; ++c) {
        const double p = post.probability[static_cast<std::size_t>(c)];
        std::snprintf(line, sizeof line, "  %-11s %s %6.2f %%%s\n", jsonName(static_cast<ProcessClass>(c)),
            bar(p, 30).c_str(), p * 100, c == static_cast<int>(post.classification) ? "  ◀" : "");
        out += line;
    }
    out += "\nevidence ledger (bits for " + std::string(jsonName(post.classification)) + " against "
        + jsonName(post.reference) + "):\n";
    for (const auto &t : post.ledger) {
        std::snprintf(line, sizeof line, "  %-14s %+6.2f  %-11s %s\n", t.term.c_str(), t.bits, jsonName(t.strength),
            t.detail.c_str());
        out += line;
    }
    out += "\nexpected loss:";
    for (int a = 0; a < kActionCount; ++a) {
        std::snprintf(line, sizeof line, " %s %.2f%s", jsonName(static_cast<RecommendedAction>(a)),
            rec.expectedLoss[static_cast<std::size_t>(a)], rec.allowed[static_cast<std::size_t>(a)] ? "" : "(blocked)");
        out += line;
    }
    out += "\nrecommendation: " + std::string(rec.review ? "review (keep for now)" : jsonName(rec.action));
    if (rec.targetIndex != index && rec.targetIndex >= 0)
        out += " on pid " + std::to_string(r.snapshot->processes[static_cast<std::size_t>(rec.targetIndex)].id.pid);
    out += "   (triage score " + std::to_string(rec.score) + ")\n";
    for (const auto &b : rec.blockedBy)
        out += "  - " + b + '\n';
    std::snprintf(line, sizeof line, "\nblast radius: %s (%.2f), %zu process%s affected\n", jsonName(blast.risk),
        blast.score, blast.affected.size(), blast.affected.size() == 1 ? "" : "es");
    out += line;
    for (const auto &reason : blast.reasons)
        out += "  - " + reason + '\n';
    if (s.deep) {
        std::size_t shown = 0;
        for (const auto &of : s.deep->files)
            if (of.kind == FdKind::File && shown++ < 20)
                out += (shown == 1 ? "\nopen files:\n" : "") + std::string("  ") + std::to_string(of.fd)
                    + (of.writable ? " w " : " r ") + of.target + '\n';
    }
    return out;
}

std::string printableCommandLine(const Sample &s)
{
    std::string out;
    if (s.details) {
        for (const auto &a : s.details->cmdline) {
            if (!out.empty())
                out += ' ';
            out += a;
        }
        if (out.empty())
            out = '[' + s.details->comm + ']';
    }
    for (char &c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return out;
}

} // namespace ptriage
