#include "report/EngineLabels.h"
#include "report/html/HtmlReportParts.h"
#include "store/WholeFile.h"
#include "util/Format.h"

#include <QCryptographicHash>
#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace ptriage {
namespace htmlreport {

std::string localRaw(std::string formatted)
{
    return localFigure(formatted).toStdString();
}

std::string classCss(ProcessClass c)
{
    return jsonName(c);
}

std::string rowId(const char *prefix, const ReportProcess &p)
{
    return std::string(prefix) + "-" + std::to_string(p.pid) + "-" + std::to_string(p.startTicks);
}

std::string wholeCommand(const std::string &command, std::size_t cut, std::size_t maxBytes)
{
    if (command.size() <= maxBytes && cut == 0)
        return html::text(command);
    const std::size_t more = command.size() - std::min(command.size(), maxBytes) + cut;
    return html::truncated(command, maxBytes) + " <span class=\"muted\">"
        + w(HtmlReport::tr("(%1 bytes more not shown)").arg(more)) + "</span>";
}

std::string commandInList(const std::string &command, std::size_t maxBytes, std::size_t cut)
{
    if (command.size() <= maxBytes && cut == 0)
        return "<span class=\"args\">" + html::text(command) + "</span>";
    return "<details class=\"cmdline\"><summary class=\"args\" title=\""
        + html::truncated(command, kReportUnfoldedBytes) + "\">" + html::truncated(command, maxBytes)
        + "</summary><span class=\"args\">" + wholeCommand(command, cut, kReportUnfoldedBytes) + "</span></details>";
}

std::string recommendationText(const ReportProcess &p)
{
    return w(EngineLabels::recommendation(p.action, p.review, p.parentAction))
        + (p.targetPid > 0 ? " → " + std::to_string(p.targetPid) : std::string());
}

} // namespace htmlreport

namespace {

using namespace htmlreport;
using html::number;
using html::text;

// "N more … not shown" (`what`: %1 the number left out, %2 the limit), when some were.
void notShown(std::string &out, std::size_t left, const QString &what, std::size_t limit)
{
    if (left > 0)
        out += "<p class=\"muted not-shown\">" + w(what.arg(left).arg(limit)) + "</p>";
}

constexpr std::size_t kCommandInList = 100; // bytes of a command line in the tables (whole in the cards)
constexpr std::size_t kDiffRows = 300;
constexpr std::size_t kOriginRows = 50;
constexpr std::size_t kOriginProcesses = 12; // links in one origin's row

QString whenText(std::int64_t ms)
{
    if (ms <= 0)
        return HtmlReport::tr("unknown");
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms);
    return t.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss ")) + t.timeZoneAbbreviation();
}

std::string when(std::int64_t ms)
{
    return w(whenText(ms));
}

std::string bytes(std::uint64_t b)
{
    return localized(formatBytes(static_cast<double>(b)));
}

std::string classLabel(ProcessClass c)
{
    return "<span class=\"cls cls-" + classCss(c) + "\">" + w(EngineLabels::processClass(c)) + "</span>";
}

std::string sha256(const std::string &s)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(s), QCryptographicHash::Sha256).toBase64().toStdString();
}

void fact(std::string &out, const QString &label, const std::string &value)
{
    out += "<dt>" + w(label) + "</dt><dd>" + value + "</dd>";
}

void writeSummary(std::string &out, const ReportInput &in)
{
    const ReportHeader &h = in.header;
    out += "<header id=\"summary\"><h1>" + w(HtmlReport::tr("Process triage of %1").arg(QString::fromStdString(h.host)))
        + "</h1><p class=\"muted\">";
    out += h.source == "session"
        ? w(HtmlReport::tr("Saved session %1, taken %2").arg(h.sessionId).arg(whenText(h.scannedAtMs)))
        : w(HtmlReport::tr("Live scan, taken %1").arg(whenText(h.scannedAtMs)));
    out += "</p><dl class=\"facts\">";
    fact(out, HtmlReport::tr("Host"), text(h.host));
    fact(out, HtmlReport::tr("Kernel"), text(h.kernel));
    fact(out, HtmlReport::tr("Booted"), when(h.bootAtMs));
    fact(out, HtmlReport::tr("Scanned"), when(h.scannedAtMs));
    fact(out, HtmlReport::tr("Report made"), when(in.generatedAtMs));
    fact(out, HtmlReport::tr("ptriage version"), text(in.version));
    const double availShare
        = h.memTotalBytes ? static_cast<double>(h.memAvailableBytes) / static_cast<double>(h.memTotalBytes) : 0;
    fact(out, HtmlReport::tr("Memory"),
        w(HtmlReport::tr("%1 available of %2 (%3)")
                .arg(localQ(formatBytes(static_cast<double>(h.memAvailableBytes))),
                    localQ(formatBytes(static_cast<double>(h.memTotalBytes))), localQ(formatPercent(availShare)))));
    if (h.swapTotalBytes && h.swapFreeBytes)
        fact(out, HtmlReport::tr("Swap"),
            *h.swapTotalBytes == 0 ? w(HtmlReport::tr("none"))
                                   : w(HtmlReport::tr("%1 used of %2")
                                           .arg(localQ(formatBytes(static_cast<double>(*h.swapTotalBytes
                                                    - std::min(*h.swapFreeBytes, *h.swapTotalBytes)))),
                                               localQ(formatBytes(static_cast<double>(*h.swapTotalBytes))))));
    else
        fact(out, HtmlReport::tr("Swap"), w(HtmlReport::tr("not recorded")));
    fact(out, HtmlReport::tr("Memory pressure"),
        h.memPressureSome ? w(HtmlReport::tr("some %1 · full %2 of the last 10 s")
                                  .arg(localQ(formatPercent(*h.memPressureSome / 100)),
                                      localQ(formatPercent(h.memPressureFull.value_or(0) / 100))))
                          : w(HtmlReport::tr("not available (no /proc/pressure)")));
    fact(out, HtmlReport::tr("Processes"),
        std::to_string(in.processes.size() + static_cast<std::size_t>(std::max(0, in.processesNotLoaded))));
    fact(out, HtmlReport::tr("Candidates"), std::to_string(h.counts.candidates));
    fact(out, HtmlReport::tr("Freed by the recommended kills"), bytes(h.counts.reclaimableBytes));
    out += "</dl><ul id=\"class-counts\">";
    for (int c = 0; c < kClassCount; ++c) {
        const auto cls = static_cast<ProcessClass>(c);
        out += "<li data-class=\"" + classCss(cls) + "\" data-label=\"" + w(EngineLabels::processClass(cls))
            + "\"><span class=\"count\">" + std::to_string(h.counts.byClass[static_cast<std::size_t>(c)]) + "</span>"
            + classLabel(cls) + "</li>";
    }
    out += "</ul>";
    if (h.source == "session")
        out += "<p class=\"note\">"
            + w(HtmlReport::tr("A saved session keeps each process's verdict and ledger in bits, not the sentences, "
                               "the blast-radius graph or the open files: those parts are missing below."))
            + "</p>";
    out += "</header>\n";
}

std::string cpuCell(const ReportProcess &p)
{
    if (!p.cpuShare)
        return "<td class=\"num\" data-key=\"cpu\" data-value=\"\">–</td>";
    return "<td class=\"num\" data-key=\"cpu\" data-value=\"" + number(*p.cpuShare) + "\">" + percent(*p.cpuShare)
        + "</td>";
}

std::string numberCell(const char *key, double value, const std::string &shown)
{
    return std::string("<td class=\"num\" data-key=\"") + key + "\" data-value=\"" + number(value) + "\">" + shown
        + "</td>";
}

void header(std::string &out, const std::vector<std::pair<const char *, QString>> &columns, const char *numeric)
{
    out += "<thead><tr>";
    for (const auto &[key, label] : columns) {
        const bool isNumber = std::string_view(numeric).find(std::string(" ") + key + " ") != std::string_view::npos;
        out += std::string("<th scope=\"col\" data-key=\"") + key + "\" data-type=\"" + (isNumber ? "number" : "text")
            + "\"" + (isNumber ? " class=\"num\"" : "") + ">" + w(label) + "</th>";
    }
    out += "</tr></thead><tbody>";
}

void rowStart(std::string &out, const char *prefix, const ReportProcess &p)
{
    out += "<tr id=\"" + rowId(prefix, p) + "\" data-class=\"" + classCss(p.classification) + "\" data-pid=\""
        + std::to_string(p.pid) + "\" data-start-id=\"" + text(p.startId) + "\">";
}

// The candidates by who started them: one decision per origin ("this crashed agent session left these").
void writeOrigins(std::string &out, const ReportInput &in)
{
    if (in.origins.empty())
        return;
    out += "<section id=\"origins\"><h2>" + w(HtmlReport::tr("Left behind, by origin")) + "</h2>";
    out += "<table id=\"origin-table\" class=\"sortable\">";
    header(out,
        {{"origin", HtmlReport::tr("Started by")}, {"owner", HtmlReport::tr("Owner")},
            {"project", HtmlReport::tr("Project")}, {"candidates", HtmlReport::tr("Candidates")},
            {"memory", HtmlReport::tr("Memory")}, {"processes", HtmlReport::tr("Processes")}},
        " candidates memory ");
    const std::size_t rows = std::min(in.origins.size(), kOriginRows);
    for (std::size_t k = 0; k < rows; ++k) {
        const ReportOrigin &o = in.origins[k];
        out += "<tr>";
        out += "<td data-key=\"origin\">" + text(o.origin) + "</td>";
        out += "<td data-key=\"owner\">" + w(o.ownerGone ? HtmlReport::tr("ended") : HtmlReport::tr("still there"))
            + "</td>";
        out += "<td data-key=\"project\">" + text(o.project) + "</td>";
        out += numberCell("candidates", static_cast<double>(o.candidates.size()),
            w(HtmlReport::tr("%1 of %2").arg(o.candidates.size()).arg(o.members)));
        out += numberCell("memory", static_cast<double>(o.candidateRssBytes), bytes(o.candidateRssBytes));
        out += "<td data-key=\"processes\">";
        for (std::size_t c = 0; c < o.candidates.size() && c < kOriginProcesses; ++c) {
            const ReportProcess &p = in.processes[static_cast<std::size_t>(o.candidates[c])];
            out += std::string(c ? ", " : "") + "<a href=\"#" + rowId("row", p) + "\">" + text(p.comm) + " "
                + std::to_string(p.pid) + "</a>";
        }
        if (o.candidates.size() > kOriginProcesses)
            out += " " + w(HtmlReport::tr("and %1 more").arg(o.candidates.size() - kOriginProcesses));
        out += "</td></tr>\n";
    }
    out += "</tbody></table>";
    notShown(out, in.origins.size() - rows, HtmlReport::tr("%1 more origins not shown (a report lists the first %2)"),
        kOriginRows);
    out += "</section>\n";
}

void writeCandidates(std::string &out, const ReportInput &in, const std::vector<std::vector<std::size_t>> &groups)
{
    // Each row links to its card: its group's, named after the group's first process.
    std::vector<std::string> cardOf(in.cards.size());
    for (const auto &g : groups)
        for (std::size_t c : g)
            cardOf[c] = rowId("card", in.processes[static_cast<std::size_t>(in.cards[g.front()].process)]);
    out += "<section id=\"candidates\"><h2>" + w(HtmlReport::tr("Candidates")) + "</h2>";
    if (in.cards.empty())
        out += "<p class=\"empty\">" + w(HtmlReport::tr("Nothing needs attention.")) + "</p>";
    out += "<table id=\"candidate-table\" class=\"sortable\" data-filter-label=\""
        + w(HtmlReport::tr("Filter by command, user or pid")) + "\">";
    header(out,
        {{"command", HtmlReport::tr("Command")}, {"user", HtmlReport::tr("User")}, {"class", HtmlReport::tr("Class")},
            {"confidence", HtmlReport::tr("Confidence")}, {"score", HtmlReport::tr("Score")},
            {"action", HtmlReport::tr("Recommended")}, {"blocks", HtmlReport::tr("Blocked")},
            {"risk", HtmlReport::tr("Risk")}, {"cpu", HtmlReport::tr("CPU")}, {"memory", HtmlReport::tr("Memory")},
            {"age", HtmlReport::tr("Age")}},
        " score blocks cpu memory age ");
    const std::size_t rows = std::min(in.cards.size(), kReportCandidates);
    for (std::size_t c = 0; c < rows; ++c) {
        const ReportProcess &p = in.processes[static_cast<std::size_t>(in.cards[c].process)];
        rowStart(out, "row", p);
        out += "<td data-key=\"command\" data-value=\"" + text(p.comm) + "\"><a href=\"#" + cardOf[c] + "\">"
            + text(p.comm) + "</a> <span class=\"muted\">" + std::to_string(p.pid) + "</span><br>"
            + commandInList(p.command, kCommandInList, p.commandBytesCut) + "</td>";
        out += "<td data-key=\"user\">" + text(p.user) + "</td>";
        out += "<td data-key=\"class\">" + classLabel(p.classification) + "</td>";
        out += "<td data-key=\"confidence\">" + (p.confidence ? w(EngineLabels::confidence(*p.confidence)) : "–")
            + "</td>";
        out += numberCell("score", p.score, std::to_string(p.score));
        out += "<td data-key=\"action\">" + recommendationText(p) + "</td>";
        out += numberCell("blocks", static_cast<double>(p.blocks.size()), std::to_string(p.blocks.size()));
        out += "<td data-key=\"risk\">" + w(EngineLabels::risk(p.risk)) + "</td>";
        out += cpuCell(p);
        out += numberCell("memory", static_cast<double>(p.rssBytes), bytes(p.rssBytes));
        out += numberCell("age", p.ageSeconds, duration(p.ageSeconds));
        out += "</tr>\n";
    }
    out += "</tbody></table>";
    notShown(out, in.cards.size() - rows,
        HtmlReport::tr("%1 more candidates not shown (a report lists the %2 with the highest scores)"),
        kReportCandidates);
    out += "</section>\n";
}

void writeProcesses(std::string &out, const ReportInput &in)
{
    const std::size_t total = in.processes.size() + static_cast<std::size_t>(std::max(0, in.processesNotLoaded));
    const std::size_t rows = std::min(in.processes.size(), kReportProcessRows);
    out += "<section id=\"processes\"><h2>" + w(HtmlReport::tr("Every process")) + "</h2><details><summary>"
        + w(HtmlReport::tr("All %1 processes, candidates first").arg(total))
        + "</summary><table id=\"process-table\" class=\"sortable\">";
    header(out,
        {{"pid", HtmlReport::tr("PID")}, {"command", HtmlReport::tr("Command")}, {"user", HtmlReport::tr("User")},
            {"state", HtmlReport::tr("State")}, {"class", HtmlReport::tr("Class")}, {"score", HtmlReport::tr("Score")},
            {"action", HtmlReport::tr("Recommended")}, {"cpu", HtmlReport::tr("CPU")},
            {"memory", HtmlReport::tr("Memory")}, {"age", HtmlReport::tr("Age")}},
        " pid score cpu memory age ");
    // Compact, for 5,000 rows: no row ids, and the end tags HTML lets a table omit (the DOM is the
    // same). Numbers sort by their text, or by data-value where the text would not.
    std::array<std::string, kClassCount> classes;
    for (int c = 0; c < kClassCount; ++c)
        classes[static_cast<std::size_t>(c)] = w(EngineLabels::processClass(static_cast<ProcessClass>(c)));
    const std::string orphaned = " · " + w(HtmlReport::tr("orphaned"));
    for (std::size_t k = 0; k < rows; ++k) {
        const ReportProcess &p = in.processes[k];
        out += "<tr data-class=\"" + classCss(p.classification) + "\"><td>" + std::to_string(p.pid) + "<td>"
            + text(p.comm);
        if (!p.command.empty())
            out += " " + commandInList(p.command, kCommandInList, p.commandBytesCut);
        out += "<td>" + text(p.user) + "<td>" + text(std::string(1, p.state)) + (p.orphaned ? orphaned : std::string())
            + "<td>" + classes[static_cast<std::size_t>(p.classification)] + "<td>" + std::to_string(p.score) + "<td>"
            + recommendationText(p);
        if (!p.cpuShare)
            out += "<td data-value=\"\">–";
        else if (*p.cpuShare == 0)
            out += "<td>0";
        else
            out += "<td data-value=\"" + number(std::round(*p.cpuShare * 1e4) / 1e4) + "\">" + percent(*p.cpuShare);
        out += "<td data-value=\"" + std::to_string(p.rssBytes) + "\">" + bytes(p.rssBytes) + "<td data-value=\""
            + number(std::round(p.ageSeconds)) + "\">" + duration(p.ageSeconds) + "\n";
    }
    out += "</tbody></table>";
    notShown(out, total - rows,
        HtmlReport::tr("%1 more processes not shown (a report lists the first %2, candidates first)"),
        kReportProcessRows);
    out += "</details></section>\n";
}

void writeActions(std::string &out, const ReportInput &in)
{
    out += "<section id=\"actions\"><h2>" + w(HtmlReport::tr("Actions taken")) + "</h2>";
    if (in.actions.empty()) {
        out += "<p class=\"empty\">" + w(HtmlReport::tr("No actions were journaled in this span."))
            + "</p></section>\n";
        return;
    }
    out += "<table id=\"action-table\"><thead><tr><th>" + w(HtmlReport::tr("When")) + "</th><th>"
        + w(HtmlReport::tr("Action")) + "</th><th>" + w(HtmlReport::tr("Process")) + "</th><th>"
        + w(HtmlReport::tr("Result")) + "</th><th>" + w(HtmlReport::tr("Message")) + "</th></tr></thead><tbody>";
    const std::size_t rows = std::min(in.actions.size(), kReportActions);
    for (std::size_t k = 0; k < rows; ++k) {
        const SessionAction &a = in.actions[k];
        out += "<tr><td>" + when(a.atMs) + "</td><td>" + text(a.verb) + "</td><td>"
            + commandInList(a.command, kCommandInList) + "<br><code>" + text(a.target) + "</code></td><td>"
            + text(a.status) + "</td><td>" + html::truncated(a.message, kReportCommandBytes) + "</td></tr>\n";
    }
    out += "</tbody></table>";
    const auto all
        = std::max<std::size_t>(in.actions.size(), static_cast<std::size_t>(std::max(0LL, in.actionsInSpan)));
    notShown(
        out, all - rows, HtmlReport::tr("%1 more actions not shown (a report lists the first %2)"), kReportActions);
    out += "</section>\n";
}

std::string classChange(const DiffEntry &e)
{
    if (e.before && e.after && e.before->classification != e.after->classification)
        return classLabel(e.before->classification) + " → " + classLabel(e.after->classification);
    const SessionProcess *p = e.after ? e.after : e.before;
    return p ? classLabel(p->classification) : std::string();
}

// "0" for no change, as the Sessions window and `diff` say it ("+0 B" reads as a growth).
std::string growth(long long b)
{
    if (b == 0)
        return "0";
    return (b < 0 ? "−" : "+") + bytes(static_cast<std::uint64_t>(std::llabs(b)));
}

void writeDiff(std::string &out, const ReportInput &in)
{
    if (!in.comparison)
        return;
    const SessionComparison &c = *in.comparison;
    out += "<section id=\"diff\"><h2>" + w(HtmlReport::tr("What changed")) + "</h2><p>"
        + w(HtmlReport::tr("From session %1 (%2) to %3.")
                .arg(c.before.info.id)
                .arg(whenText(c.before.info.atMs),
                    c.after.info.id
                        ? HtmlReport::tr("session %1 (%2)").arg(c.after.info.id).arg(whenText(c.after.info.atMs))
                        : HtmlReport::tr("this scan")))
        + (c.diff.crossBoot ? " "
                    + w(HtmlReport::tr("The machine rebooted in between: processes are matched by command and origin."))
                            : "")
        + "</p><ul id=\"diff-counts\">";
    for (int t = 0; t < kTransitionCount; ++t)
        out += "<li data-transition=\"" + std::string(jsonName(static_cast<Transition>(t))) + "\">"
            + w(EngineLabels::transition(static_cast<Transition>(t))) + ": <b>"
            + std::to_string(c.diff.counts[static_cast<std::size_t>(t)]) + "</b></li>";
    out += "</ul><table id=\"diff-table\" class=\"sortable\">";
    header(out,
        {{"transition", HtmlReport::tr("Change")}, {"command", HtmlReport::tr("Command")},
            {"pid", HtmlReport::tr("PID")}, {"class", HtmlReport::tr("Class")},
            {"memory", HtmlReport::tr("Memory growth")}},
        " pid memory ");
    std::size_t shown = 0, changed = 0;
    for (const DiffEntry &e : c.diff.entries) {
        if (e.transition == Transition::Stable)
            continue;
        if (++changed > kDiffRows)
            continue;
        ++shown;
        const SessionProcess *p = e.after ? e.after : e.before;
        out += "<tr data-transition=\"" + std::string(jsonName(e.transition)) + "\"><td>"
            + w(EngineLabels::transition(e.transition)) + "</td><td>" + text(p ? p->comm : e.key) + " "
            + commandInList(p ? p->commandLine() : std::string(), kCommandInList, p ? p->commandBytesCut : 0) + "</td>"
            + numberCell("pid", p ? p->pid : 0, p ? std::to_string(p->pid) : std::string()) + "<td>" + classChange(e)
            + "</td>" + numberCell("memory", static_cast<double>(e.rssGrowthBytes), growth(e.rssGrowthBytes))
            + "</tr>\n";
    }
    out += "</tbody></table>";
    if (changed > shown)
        out += "<p class=\"muted\">" + w(HtmlReport::tr("and %1 more changes").arg(changed - shown)) + "</p>";
    out += "</section>\n";

    out += "<section id=\"accumulation\"><h2>" + w(HtmlReport::tr("What keeps spawning these")) + "</h2><p>"
        + w(HtmlReport::tr("Processes per origin across %1 sessions over %2.")
                .arg(c.accumulation.sessions.size())
                .arg(localQ(formatDuration(c.accumulation.spanHours * 3600))))
        + "</p><table id=\"accumulation-table\" class=\"sortable\">";
    header(out,
        {{"origin", HtmlReport::tr("Command")}, {"parent", HtmlReport::tr("Started by")},
            {"place", HtmlReport::tr("Unit or project")}, {"first", HtmlReport::tr("First")},
            {"last", HtmlReport::tr("Last")}, {"growth", HtmlReport::tr("Growth per hour")},
            {"memory", HtmlReport::tr("Memory")}},
        " first last growth memory ");
    for (std::size_t k = 0; k < c.accumulation.rows.size() && k < kOriginRows; ++k) {
        const AccumulationRow &row = c.accumulation.rows[k];
        const int first = row.counts.empty() ? 0 : row.counts.front();
        const int last = row.counts.empty() ? 0 : row.counts.back();
        out += "<tr><td><code>" + text(row.origin.command) + "</code></td><td><code>"
            + text(parentText(row.origin.parent).translated()) + "</code>"
            + (row.parentGone ? " · " + w(HtmlReport::tr("gone")) : std::string()) + "</td><td>"
            + text(row.origin.unit.empty() ? row.origin.project : row.origin.unit) + "</td>"
            + numberCell("first", first, std::to_string(first)) + numberCell("last", last, std::to_string(last))
            + numberCell("growth", row.growthPerHour, localized(number(std::round(row.growthPerHour * 10) / 10)))
            + numberCell("memory", static_cast<double>(row.rssBytes), bytes(row.rssBytes)) + "</tr>\n";
    }
    out += "</tbody></table></section>\n";
}

void writeMethods(std::string &out, const ReportInput &in)
{
    out += "<section id=\"methods\"><h2>" + w(HtmlReport::tr("How the verdicts were reached")) + "</h2><p>"
        + w(HtmlReport::tr("Each process gets a posterior over four classes from its evidence terms (naive Bayes "
                           "in the log domain; each term's Bayes factor is shown in bits, positive toward the "
                           "class named). The recommendation is the action with the least expected loss that "
                           "no gate rules out; the score is how much better it is than keeping the process."))
        + "</p>";
    if (!in.config) {
        out += "</section>\n";
        return;
    }
    const TriageConfig &config = *in.config;
    out += "<table id=\"methods-classes\"><thead><tr><th>" + w(HtmlReport::tr("Class")) + "</th><th class=\"num\">"
        + w(HtmlReport::tr("Prior")) + "</th>";
    for (int a = 0; a < kActionCount; ++a)
        out += "<th class=\"num\">"
            + w(HtmlReport::tr("Loss: %1").arg(EngineLabels::action(static_cast<RecommendedAction>(a)))) + "</th>";
    out += "</tr></thead><tbody>";
    double norm = 0;
    for (double lp : config.priors.logPrior)
        norm += std::exp(lp);
    for (int c = 0; c < kClassCount; ++c) {
        const auto u = static_cast<std::size_t>(c);
        out += "<tr><td>" + classLabel(static_cast<ProcessClass>(c)) + "</td><td class=\"num\">"
            + percent(norm > 0 ? std::exp(config.priors.logPrior[u]) / norm : 0) + "</td>";
        for (int a = 0; a < kActionCount; ++a)
            out += "<td class=\"num\">" + localized(number(config.policy.loss[u][static_cast<std::size_t>(a)]))
                + "</td>";
        out += "</tr>";
    }
    out += "</tbody></table><h4>" + w(HtmlReport::tr("Terms")) + "</h4><p>";
    for (std::size_t t = 0; t < config.priors.terms.size(); ++t)
        out += (t ? ", " : "") + w(EngineLabels::term(config.priors.terms[t].name)) + " <code>"
            + text(config.priors.terms[t].name) + "</code>";
    out += "</p><h4>" + w(HtmlReport::tr("Thresholds in effect")) + "</h4><dl class=\"facts\">";
    fact(out, HtmlReport::tr("Minimum age before acting"), duration(in.minAgeSeconds));
    fact(
        out, HtmlReport::tr("Review when kept but abandoned with at least"), percent(config.policy.reviewMinAbandoned));
    fact(out, HtmlReport::tr("CPU idle / busy / spinning"),
        percent(config.priors.cpuIdle) + " / " + percent(config.priors.cpuBusy) + " / "
            + percent(config.priors.cpuSpinning));
    fact(out, HtmlReport::tr("Largest weight of one term"),
        w(HtmlReport::tr("%1 bits").arg(localQ(number(config.priors.maxBitsPerTerm)))));
    fact(out, HtmlReport::tr("Blast radius: hops, risk medium / high / critical"),
        localized(std::to_string(config.policy.maxHops) + "; " + number(config.policy.levelMedium) + " / "
            + number(config.policy.levelHigh) + " / " + number(config.policy.levelCritical)));
    std::string sources;
    for (const QString &s : config.sources)
        sources += (sources.empty() ? "" : "<br>") + std::string("<code>") + text(s.toStdString()) + "</code>";
    fact(out, HtmlReport::tr("Configuration read"), sources.empty() ? w(HtmlReport::tr("the defaults")) : sources);
    out += "</dl></section>\n";
}

} // namespace

std::string HtmlReport::render(const ReportInput &in)
{
    const std::string &css = styleSheet();
    const std::string &js = script();
    std::string out;
    out.reserve(4096 + std::min(in.processes.size(), kReportProcessRows) * 420
        + std::min(in.cards.size(), kReportCandidates) * 6000);
    out += "<!DOCTYPE html>\n<html lang=\"" + w(HtmlReport::tr("en", "the report's language code"))
        + "\">\n<head>\n"
          "<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-"
        + sha256(css) + "'; script-src 'sha256-" + sha256(js)
        + "'; img-src 'none'; base-uri 'none'; form-action 'none'\">\n"
          "<meta name=\"color-scheme\" content=\"light dark\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"ptriage "
        + text(in.version) + "\">\n<title>"
        + w(HtmlReport::tr("ptriage report: %1, %2")
                .arg(QString::fromStdString(in.header.host), whenText(in.header.scannedAtMs)))
        + "</title>\n<style>" + css + "</style>\n</head>\n<body>\n";
    const auto groups = cardGroups(in);
    writeSummary(out, in);
    writeOrigins(out, in);
    writeCandidates(out, in, groups);
    writeCards(out, in, groups);
    writeActions(out, in);
    writeDiff(out, in);
    writeProcesses(out, in);
    writeMethods(out, in);
    out += "<footer>"
        + w(HtmlReport::tr("Made by ptriage %1 on %2. Nothing in this file is fetched from anywhere.")
                .arg(QString::fromStdString(in.version), whenText(in.generatedAtMs)))
        + "</footer>\n<script>" + js + "</script>\n</body>\n</html>\n";
    return out;
}

bool HtmlReport::save(const std::string &html, const QString &path, QString *error)
{
    return writeWholeFile(path, QByteArray::fromStdString(html), 0666, error);
}

} // namespace ptriage
