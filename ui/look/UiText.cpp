#include "look/UiText.h"

#include <algorithm>

namespace ptriage {

QString processName(const Sample &s)
{
    if (s.details && !s.details->cmdline.empty()) {
        const std::string &argv0 = s.details->cmdline.front();
        const auto slash = argv0.rfind('/');
        const std::string base = slash == std::string::npos ? argv0 : argv0.substr(slash + 1);
        // A login shell's "-bash", or an argv[0] rewritten into a whole title: keep comm then.
        if (!base.empty() && base.size() <= 64 && base.find(' ') == std::string::npos)
            return qs(base);
    }
    return qs(s.comm);
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
