#pragma once

#include "report/html/ReportInput.h"

#include <QCoreApplication>

namespace ptriage {

// The HTML report: one self-contained document (inline CSS and SVG, a Content-Security-Policy that
// allows no fetch, complete without script; a small inline script adds sorting and filtering).
// The same input gives the same bytes. Its words are translated (context "HtmlReport").
// One machine of a report over several (report --host): its report input, or why it has none.
struct HostReportPart {
    std::string host; // as ssh was given it; empty: this machine
    std::optional<ReportInput> input;
    std::string error; // one line, from the host's scan
};

class HtmlReport {
    Q_DECLARE_TR_FUNCTIONS(HtmlReport)
public:
    static std::string render(const ReportInput &input);
    // Several machines (HostsReport.cpp): an overview, the candidates seen on more than one, then
    // each machine's candidates; a failed one is named with its error.
    static std::string renderHosts(
        const std::vector<HostReportPart> &parts, const std::string &version, std::int64_t generatedAtMs);
    // Writes all of it or nothing (an existing file is replaced only by a complete report).
    static bool save(const std::string &html, const QString &path, QString *error);
};

} // namespace ptriage
