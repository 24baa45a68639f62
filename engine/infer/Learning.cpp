#include "Learning.h"

#include "Origin.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace ptriage {
namespace {

constexpr std::size_t kMaxExact = 400;

const std::string &home()
{
    static const std::string h = origin::homeDirectory();
    return h;
}

// "python3.11" → "python", "node18" → "node": the program, not its version.
std::string withoutVersion(std::string name)
{
    std::size_t end = name.size();
    while (end > 1
        && (std::isdigit(static_cast<unsigned char>(name[end - 1])) || name[end - 1] == '.' || name[end - 1] == '-'
            || name[end - 1] == '_'))
        --end;
    return end == 0 ? name : name.substr(0, end);
}

int indexOf(PatternLevel level)
{
    return static_cast<int>(level);
}

} // namespace

const char *jsonName(PatternLevel level)
{
    switch (level) {
    case PatternLevel::Exact:
        return "exact";
    case PatternLevel::Generalized:
        return "generalized";
    case PatternLevel::Base:
        break;
    }
    return "base";
}

const char *labelSource(PatternLevel level)
{
    switch (level) {
    case PatternLevel::Exact:
        return QT_TRANSLATE_NOOP("EngineLabels", "exact command");
    case PatternLevel::Generalized:
        return QT_TRANSLATE_NOOP("EngineLabels", "generalized");
    case PatternLevel::Base:
        break;
    }
    return QT_TRANSLATE_NOOP("EngineLabels", "program only");
}

const std::string &CommandPatterns::at(PatternLevel level) const
{
    return level == PatternLevel::Exact ? exact : (level == PatternLevel::Generalized ? generalized : base);
}

namespace {

// The base level alone: cheap, so a scan skips the other levels of programs nobody voted on.
std::string baseOf(const std::vector<std::string> &argv)
{
    const std::string_view argv0 = argv.empty() ? std::string_view() : std::string_view(argv.front());
    const auto slash = argv0.rfind('/');
    return withoutVersion(std::string(slash == std::string_view::npos ? argv0 : argv0.substr(slash + 1)));
}

// The exact level alone: argv joined by spaces, trailing spaces dropped, bounded.
std::string exactOf(const std::vector<std::string> &argv)
{
    std::string exact;
    for (std::size_t a = 0; a < argv.size() && exact.size() <= kMaxExact; ++a)
        exact += (a ? " " : "") + argv[a].substr(0, kMaxExact + 1);
    if (exact.size() > kMaxExact + 1)
        exact.resize(kMaxExact + 1); // as before: bounded first, then trailing spaces dropped
    while (!exact.empty() && exact.back() == ' ')
        exact.pop_back();
    if (exact.size() > kMaxExact)
        exact.resize(kMaxExact);
    return exact;
}

} // namespace

std::optional<CommandPatterns> commandPatterns(const std::vector<std::string> &argv)
{
    if (argv.empty() || argv.front().empty())
        return std::nullopt;
    CommandPatterns p;
    p.exact = exactOf(argv);
    p.generalized = origin::normalizeCommand(argv, {}, home());
    p.base = baseOf(argv);
    if (p.base.empty())
        return std::nullopt;
    return p;
}

LearnedPatterns::LearnedPatterns(const std::vector<Decision> &decisions, const std::vector<ProcessStart> &starts,
    const LearningParams &params, std::int64_t nowMs)
    : m_params(params)
{
    const double halfLifeMs = params.halfLifeDays * 86400e3;
    // Exact patterns of the processes seen, with when they started: a kill whose pattern
    // started again right after it was futile (something respawns it).
    // Only the exact level, and only of commands someone ended: a scan may bring thousands.
    std::unordered_map<std::string, std::vector<std::pair<std::int64_t, ProcessIdentity>>> started;
    for (const Decision &d : decisions)
        if (d.vote == Decision::Vote::Kill)
            started.try_emplace(exactOf(d.argv));
    for (const auto &s : starts) {
        auto it = started.find(exactOf(s.argv));
        if (it != started.end())
            it->second.emplace_back(s.startMs, s.id);
    }
    for (const Decision &d : decisions) {
        const auto patterns = commandPatterns(d.argv);
        if (!patterns)
            continue;
        const double weight = std::pow(0.5, std::max<double>(0, static_cast<double>(nowMs - d.atMs)) / halfLifeMs);
        bool respawned = false;
        if (d.vote == Decision::Vote::Kill) {
            auto it = started.find(patterns->exact);
            if (it != started.end())
                for (const auto &[at, id] : it->second)
                    respawned = respawned
                        || (!(id == d.target) && at >= d.atMs - 1000
                            && at <= d.atMs + static_cast<std::int64_t>(params.respawnSeconds * 1000));
        }
        for (PatternLevel level : {PatternLevel::Exact, PatternLevel::Generalized, PatternLevel::Base}) {
            Match &m = m_levels[indexOf(level)][patterns->at(level)];
            m.pattern = patterns->at(level);
            m.level = level;
            ++m.votes;
            m.lastAtMs = std::max(m.lastAtMs, d.atMs);
            if (d.vote == Decision::Vote::Spare)
                m.spares += weight;
            else if (respawned)
                m.respawned += weight;
            else
                m.kills += weight;
        }
    }
}

std::optional<Match> LearnedPatterns::lookup(const std::vector<std::string> &argv) const
{
    if (empty())
        return std::nullopt;
    if (!m_levels[indexOf(PatternLevel::Base)].contains(baseOf(argv)))
        return std::nullopt;
    // The cache's key: argv joined by NUL (no argument holds one).
    std::string command;
    for (std::size_t a = 0; a < argv.size(); ++a)
        command += (a ? std::string(1, '\0') : std::string()) + argv[a];
    {
        std::lock_guard lock(m_cache->mutex);
        auto it = m_cache->byCommand.find(command);
        if (it != m_cache->byCommand.end())
            return it->second;
    }
    auto found = lookupUncached(argv);
    std::lock_guard lock(m_cache->mutex);
    if (m_cache->byCommand.size() > 50'000)
        m_cache->byCommand.clear();
    m_cache->byCommand.emplace(command, found);
    return found;
}

std::optional<Match> LearnedPatterns::lookupUncached(const std::vector<std::string> &argv) const
{
    const auto patterns = commandPatterns(argv);
    if (!patterns)
        return std::nullopt;
    for (PatternLevel level : {PatternLevel::Exact, PatternLevel::Generalized, PatternLevel::Base}) {
        const auto &map = m_levels[indexOf(level)];
        auto it = map.find(patterns->at(level));
        if (it != map.end() && it->second.kills + it->second.spares + it->second.respawned >= m_params.minVotes)
            return it->second;
    }
    return std::nullopt;
}

std::vector<Match> LearnedPatterns::all() const
{
    std::vector<Match> out;
    for (const auto &map : m_levels)
        for (const auto &[pattern, m] : map)
            out.push_back(m);
    std::sort(out.begin(), out.end(), [](const Match &a, const Match &b) {
        if (a.level != b.level)
            return a.level < b.level;
        if (a.votes != b.votes)
            return a.votes > b.votes;
        return a.pattern < b.pattern;
    });
    return out;
}

double LearnedPatterns::logOdds(const Match &m) const
{
    const double against = m.spares * m_params.spareWeight + m.respawned;
    const double lo = std::log((m.kills + 1) / (against + 1));
    return m.level == PatternLevel::Base ? lo * m_params.baseLevelWeight : lo;
}

} // namespace ptriage
