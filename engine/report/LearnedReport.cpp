#include "LearnedReport.h"
#include "SessionReport.h"

#include "report/JsonWriter.h"
#include "util/Format.h"
#include "util/Phrase.h"

#include <algorithm>
#include <cstdio>

namespace ptriage {
namespace {

std::string spaced(const std::vector<std::string> &argv)
{
    std::string out;
    for (std::size_t a = 0; a < argv.size(); ++a)
        out += (a ? " " : "") + argv[a];
    return out;
}

// A sentence of the table in the installed translation.
std::string sayLearned(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("LearnedText", source, std::move(args)).translated();
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
        w.key("command").value(spaced(d.argv));
        const auto p = commandPatterns(d.argv);
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
        return sayLearned(
                   QT_TRANSLATE_NOOP("LearnedText", "no decisions learned yet (end or spare a process in the window)"))
            + "\n";
    std::string out = padColumns(sayLearned(QT_TRANSLATE_NOOP("LearnedText", "LEVEL")), 12) + ' '
        + padColumns(sayLearned(QT_TRANSLATE_NOOP("LearnedText", "VOTES")), 6, true) + ' '
        + padColumns(sayLearned(QT_TRANSLATE_NOOP("LearnedText", "ENDED")), 6, true) + ' '
        + padColumns(sayLearned(QT_TRANSLATE_NOOP("LearnedText", "SPARED")), 6, true) + ' '
        + padColumns(sayLearned(QT_TRANSLATE_NOOP("LearnedText", "BITS")), 6, true) + "  "
        + sayLearned(QT_TRANSLATE_NOOP("LearnedText", "PATTERN")) + "\n";
    char buf[128];
    for (const Match &m : patterns.all()) {
        const double bits = patterns.logOdds(m) / 0.69314718055994530942;
        std::snprintf(buf, sizeof buf, " %6d ", m.votes);
        out += padColumns(word(m.level).translated(), 12) + buf
            + padColumns(localNumber(m.kills + m.respawned, 1).toStdString(), 6, true) + ' '
            + padColumns(localNumber(m.spares, 1).toStdString(), 6, true) + ' '
            + padColumns((bits < 0 ? "" : "+") + localNumber(bits, 1).toStdString(), 6, true)
            + (speaks(m, params) ? " " : "*") + ' ';
        out += ' ' + m.pattern + '\n';
    }
    out += sayLearned(QT_TRANSLATE_NOOP("LearnedText",
                          "%1 decisions; counts decay by half every %2 days; * not in effect (fewer than %3 votes)"),
               {std::to_string(decisions.size()), Phrase::number(params.halfLifeDays, 0),
                   Phrase::number(params.minVotes, 1)})
        + "\n";
    return out;
}

} // namespace ptriage
