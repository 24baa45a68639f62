#pragma once

#include "report/html/ReportInput.h"

#include <QCoreApplication>

namespace ptriage {

// The HTML report: one self-contained document (inline CSS and SVG, a Content-Security-Policy that
// allows no fetch, complete without script; a small inline script adds sorting and filtering).
// The same input gives the same bytes. Its words are translated (context "HtmlReport").
class HtmlReport {
    Q_DECLARE_TR_FUNCTIONS(HtmlReport)
public:
    static std::string render(const ReportInput &input);
    // Writes all of it or nothing (an existing file is replaced only by a complete report).
    static bool save(const std::string &html, const QString &path, QString *error);
};

} // namespace ptriage
