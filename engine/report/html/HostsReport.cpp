// The report over several machines (report --host): an overview, then one section per machine with
// its candidates; a machine that could not be reached is named with its one-line error. Everything
// a host sent is untrusted: every text goes through html::text, like the one-machine report's.
#include "report/EngineLabels.h"
#include "report/html/HtmlReportParts.h"

#include <QCryptographicHash>
#include <QDateTime>

#include <algorithm>
#include <map>

namespace ptriage {
namespace {

using namespace htmlreport;
using html::number;
using html::text;

constexpr std::size_t kHostCommandInList = 100;
constexpr std::size_t kSharedRows = 50;

std::string hostsWhen(std::int64_t ms)
{
    if (ms <= 0)
        return w(HtmlReport::tr("unknown"));
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms);
    return w(t.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss ")) + t.timeZoneAbbreviation());
}

std::string hostsBytes(std::uint64_t b)
{
    return localized(formatBytes(static_cast<double>(b)));
}

std::string cell(const char *key, double value, const std::string &shown)
{
    return std::string("<td class=\"num\" data-key=\"") + key + "\" data-value=\"" + number(value) + "\">" + shown
        + "</td>";
}

void head(std::string &out, const std::vector<std::pair<const char *, QString>> &columns, const char *numeric)
{
    out += "<thead><tr>";
    for (const auto &[key, label] : columns) {
        const bool isNumber = std::string_view(numeric).find(std::string(" ") + key + " ") != std::string_view::npos;
        out += std::string("<th scope=\"col\" data-key=\"") + key + "\" data-type=\"" + (isNumber ? "number" : "text")
            + "\"" + (isNumber ? " class=\"num\"" : "") + ">" + w(label) + "</th>";
    }
    out += "</tr></thead><tbody>";
}

std::string hostName(const HostReportPart &part)
{
    return part.host.empty() ? w(HtmlReport::tr("this machine")) : text(part.host);
}

std::string sectionId(std::size_t k)
{
    return "host-" + std::to_string(k + 1);
}

void writeOverview(std::string &out, const std::vector<HostReportPart> &parts)
{
    out += "<table id=\"hosts-table\" class=\"sortable\">";
    head(out,
        {{"host", HtmlReport::tr("Host")}, {"status", HtmlReport::tr("Status")},
            {"processes", HtmlReport::tr("Processes")}, {"candidates", HtmlReport::tr("Candidates")},
            {"memory", HtmlReport::tr("Freed by the recommended kills")}},
        " processes candidates memory ");
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const HostReportPart &p = parts[k];
        out += "<tr data-host=\"" + text(p.host) + "\"><td data-key=\"host\"><a href=\"#" + sectionId(k) + "\">"
            + hostName(p) + "</a></td>";
        if (!p.input) {
            out += "<td data-key=\"status\" class=\"host-error\">" + text(p.error)
                + "</td><td class=\"num\">–</td><td class=\"num\">–</td><td class=\"num\">–</td></tr>\n";
            continue;
        }
        const ReportInput &in = *p.input;
        out += "<td data-key=\"status\">" + w(HtmlReport::tr("scanned")) + "</td>";
        out += cell("processes", static_cast<double>(in.processes.size()), std::to_string(in.processes.size()));
        const CandidateCounts &counts = in.header.counts;
        out += cell("candidates", counts.candidates, std::to_string(counts.candidates));
        out += cell("memory", static_cast<double>(counts.reclaimableBytes), hostsBytes(counts.reclaimableBytes));
        out += "</tr>\n";
    }
    out += "</tbody></table>\n";
}

// The same candidate command on several machines: "node server.js — devbox1 ×1, buildbox ×4".
void writeShared(std::string &out, const std::vector<HostReportPart> &parts)
{
    std::map<std::string, std::map<std::size_t, int>> byCommand;
    for (std::size_t k = 0; k < parts.size(); ++k)
        if (parts[k].input)
            for (const ReportCard &c : parts[k].input->cards)
                ++byCommand[parts[k].input->processes[static_cast<std::size_t>(c.process)].command][k];
    std::vector<std::pair<const std::string *, const std::map<std::size_t, int> *>> shared;
    for (const auto &[command, hosts] : byCommand)
        if (hosts.size() > 1)
            shared.emplace_back(&command, &hosts);
    if (shared.empty())
        return;
    std::stable_sort(
        shared.begin(), shared.end(), [](const auto &a, const auto &b) { return a.second->size() > b.second->size(); });
    out += "<section id=\"shared\"><h2>" + w(HtmlReport::tr("The same candidates on several machines"))
        + "</h2><ul class=\"shared\">";
    for (std::size_t r = 0; r < shared.size() && r < kSharedRows; ++r) {
        out += "<li>" + commandInList(*shared[r].first, kHostCommandInList) + " — ";
        bool first = true;
        for (const auto &[k, count] : *shared[r].second) {
            out += std::string(first ? "" : ", ") + "<a href=\"#" + sectionId(k) + "\">" + hostName(parts[k]) + "</a> ×"
                + std::to_string(count);
            first = false;
        }
        out += "</li>\n";
    }
    out += "</ul></section>\n";
}

void writeHost(std::string &out, const HostReportPart &part, std::size_t k)
{
    out += "<section class=\"host\" id=\"" + sectionId(k) + "\" data-host=\"" + text(part.host) + "\"><h2>"
        + hostName(part) + "</h2>";
    if (!part.input) {
        out += "<p class=\"note host-error\">" + w(HtmlReport::tr("Not scanned:")) + " " + text(part.error)
            + "</p></section>\n";
        return;
    }
    const ReportInput &in = *part.input;
    const ReportHeader &h = in.header;
    out += "<dl class=\"facts\"><dt>" + w(HtmlReport::tr("Scanned")) + "</dt><dd>" + hostsWhen(h.scannedAtMs)
        + "</dd><dt>" + w(HtmlReport::tr("Booted")) + "</dt><dd>" + hostsWhen(h.bootAtMs) + "</dd><dt>"
        + w(HtmlReport::tr("Memory")) + "</dt><dd>"
        + w(HtmlReport::tr("%1 available of %2")
                .arg(localQ(formatBytes(static_cast<double>(h.memAvailableBytes))),
                    localQ(formatBytes(static_cast<double>(h.memTotalBytes)))))
        + "</dd><dt>" + w(HtmlReport::tr("Processes")) + "</dt><dd>" + std::to_string(in.processes.size()) + "</dd><dt>"
        + w(HtmlReport::tr("Candidates")) + "</dt><dd>" + std::to_string(h.counts.candidates) + "</dd></dl>";
    if (in.cards.empty()) {
        out += "<p class=\"empty\">" + w(HtmlReport::tr("Nothing needs attention.")) + "</p></section>\n";
        return;
    }
    out += "<table class=\"sortable candidates\">";
    head(out,
        {{"command", HtmlReport::tr("Command")}, {"user", HtmlReport::tr("User")}, {"class", HtmlReport::tr("Class")},
            {"score", HtmlReport::tr("Score")}, {"action", HtmlReport::tr("Recommended")},
            {"memory", HtmlReport::tr("Memory")}, {"age", HtmlReport::tr("Age")}},
        " score memory age ");
    const std::size_t rows = std::min(in.cards.size(), kReportCandidates);
    for (std::size_t c = 0; c < rows; ++c) {
        const ReportProcess &p = in.processes[static_cast<std::size_t>(in.cards[c].process)];
        out += "<tr data-class=\"" + classCss(p.classification) + "\" data-pid=\"" + std::to_string(p.pid)
            + "\" data-start-id=\"" + text(p.startId) + "\"><td data-key=\"command\" data-value=\"" + text(p.comm)
            + "\">" + text(p.comm) + " <span class=\"muted\">" + std::to_string(p.pid) + "</span><br>"
            + commandInList(p.command, kHostCommandInList, p.commandBytesCut) + "</td><td data-key=\"user\">"
            + text(p.user) + "</td><td data-key=\"class\"><span class=\"cls cls-" + classCss(p.classification) + "\">"
            + w(EngineLabels::processClass(p.classification)) + "</span></td>"
            + cell("score", p.score, std::to_string(p.score)) + "<td data-key=\"action\">" + recommendationText(p)
            + "</td>" + cell("memory", static_cast<double>(p.rssBytes), hostsBytes(p.rssBytes))
            + cell("age", p.ageSeconds, duration(p.ageSeconds)) + "</tr>\n";
    }
    out += "</tbody></table>";
    if (in.cards.size() > rows)
        out += "<p class=\"muted not-shown\">"
            + w(HtmlReport::tr("%1 more candidates not shown (a report lists the %2 with the highest scores)")
                    .arg(in.cards.size() - rows)
                    .arg(kReportCandidates))
            + "</p>";
    out += "</section>\n";
}

std::string hostsSha256(const std::string &s)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(s), QCryptographicHash::Sha256).toBase64().toStdString();
}

} // namespace

std::string HtmlReport::renderHosts(
    const std::vector<HostReportPart> &parts, const std::string &version, std::int64_t generatedAtMs)
{
    const std::string &css = styleSheet();
    const std::string &js = script();
    std::string out;
    int failed = 0;
    for (const HostReportPart &p : parts)
        failed += p.input ? 0 : 1;
    out += "<!DOCTYPE html>\n<html lang=\"" + w(HtmlReport::tr("en", "the report's language code"))
        + "\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-"
        + hostsSha256(css) + "'; script-src 'sha256-" + hostsSha256(js)
        + "'; img-src 'none'; base-uri 'none'; form-action 'none'\">\n"
          "<meta name=\"color-scheme\" content=\"light dark\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"ptriage "
        + text(version) + "\">\n<title>" + w(HtmlReport::tr("ptriage report: %1 machines").arg(parts.size()))
        + "</title>\n<style>" + css + "</style>\n</head>\n<body>\n<header id=\"summary\"><h1>"
        + w(HtmlReport::tr("Process triage of %1 machines").arg(parts.size())) + "</h1><p class=\"muted\">"
        + w(HtmlReport::tr("Each machine's evidence judged by this machine's model, taken %1")
                .arg(QDateTime::fromMSecsSinceEpoch(generatedAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))))
        + (failed ? " · " + w(HtmlReport::tr("not scanned: %1").arg(failed)) : std::string()) + "</p>";
    writeOverview(out, parts);
    out += "</header>\n";
    writeShared(out, parts);
    for (std::size_t k = 0; k < parts.size(); ++k)
        writeHost(out, parts[k], k);
    out += "<footer>"
        + w(HtmlReport::tr("Made by ptriage %1 on %2. Nothing in this file is fetched from anywhere.")
                .arg(QString::fromStdString(version),
                    QDateTime::fromMSecsSinceEpoch(generatedAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss "))
                        + QDateTime::fromMSecsSinceEpoch(generatedAtMs).timeZoneAbbreviation()))
        + "</footer>\n<script>" + js + "</script>\n</body>\n</html>\n";
    return out;
}

} // namespace ptriage
