#include "look/UiText.h"

#include <algorithm>

namespace ptriage {

QString processName(const ProcessView &process)
{
    const std::string &name = process.facts().name;
    return qs(name.empty() ? process.sample().comm : name);
}

QString commandLineOf(const Sample &s)
{
    if (!s.details || s.details->cmdline.empty())
        return QLatin1Char('[') + qs(s.details ? s.details->comm : s.comm) + QLatin1Char(']');
    std::string line;
    for (const std::string &a : s.details->cmdline) {
        if (&a != &s.details->cmdline.front())
            line += ' ';
        line += a;
    }
    // One line: a script passed with -c keeps its newlines in argv.
    std::replace(line.begin(), line.end(), '\n', ' ');
    return qs(line);
}

} // namespace ptriage
