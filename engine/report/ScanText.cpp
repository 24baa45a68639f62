#include "ScanReport.h"

#include "EngineLabels.h"
#include "util/Format.h"
#include "util/Phrase.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ptriage {
namespace {

// A sentence of this table in the installed translation (an argument's own "%2" stays as it is).
std::string sayScan(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("ScanText", source, std::move(args)).translated();
}

std::string q(const QString &words)
{
    return words.toStdString();
}

// `label` and `items` joined by " · ", with `hint` after three spaces, in lines of at most 80 columns
// (the next ones indented under the first item).
std::string listed(const std::string &label, const std::vector<std::string> &items, const std::string &hint)
{
    constexpr std::size_t width = 80;
    const std::string indent(displayColumns(label), ' ');
    std::string out = label, line = label;
    bool first = true;
    auto add = [&](const std::string &piece, const std::string &sep) {
        // Two columns kept for the " ·" that ends a wrapped line of the list.
        if (!first && displayColumns(line) + displayColumns(sep) + displayColumns(piece) > width - 2) {
            out += (sep == " · " ? " ·\n" : "\n") + indent;
            line = indent;
        } else if (!first) {
            out += sep;
            line += sep;
        }
        out += piece;
        line += piece;
        first = false;
    };
    for (const std::string &item : items)
        add(item, " · ");
    if (!hint.empty())
        add(hint, "   ");
    return out + '\n';
}

std::string topReasons(const TriageResult &r, const TriageConfig &config, int i, std::size_t n)
{
    const auto &rec = r.recommendations[static_cast<std::size_t>(i)];
    std::vector<std::string> parts;
    for (const auto &b : rec.blockedBy)
        if (parts.size() < n)
            parts.push_back(b.translated());
    for (const auto &t : ledgerOf(r, i, config))
        if (parts.size() < n && t.bits > 0.5 && t.term != "prior")
            parts.push_back(t.detail.translated());
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

std::string scanText(const TriageResult &r, const TriageConfig &config, const ScanReportOptions &options, int width)
{
    const Snapshot &snap = *r.snapshot;
    const int candidates = r.counts.candidates;
    std::string out;
    char line[512];
    const std::string rates = snap.intervalSeconds
        ? sayScan(QT_TRANSLATE_NOOP("ScanText", "over the last %1"), {Phrase::duration(*snap.intervalSeconds)})
        : sayScan(QT_TRANSLATE_NOOP("ScanText", "unknown (no earlier sample)"));
    out += (candidates == 1 ? sayScan(QT_TRANSLATE_NOOP("ScanText", "ptriage: %1 processes, 1 candidate; rates %2"),
                {std::to_string(snap.processes.size()), rates})
                            : sayScan(QT_TRANSLATE_NOOP("ScanText", "ptriage: %1 processes, %2 candidates; rates %3"),
                                {std::to_string(snap.processes.size()), std::to_string(candidates), rates}))
        + '\n';
    for (const auto &w : snap.warnings)
        out += sayScan(QT_TRANSLATE_NOOP("ScanText", "warning: %1"), {w}) + '\n';
    if (candidates == 0 && !options.all) {
        out += sayScan(
                   QT_TRANSLATE_NOOP("ScanText", "Nothing needs attention. `ptriage scan --all` lists every process."))
            + '\n';
        return out;
    }
    out += padColumns(sayScan(QT_TRANSLATE_NOOP("ScanText", "ACTION")), 10) + ' '
        + padColumns(sayScan(QT_TRANSLATE_NOOP("ScanText", "PID")), 7, true) + ' '
        + padColumns(sayScan(QT_TRANSLATE_NOOP("ScanText", "SCORE")), 5, true) + ' '
        + padColumns(sayScan(QT_TRANSLATE_NOOP("ScanText", "AGE")), 10) + ' '
        + padColumns(sayScan(QT_TRANSLATE_NOOP("ScanText", "CPU")), 6, true) + ' '
        + padColumns(sayScan(QT_TRANSLATE_NOOP("ScanText", "MEMORY")), 9, true) + "  "
        + sayScan(QT_TRANSLATE_NOOP("ScanText", "COMMAND / WHY")) + '\n';
    // The prefix of a row is 54 columns; the command and the reasons get the rest of the width
    // (at least 10), or all they need when there is no width (not a terminal, --wide).
    constexpr int kPrefix = 54;
    const std::size_t rest = width > 0 ? static_cast<std::size_t>(std::max(10, width - kPrefix)) : 0;
    for (int i : r.ranking) {
        const auto u = static_cast<std::size_t>(i);
        const Sample &s = snap.processes[u];
        const Recommendation &rec = r.recommendations[u];
        if (!options.all && !rec.candidate)
            continue;
        if (options.all && s.isKernelThread())
            continue;
        std::string action = rec.parentAction != ParentAction::None
            ? q(EngineLabels::parentActionShort(rec.parentAction))
            : q(EngineLabels::recommendation(rec));
        if (rec.targetIndex != i && rec.targetIndex >= 0)
            action += "→" + std::to_string(snap.processes[static_cast<std::size_t>(rec.targetIndex)].id.pid);
        else if (!rec.candidate)
            action = "-";
        std::snprintf(line, sizeof line, " %7d %5d ", s.id.pid, rec.score);
        out += padColumns(action, 10) + line + padColumns(q(localDuration(r.facts[u].ageSeconds)), 10) + ' '
            + padColumns(s.cpuRecent() ? q(localPercent(*s.cpuRecent())) : "?", 6, true) + ' '
            + padColumns(q(localBytes(static_cast<double>(s.rssBytes))), 9, true) + "  "
            + cutColumns(printableCommandLine(s), rest) + '\n';
        const std::string why = topReasons(r, config, i, 3);
        if (!why.empty() && rec.candidate)
            out += std::string(kPrefix, ' ') + cutColumns(why, rest) + '\n';
    }
    return out;
}

std::string explainText(const TriageResult &r, const TriageConfig &config, int index, const ActedOn &acted)
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
    // The name cut so that the line keeps within 80 columns (the identity alone takes about 56).
    std::snprintf(line, sizeof line, " — pid %d  %s\n", s.id.pid, r.identityOf(index).toString().c_str());
    out += cutColumns(f.name, std::max<std::size_t>(12, 81 - std::min<std::size_t>(81, displayColumns(line)))) + line;
    out += sayScan(QT_TRANSLATE_NOOP("ScanText", "command:    %1"), {printableCommandLine(s)}) + '\n';
    out += sayScan(
               QT_TRANSLATE_NOOP("ScanText", "user:       %1   state: %2   age: %3   cpu: %4   memory: %5   fds: %6"),
               {f.user, std::string(1, s.state), Phrase::duration(f.ageSeconds),
                   s.cpuRecent() ? Phrase::percent(*s.cpuRecent()) : sayScan(QT_TRANSLATE_NOOP("ScanText", "unknown")),
                   Phrase::bytes(static_cast<double>(s.rssBytes)), std::to_string(s.fdCount)})
        + '\n';
    out += sayScan(QT_TRANSLATE_NOOP("ScanText", "category:   %1"), {cat.word()})
        + (f.supervisor.empty() ? "" : sayScan(QT_TRANSLATE_NOOP("ScanText", "   supervisor: %1"), {f.supervisor}))
        + '\n';
    if (!f.protectedReason.empty())
        out += sayScan(QT_TRANSLATE_NOOP("ScanText", "protected:  %1"), {f.protectedReason.translated()}) + '\n';
    if (f.wrapperIndex >= 0)
        out += sayScan(QT_TRANSLATE_NOOP("ScanText", "wrapper:    pid %1"),
                   {std::to_string(r.snapshot->processes[static_cast<std::size_t>(f.wrapperIndex)].id.pid)})
            + '\n';
    if (f.workloadIndex >= 0)
        out += sayScan(QT_TRANSLATE_NOOP("ScanText", "workload:   pid %1"),
                   {std::to_string(r.snapshot->processes[static_cast<std::size_t>(f.workloadIndex)].id.pid)})
            + '\n';
    if (const std::string partial = s.partialReasons(); !partial.empty())
        out += sayScan(QT_TRANSLATE_NOOP("ScanText", "partial:    %1"), {partialPhrase(partial)}) + '\n';
    out += '\n'
        + sayScan(
            QT_TRANSLATE_NOOP("ScanText", "posterior (%1 confidence):"), {q(EngineLabels::confidence(post.confidence))})
        + '\n';
    // Label columns as wide as their longest label (a translation's may be longer than English's).
    std::size_t classWidth = 11;
    for (int c = 0; c < kClassCount; ++c)
        classWidth = std::max(classWidth, displayColumns(q(EngineLabels::processClass(static_cast<ProcessClass>(c)))));
    for (int c = 0; c < kClassCount; ++c) {
        const double p = post.probability[static_cast<std::size_t>(c)];
        out += "  " + padColumns(q(EngineLabels::processClass(static_cast<ProcessClass>(c))), classWidth) + ' '
            + bar(p, 30) + ' ' + padColumns(q(localNumber(p * 100, 2)), 6, true) + " %"
            + (c == static_cast<int>(post.classification) ? "  ◀" : "") + '\n';
    }
    out += '\n' + ledgerText(ledgerOf(r, index, config), post.classification, post.reference);
    out += '\n' + sayScan(QT_TRANSLATE_NOOP("ScanText", "expected loss:"));
    const std::string blocked = sayScan(QT_TRANSLATE_NOOP("ScanText", "(blocked)"));
    for (int a = 0; a < kActionCount; ++a) {
        out += std::string(a ? " · " : " ") + q(EngineLabels::action(static_cast<RecommendedAction>(a))) + ' '
            + q(localNumber(rec.expectedLoss[static_cast<std::size_t>(a)], 2))
            + (rec.allowed[static_cast<std::size_t>(a)] ? std::string() : blocked);
    }
    std::string action = rec.review ? sayScan(QT_TRANSLATE_NOOP("ScanText", "review (keep for now)"))
                                    : q(EngineLabels::recommendation(rec));
    if (rec.targetIndex != index && rec.targetIndex >= 0) {
        const auto t = static_cast<std::size_t>(rec.targetIndex);
        const Sample &parent = r.snapshot->processes[t];
        action = rec.parentAction != ParentAction::None
            ? sayScan(QT_TRANSLATE_NOOP("ScanText", "%1: %2 (pid %3)"),
                {action, parent.details ? parent.details->comm : parent.comm, std::to_string(parent.id.pid)})
            : sayScan(QT_TRANSLATE_NOOP("ScanText", "%1 on pid %2"), {action, std::to_string(parent.id.pid)});
    }
    out += '\n'
        + sayScan(QT_TRANSLATE_NOOP("ScanText", "recommendation: %1   (triage score %2)"),
            {action, std::to_string(rec.score)})
        + '\n';
    for (const auto &b : rec.blockedBy)
        out += "  - " + b.translated() + '\n';
    if (!rec.changed.empty())
        out += sayScan(QT_TRANSLATE_NOOP("ScanText", "changed: %1"), {rec.changed}) + '\n';
    // What may be done to it, as the window's menus offer it (the recommended first, marked *), and
    // what they offer disabled; the reasons are the recommendation's above.
    std::vector<std::string> offered, refused;
    for (const OfferedAction &o : offeredActions(r.process(index), acted))
        (o.mayBeDone() ? offered : refused)
            .push_back(std::string(o.recommended ? "*" : "") + q(EngineLabels::verb(o.verb)));
    if (offered.empty())
        out += sayScan(QT_TRANSLATE_NOOP("ScanText", "actions:    none")) + '\n';
    else
        out += listed(sayScan(QT_TRANSLATE_NOOP("ScanText", "actions:    ")), offered,
            sayScan(QT_TRANSLATE_NOOP("ScanText", "(ptriage act VERB START_ID)")));
    if (!refused.empty())
        out += listed(sayScan(QT_TRANSLATE_NOOP("ScanText", "refused:    ")), refused, {});
    const Phrase score = Phrase::number(blast.score, 2);
    out += '\n'
        + (blast.affected.size() == 1
                ? sayScan(QT_TRANSLATE_NOOP("ScanText", "blast radius: %1 (%2), 1 process affected"),
                    {word(blast.risk), score})
                : sayScan(QT_TRANSLATE_NOOP("ScanText", "blast radius: %1 (%2), %3 processes affected"),
                    {word(blast.risk), score, std::to_string(blast.affected.size())}))
        + '\n';
    for (const auto &reason : blast.reasons)
        out += "  - " + reason.translated() + '\n';
    if (s.deep) {
        std::size_t shown = 0;
        for (const auto &of : s.deep->files)
            if (of.kind == FdKind::File && shown++ < 20)
                out += (shown == 1 ? '\n' + sayScan(QT_TRANSLATE_NOOP("ScanText", "open files:")) + '\n'
                                   : std::string())
                    + std::string("  ") + std::to_string(of.fd) + (of.writable ? " w " : " r ") + of.target + '\n';
    }
    return out;
}

std::string ledgerText(const Ledger &ledger, ProcessClass forClass, ProcessClass against)
{
    std::string out = sayScan(QT_TRANSLATE_NOOP("ScanText", "evidence ledger (bits for %1 against %2):"),
                          {word(forClass), word(against)})
        + '\n';
    std::size_t termWidth = 0, strengthWidth = 0;
    for (const auto &t : ledger) {
        termWidth = std::max(termWidth, displayColumns(q(EngineLabels::term(t.term))));
        strengthWidth = std::max(strengthWidth, displayColumns(q(EngineLabels::strength(t.strength))));
    }
    for (const auto &t : ledger) {
        const std::string bits = (t.bits < 0 ? "" : "+") + q(localNumber(t.bits, 2)); // the locale's decimal mark
        out += "  " + padColumns(q(EngineLabels::term(t.term)), termWidth) + ' ' + padColumns(bits, 6, true) + "  "
            + padColumns(q(EngineLabels::strength(t.strength)), strengthWidth) + ' ' + t.detail.translated() + '\n';
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
