#include "report/EngineLabels.h"
#include "report/Palette.h"
#include "report/html/HtmlReportParts.h"
#include "util/Format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace ptriage::htmlreport {
namespace {

using html::number;
using html::text;

constexpr std::size_t kGraphLabel = 40; // bytes of a resource's name drawn in the graph
constexpr std::size_t kMembers = 20; // rows of a group's member table

// A horizontal bar of `fraction` (0..1) of the width, in the class's color; the track (and the
// middle line of a signed bar) is the stylesheet's, so that fifty cards stay small.
std::string bar(double fraction, Rgb color)
{
    return "<svg class=\"bar\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\"><rect width=\""
        + number(std::round(std::clamp(fraction, 0.0, 1.0) * 1000) / 10) + "\" height=\"10\" fill=\"" + color.hex()
        + "\"/></svg>";
}

// A signed bar around the middle: bits toward the term's class, to the right.
std::string signedBar(double bits, double maxBits, Rgb color)
{
    const double half = std::round(500 * std::clamp(std::abs(bits) / std::max(1.0, maxBits), 0.0, 1.0)) / 10;
    return "<svg class=\"bar signed\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\"><rect x=\""
        + number(bits >= 0 ? 50 : 50 - half) + "\" width=\"" + number(half) + "\" height=\"10\" fill=\"" + color.hex()
        + "\"/></svg>";
}

void writePosterior(std::string &out, const ReportProcess &p)
{
    out += "<h4>" + w(HtmlReport::tr("Posterior")) + "</h4><table class=\"posterior\"><tbody>";
    for (int c = 0; c < kClassCount; ++c) {
        const auto cls = static_cast<ProcessClass>(c);
        const double prob = p.posterior[static_cast<std::size_t>(c)];
        out += "<tr><td>" + w(EngineLabels::processClass(cls)) + "</td><td class=\"barcell\">"
            + bar(prob, classColor(cls)) + "</td><td class=\"num\">" + percent(prob) + "</td></tr>";
    }
    out += "</tbody></table>";
}

void writeLedger(std::string &out, const ReportCard &card)
{
    out += "<h4>" + w(HtmlReport::tr("Evidence, term by term")) + "</h4><table class=\"ledger\"><thead><tr><th>"
        + w(HtmlReport::tr("Term")) + "</th><th>" + w(HtmlReport::tr("Weight")) + "</th><th class=\"num\">"
        + w(HtmlReport::tr("Bits")) + "</th><th>" + w(HtmlReport::tr("Toward")) + "</th>"
        + (card.sentences ? "<th>" + w(HtmlReport::tr("Why")) + "</th>" : std::string()) + "</tr></thead><tbody>";
    double maxBits = 1;
    for (const auto &t : card.ledger)
        maxBits = std::max(maxBits, std::abs(t.bits));
    for (const EvidenceTerm &t : card.ledger) {
        const std::string bits = (t.bits < 0 ? "" : "+") + formatNumber(t.bits, 1);
        out += "<tr><td>" + w(EngineLabels::term(t.term)) + "</td><td class=\"barcell\">"
            + signedBar(t.bits, maxBits, classColor(t.favors)) + "</td><td class=\"num\" data-value=\"" + number(t.bits)
            + "\">" + localized(bits) + "</td><td>" + w(EngineLabels::processClass(t.favors)) + "</td>"
            + (card.sentences ? "<td>" + text(t.detail.translated()) + "</td>" : std::string()) + "</tr>";
    }
    out += "</tbody></table>";
}

void writeLosses(std::string &out, const ReportCard &card, const ReportProcess &p)
{
    if (!card.expectedLoss)
        return;
    out += "<h4>" + w(HtmlReport::tr("Expected loss of each action")) + "</h4><table class=\"losses\"><tbody>";
    for (int a = 0; a < kActionCount; ++a) {
        const auto action = static_cast<RecommendedAction>(a);
        const bool chosen = action == p.action;
        const bool allowed = card.allowed[static_cast<std::size_t>(a)];
        out += std::string("<tr") + (chosen ? " class=\"chosen\"" : (allowed ? "" : " class=\"ruled-out\"")) + "><td>"
            + w(EngineLabels::action(action)) + "</td><td class=\"num\">"
            + localized(number(std::round((*card.expectedLoss)[static_cast<std::size_t>(a)] * 1000) / 1000))
            + "</td><td>"
            + (chosen         ? w(HtmlReport::tr("chosen"))
                    : allowed ? std::string()
                              : w(HtmlReport::tr("ruled out by a gate")))
            + "</td></tr>";
    }
    out += "</tbody></table>";
}

std::string resourceText(const BlastLayout::Resource &r)
{
    switch (r.kind) {
    case BlastLayout::ResourceKind::Listener:
        return w(HtmlReport::tr("listens on %1").arg(QString::fromStdString(r.what)));
    case BlastLayout::ResourceKind::Lock:
        return w(HtmlReport::tr("lock %1").arg(QString::fromStdString(r.what)));
    case BlastLayout::ResourceKind::Writing:
        return w(HtmlReport::tr("writing %1").arg(QString::fromStdString(r.what)));
    case BlastLayout::ResourceKind::Supervisor:
        return w(HtmlReport::tr("supervisor %1").arg(QString::fromStdString(r.what)));
    }
    return {};
}

// The window's graph (decide/BlastLayout, its colors): fill = class, ring = risk. Labels go on the
// side away from the middle, where no edge arrives.
void writeGraph(std::string &out, const ReportCard &card)
{
    const BlastLayout &g = *card.graph;
    constexpr double margin = 90;
    const double x0 = g.min.x - margin, y0 = g.min.y - 60;
    const double width = g.max.x - g.min.x + 2 * margin, height = g.max.y - g.min.y + 60 + 60;
    // Natural size (as in the window), shrunk to fit: small graphs are not blown up.
    out += "<svg class=\"blast\" role=\"img\" width=\"" + number(width) + "\" height=\"" + number(height)
        + "\" viewBox=\"" + number(x0) + " " + number(y0) + " " + number(width) + " " + number(height)
        + "\" aria-label=\"" + w(HtmlReport::tr("Blast radius graph")) + "\">";
    const double r = BlastLayout::kNodeRadius;
    for (const auto &e : g.edges) {
        out += "<line class=\"edge\" x1=\"" + number(e.from.x) + "\" y1=\"" + number(e.from.y) + "\" x2=\""
            + number(e.to.x) + "\" y2=\"" + number(e.to.y) + "\"/>";
        if (!e.why.empty())
            out += "<text class=\"why\" text-anchor=\"middle\" x=\"" + number((e.from.x + e.to.x) / 2) + "\" y=\""
                + number((e.from.y + e.to.y) / 2 - 3) + "\">" + html::truncated(e.why.translated(), kGraphLabel)
                + "</text>";
    }
    for (const auto &res : g.resources) {
        const std::string label = resourceText(res);
        out += "<g><title>" + label + "</title><rect class=\"res\" x=\"" + number(res.at.x - r) + "\" y=\""
            + number(res.at.y - 12) + "\" width=\"" + number(2 * r)
            + "\" height=\"24\" rx=\"3\"/><text text-anchor=\"middle\" x=\"" + number(res.at.x) + "\" y=\""
            + number(res.at.y + (res.at.y < 0 ? -18 : 26)) + "\">" + html::truncated(res.what, kGraphLabel)
            + "</text></g>";
    }
    for (std::size_t k = 0; k < g.nodes.size() && k < card.graphNodes.size(); ++k) {
        const auto &n = g.nodes[k];
        const auto &info = card.graphNodes[k];
        out += "<g><title>" + text(info.label) + " (" + std::to_string(info.pid) + ") · "
            + w(EngineLabels::processClass(info.classification)) + " · " + w(EngineLabels::risk(info.risk))
            + "</title><circle cx=\"" + number(n.at.x) + "\" cy=\"" + number(n.at.y) + "\" r=\"" + number(r)
            + "\" fill=\"" + classColor(info.classification).hex() + "\" stroke=\"" + riskColor(info.risk).hex()
            + "\" stroke-width=\"" + (n.hop == 0 ? "5" : "3") + "\"/><text text-anchor=\"middle\""
            + (n.hop == 0 ? " class=\"center\"" : "") + " x=\"" + number(n.at.x) + "\" y=\""
            + number(n.at.y + (n.at.y < 0 ? -r - 20 : r + 14)) + "\">" + text(info.label) + "<tspan x=\""
            + number(n.at.x) + "\" dy=\"13\">" + std::to_string(info.pid) + "</tspan></text></g>";
    }
    out += "</svg>";
}

void list(std::string &out, const QString &label, const std::vector<std::string> &items)
{
    if (items.empty())
        return;
    out += "<dt>" + w(label) + "</dt><dd>";
    for (std::size_t k = 0; k < items.size(); ++k)
        out += (k ? "<br>" : "") + std::string("<code>") + text(items[k]) + "</code>";
    out += "</dd>";
}

void item(std::string &out, const QString &label, const std::string &value)
{
    if (!value.empty())
        out += "<dt>" + w(label) + "</dt><dd><code>" + text(value) + "</code></dd>";
}

// One card for a group of candidates that look the same: the first one's evidence, every member
// by pid and identity.
void writeCard(std::string &out, const ReportInput &in, const std::vector<std::size_t> &group)
{
    const ReportCard &card = in.cards[group.front()];
    const ReportProcess &p = in.processes[static_cast<std::size_t>(card.process)];
    const QString who
        = group.size() == 1 ? HtmlReport::tr("pid %1").arg(p.pid) : HtmlReport::tr("%1 processes").arg(group.size());
    out += "<article class=\"card\" id=\"" + rowId("card", p) + "\" data-pid=\"" + std::to_string(p.pid)
        + "\" data-class=\"" + classCss(p.classification) + "\" data-processes=\"" + std::to_string(group.size())
        + "\"><h3>" + text(p.comm) + " <span class=\"muted\">" + w(who) + "</span> · <span class=\"cls cls-"
        + classCss(p.classification) + "\">" + w(EngineLabels::processClass(p.classification)) + "</span> · "
        + w(HtmlReport::tr("recommended: %1, score %2")
                .arg(EngineLabels::recommendation(p.action, p.review, p.parentAction)
                    + (p.targetPid > 0 ? QStringLiteral(" → ") + HtmlReport::tr("pid %1").arg(p.targetPid) : QString()))
                .arg(p.score))
        + "</h3><p class=\"cmd\">" + wholeCommand(p.command, p.commandBytesCut) + "</p>";
    if (group.size() > 1) {
        out += "<p>"
            + w(HtmlReport::tr("%1 processes with this command line, class and recommendation; the evidence "
                               "below is the first one's (the highest score).")
                    .arg(group.size()))
            + "</p><table class=\"members\"><thead><tr><th class=\"num\">" + w(HtmlReport::tr("PID")) + "</th><th>"
            + w(HtmlReport::tr("Identity")) + "</th><th>" + w(HtmlReport::tr("User")) + "</th><th class=\"num\">"
            + w(HtmlReport::tr("Score")) + "</th><th class=\"num\">" + w(HtmlReport::tr("Memory"))
            + "</th><th class=\"num\">" + w(HtmlReport::tr("Age")) + "</th></tr></thead><tbody>";
        for (std::size_t k = 0; k < std::min(group.size(), kMembers); ++k) {
            const ReportProcess &m = in.processes[static_cast<std::size_t>(in.cards[group[k]].process)];
            out += "<tr id=\"" + rowId("member", m) + "\"><td class=\"num\">" + std::to_string(m.pid)
                + "</td><td><code>" + text(m.startId) + "</code></td><td>" + text(m.user) + "</td><td class=\"num\">"
                + std::to_string(m.score) + "</td><td class=\"num\">"
                + localized(formatBytes(static_cast<double>(m.rssBytes))) + "</td><td class=\"num\">"
                + duration(m.ageSeconds) + "</td></tr>";
        }
        out += "</tbody></table>";
        if (group.size() > kMembers)
            out += "<p class=\"muted not-shown\">"
                + w(HtmlReport::tr("%1 more processes of this group not shown").arg(group.size() - kMembers)) + "</p>";
    }
    out += "<div class=\"card-grid\"><div>";
    writePosterior(out, p);
    writeLosses(out, card, p);
    if (!p.blocks.empty()) {
        out += "<h4>" + w(HtmlReport::tr("What blocks a stronger action")) + "</h4><ul class=\"blocks\">";
        for (const auto &b : p.blocks)
            out += "<li>" + text(b) + "</li>";
        out += "</ul>";
    }
    out += "</div><div><h4>" + w(HtmlReport::tr("What would break: risk %1").arg(EngineLabels::risk(p.risk))) + "</h4>";
    if (card.graph)
        writeGraph(out, card);
    if (!card.blastReasons.empty()) {
        out += "<ul class=\"reasons\">";
        for (const auto &r : card.blastReasons)
            out += "<li>" + text(r) + "</li>";
        out += "</ul>";
    }
    out += "</div></div>";
    writeLedger(out, card);
    out += "<h4>" + w(HtmlReport::tr("Details")) + "</h4><dl class=\"facts\">";
    item(out, HtmlReport::tr("Identity"), p.startId);
    if (!p.origin.empty())
        item(out, HtmlReport::tr("Started by"),
            p.ownerGone ? w(HtmlReport::tr("%1 (ended)").arg(QString::fromStdString(p.origin))) : p.origin);
    item(out, HtmlReport::tr("Working directory"), card.cwd);
    item(out, HtmlReport::tr("Project"), card.project);
    item(out, HtmlReport::tr("Control group"), card.cgroup);
    item(out, HtmlReport::tr("Supervisor"), card.supervisor);
    list(out, HtmlReport::tr("Listening on"), card.listeners);
    list(out, HtmlReport::tr("Open for writing"), card.writing);
    list(out, HtmlReport::tr("Locks held"), card.locks);
    std::vector<std::string> env;
    for (const auto &[key, value] : card.environment)
        env.push_back(key + "=" + value);
    list(out, HtmlReport::tr("Environment (secret-looking variables left out)"), env);
    item(out, HtmlReport::tr("Could not read"), card.partial);
    out += "</dl></article>\n";
}

} // namespace

std::vector<std::vector<std::size_t>> cardGroups(const ReportInput &in)
{
    using Key = std::tuple<std::string, int, int, bool, int, int>;
    std::map<Key, std::size_t> groupOf;
    std::vector<std::vector<std::size_t>> groups;
    for (std::size_t c = 0; c < in.cards.size(); ++c) {
        const ReportProcess &p = in.processes[static_cast<std::size_t>(in.cards[c].process)];
        const Key key{p.command.empty() ? "[" + p.comm + "]" : p.command, static_cast<int>(p.classification),
            static_cast<int>(p.action), p.review, static_cast<int>(p.parentAction), p.targetPid};
        const auto [it, added] = groupOf.emplace(key, groups.size());
        if (added)
            groups.emplace_back();
        groups[it->second].push_back(c);
    }
    return groups;
}

void writeCards(std::string &out, const ReportInput &in, const std::vector<std::vector<std::size_t>> &groups)
{
    out += "<section id=\"cards\"><h2>" + w(HtmlReport::tr("Why, and what would break")) + "</h2>";
    if (in.cards.empty())
        out += "<p class=\"empty\">" + w(HtmlReport::tr("No process is worth acting on.")) + "</p>";
    for (std::size_t g = 0; g < std::min(groups.size(), kReportCandidates); ++g)
        writeCard(out, in, groups[g]);
    if (groups.size() > kReportCandidates)
        out += "<p class=\"muted not-shown\">"
            + w(HtmlReport::tr("%1 more cards not shown (a report shows the %2 with the highest scores)")
                    .arg(groups.size() - kReportCandidates)
                    .arg(kReportCandidates))
            + "</p>";
    out += "</section>\n";
}

} // namespace ptriage::htmlreport
