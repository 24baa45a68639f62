#include "LearnedReport.h"
#include "SessionReport.h"

#include "report/JsonWriter.h"

#include <algorithm>
#include <cstdio>

namespace ptriage {
namespace {

std::string spaced(std::string command)
{
    std::replace(command.begin(), command.end(), '\0', ' ');
    return command;
}

bool speaks(const Match &m, const LearningParams &params)
{
    return m.kills + m.spares + m.respawned >= params.minVotes;
}

} // namespace

std::string learnedJson(
    const std::vector<Decision> &decisions, const LearnedPatterns &patterns, const LearningParams &params)
{
    JsonWriter w;
    w.beginObject();
    w.key("schema").value("ptriage.learned.v1");
    w.key("half_life_days").value(params.halfLifeDays, 3);
    w.key("spare_weight").value(params.spareWeight, 3);
    w.key("min_votes").value(params.minVotes, 3);
    w.key("patterns").beginArray();
    for (const Match &m : patterns.all()) {
        w.beginObject();
        w.key("pattern").value(m.pattern);
        w.key("level").value(jsonName(m.level));
        w.key("votes").value(m.votes);
        w.key("kills").value(m.kills, 4);
        w.key("spares").value(m.spares, 4);
        w.key("respawned").value(m.respawned, 4);
        w.key("in_effect").value(speaks(m, params));
        w.key("bits").value(patterns.logOdds(m) / 0.69314718055994530942, 4);
        w.key("last_at").value(isoTimeOf(m.lastAtMs));
        w.key("last_at_ms").value(static_cast<long long>(m.lastAtMs));
        w.endObject();
    }
    w.endArray();
    w.key("decisions").beginArray();
    for (const Decision &d : decisions) {
        w.beginObject();
        w.key("id").value(d.id);
        w.key("at").value(isoTimeOf(d.atMs));
        w.key("at_ms").value(static_cast<long long>(d.atMs));
        w.key("vote").value(d.vote == Decision::Vote::Kill ? "kill" : "spare");
        if (d.target.isValid())
            w.key("start_id").value(d.target.toString());
        else
            w.key("start_id").null();
        w.key("command").value(spaced(d.command));
        const auto p = commandPatterns(d.command);
        w.key("exact").value(p ? p->exact : std::string());
        w.key("generalized").value(p ? p->generalized : std::string());
        w.key("base").value(p ? p->base : std::string());
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

std::string learnedText(
    const std::vector<Decision> &decisions, const LearnedPatterns &patterns, const LearningParams &params)
{
    if (decisions.empty())
        return "no decisions learned yet (end or spare a process in the window)\n";
    std::string out;
    char buf[128];
    std::snprintf(
        buf, sizeof buf, "%-12s %6s %6s %6s %6s  %s\n", "LEVEL", "VOTES", "ENDED", "SPARED", "BITS", "PATTERN");
    out += buf;
    for (const Match &m : patterns.all()) {
        std::snprintf(buf, sizeof buf, "%-12s %6d %6.1f %6.1f %+6.1f%s ", jsonName(m.level), m.votes,
            m.kills + m.respawned, m.spares, patterns.logOdds(m) / 0.69314718055994530942,
            speaks(m, params) ? " " : "*");
        out += buf;
        out += ' ' + m.pattern + '\n';
    }
    std::snprintf(buf, sizeof buf,
        "%zu decisions; counts decay by half every %.0f days; * not in effect (fewer than %.1f votes)\n",
        decisions.size(), params.halfLifeDays, params.minVotes);
    out += buf;
    return out;
}

} // namespace ptriage
