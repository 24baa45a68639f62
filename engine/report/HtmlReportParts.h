#pragma once

// The parts of HtmlReport::render, each in its own file.
#include "HtmlDocument.h"
#include "HtmlReport.h"

namespace ptriage::htmlreport {

// Our words (HtmlReport::tr(…)), escaped.
inline std::string w(const QString &words)
{
    return html::words(words);
}
std::string classCss(ProcessClass c); // "useful", "useful_bad" …: the class's JSON name
std::string rowId(const char *prefix, const ReportProcess &p); // "row-1234-5678"

void writeCards(std::string &out, const ReportInput &in);

const std::string &styleSheet();
const std::string &script();

} // namespace ptriage::htmlreport
