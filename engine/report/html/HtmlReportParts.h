#pragma once

// The parts of HtmlReport::render, each in its own file.
#include "report/html/HtmlDocument.h"
#include "report/html/HtmlReport.h"

#include "util/Format.h"

namespace ptriage::htmlreport {

// Our words (HtmlReport::tr(…)), escaped.
inline std::string w(const QString &words)
{
    return html::words(words);
}
// util/Format's figures with the locale's decimal separator (util/Format's localFigure).
std::string localRaw(std::string formatted);
inline QString localQ(const std::string &formatted)
{
    return QString::fromStdString(localRaw(formatted));
}
inline std::string localized(const std::string &formatted)
{
    return html::text(localRaw(formatted));
}
inline std::string percent(double fraction)
{
    return localized(formatPercent(fraction));
}
inline std::string duration(double seconds)
{
    return localized(formatDuration(seconds));
}
std::string classCss(ProcessClass c); // "useful", "useful_bad" …: the class's JSON name
std::string rowId(const char *prefix, const ReportProcess &p); // "row-1234-5678"

// A command line for a table: whole when short; cut at `maxBytes` otherwise, with more of it (up to
// kReportUnfoldedBytes) a click (<details>) or a hover (title) away — no script needed. `cut`:
// bytes the session database did not give.
std::string commandInList(const std::string &command, std::size_t maxBytes, std::size_t cut = 0);
// A command line shown whole up to `maxBytes`, then how many bytes are not shown.
std::string wholeCommand(const std::string &command, std::size_t cut = 0, std::size_t maxBytes = kReportCommandBytes);
// The recommendation as a table shows it: "kill", "review", "ask the parent to reap (SIGCHLD) → 3180".
std::string recommendationText(const ReportProcess &p);

// Candidates that look the same (command line, class and recommendation, its target included) share
// one card: the groups, each a list of indices into ReportInput::cards, in the order of the cards.
std::vector<std::vector<std::size_t>> cardGroups(const ReportInput &in);
void writeCards(std::string &out, const ReportInput &in, const std::vector<std::vector<std::size_t>> &groups);

const std::string &styleSheet();
const std::string &script();

} // namespace ptriage::htmlreport
