#pragma once

#include "collect/Sample.h"
#include "decide/Triage.h"
#include "util/Phrase.h"

#include <QString>

#include <string>

namespace ptriage {

// Engine strings are UTF-8 bytes (cmdlines may not be valid UTF-8: those bytes become U+FFFD).
inline QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// An engine sentence, in the installed translation.
inline QString qs(const Phrase &p)
{
    return p.text();
}

// What a person calls the process, as every surface names it (ProcessFacts::name: the script an
// interpreter runs, else the program; comm is cut at 15 bytes).
QString processName(const ProcessView &process);
// The command line as one line ("[comm]" when it has none).
QString commandLineOf(const Sample &s);

} // namespace ptriage
