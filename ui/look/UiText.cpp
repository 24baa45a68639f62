#include "look/UiText.h"

#include <QStringList>

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
    QStringList args;
    args.reserve(static_cast<qsizetype>(s.details->cmdline.size()));
    for (const std::string &a : s.details->cmdline)
        args << qs(a);
    // One line: a script passed with -c keeps its newlines in argv.
    return args.join(QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

} // namespace ptriage
