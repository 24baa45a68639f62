// ptriage.relief.v1 and the terminal table of `ptriage relieve`.
#include "EngineLabels.h"
#include "JsonWriter.h"
#include "ScanReport.h"
#include "decide/groups/GroupPlan.h"
#include "decide/relief/ReliefPlan.h"
#include "util/Format.h"
#include "util/Phrase.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>

namespace ptriage {
namespace {

std::string commandOf(const TriageResult &r, int i, std::size_t width)
{
    return cutColumns(printableCommandLine(r.snapshot->processes[static_cast<std::size_t>(i)]), width);
}

// A sentence of this table in the installed translation.
std::string sayRelief(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("ReliefText", source, std::move(args)).translated();
}

std::string goalText(const ReliefGoal &goal)
{
    return goal.freePort > 0
        ? sayRelief(QT_TRANSLATE_NOOP("ReliefText", "free TCP port %1"), {std::to_string(goal.freePort)})
        : sayRelief(QT_TRANSLATE_NOOP("ReliefText", "free %1"), {Phrase::bytes(static_cast<double>(goal.freeBytes))});
}

} // namespace

std::string reliefPlanJson(const ReliefPlan &plan, const TriageResult &r)
{
    JsonWriter w(true);
    w.beginObject();
    w.key("schema").value("ptriage.relief.v1");
    w.key("goal").beginObject();
    if (plan.goal.freePort > 0)
        w.key("free_port").value(plan.goal.freePort);
    else
        w.key("free_bytes").value(static_cast<long long>(plan.goal.freeBytes));
    w.endObject();
    w.key("reached").value(plan.reached);
    w.key("exact").value(plan.exact);
    w.key("frees_bytes").value(static_cast<long long>(plan.freesBytes));
    w.key("expected_loss").value(plan.expectedLoss, 4);
    if (plan.reached)
        w.key("shortfall").null();
    else
        w.key("shortfall").value(plan.shortfall.english());
    w.key("steps").beginArray();
    for (const ReliefStep &s : plan.steps) {
        w.beginObject();
        w.key("start_id").value(s.target.toString());
        w.key("pid").value(s.target.pid);
        w.key("command").value(commandOf(r, s.index, 4096));
        w.key("action").value(jsonName(s.action));
        w.key("frees_bytes").value(static_cast<long long>(s.freesBytes));
        w.key("memory_source").value(jsonName(s.source));
        w.key("tree").beginArray();
        for (int m : s.tree)
            writeProcessRef(w, r, m);
        w.endArray();
        w.key("expected_loss").value(s.expectedLoss, 4);
        w.key("risk").value(jsonName(s.risk));
        if (s.stopUnit.empty())
            w.key("stop_unit").null();
        else
            w.key("stop_unit").value(s.stopUnit);
        w.key("why").value(s.why.english());
        w.endObject();
    }
    w.endArray();
    w.key("excluded").beginArray();
    for (const auto &[i, gate] : plan.excluded) {
        w.beginObject();
        w.key("start_id").value(r.identityOf(i).toString());
        w.key("pid").value(r.identityOf(i).pid);
        w.key("command").value(commandOf(r, i, 4096));
        w.key("gate").value(gate.english());
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

std::string reliefPlanText(const ReliefPlan &plan, const TriageResult &r, std::size_t width)
{
    // The columns before a command: a step's row 53, "also ends PID " about 22, a left-out one's 10.
    const auto fit = [width](std::size_t prefix, std::size_t piped) {
        return width == 0 ? piped : std::clamp<std::size_t>(width > prefix ? width - prefix : 0, 12, piped);
    };
    const std::string outcome = plan.reached ? sayRelief(QT_TRANSLATE_NOOP("ReliefText", "reached: frees %1"),
                                    {Phrase::bytes(static_cast<double>(plan.freesBytes))})
                                             : sayRelief(QT_TRANSLATE_NOOP("ReliefText", "NOT reachable safely"));
    const std::string search = plan.exact
        ? sayRelief(QT_TRANSLATE_NOOP("ReliefText", "exact search"))
        : sayRelief(QT_TRANSLATE_NOOP("ReliefText", "greedy search with local improvement"));
    std::string out
        = sayRelief(QT_TRANSLATE_NOOP("ReliefText", "Goal: %1 — %2 (%3)"), {goalText(plan.goal), outcome, search})
        + "\n";
    if (!plan.reached)
        out += "  " + plan.shortfall.translated() + "\n";
    if (plan.steps.empty()) {
        out += sayRelief(QT_TRANSLATE_NOOP("ReliefText", "No step.")) + "\n";
    } else {
        char line[512];
        out += "\n  " + padColumns("#", 3) + ' ' + padColumns(sayRelief(QT_TRANSLATE_NOOP("ReliefText", "PID")), 8)
            + ' ' + padColumns(sayRelief(QT_TRANSLATE_NOOP("ReliefText", "ACTION")), 10) + ' '
            + padColumns(sayRelief(QT_TRANSLATE_NOOP("ReliefText", "FREES")), 10, true) + ' '
            + padColumns(sayRelief(QT_TRANSLATE_NOOP("ReliefText", "LOSS")), 6, true) + ' '
            + padColumns(sayRelief(QT_TRANSLATE_NOOP("ReliefText", "RISK")), 8) + ' '
            + sayRelief(QT_TRANSLATE_NOOP("ReliefText", "COMMAND")) + "\n";
        int n = 0;
        for (const ReliefStep &s : plan.steps) {
            const std::string action = s.stopUnit.empty() ? sayRelief(QT_TRANSLATE_NOOP("ReliefText", "end"))
                                                          : sayRelief(QT_TRANSLATE_NOOP("ReliefText", "advice"));
            std::snprintf(line, sizeof line, "  %-3d %-8d ", ++n, s.target.pid);
            out += line + padColumns(action, 10) + ' ';
            out += padColumns(localBytes(static_cast<double>(s.freesBytes)).toStdString(), 10, true) + ' '
                + padColumns(localNumber(s.expectedLoss, 1).toStdString(), 6, true) + ' '
                + padColumns(EngineLabels::risk(s.risk).toStdString(), 8) + ' ' + commandOf(r, s.index, fit(53, 80))
                + '\n';
            out += "      " + s.target.toString() + "  " + s.why.translated() + "\n";
            if (!s.stopUnit.empty())
                out += "      "
                    + sayRelief(
                        QT_TRANSLATE_NOOP("ReliefText", "not carried out by ptriage: stop %1 yourself"), {s.stopUnit})
                    + "\n";
            for (int m : s.tree)
                out += "      "
                    + sayRelief(QT_TRANSLATE_NOOP("ReliefText", "also ends %1 %2"),
                        {std::to_string(r.identityOf(m).pid), commandOf(r, m, fit(22, 70))})
                    + "\n";
        }
        out += "\n  "
            + sayRelief(QT_TRANSLATE_NOOP("ReliefText", "total: frees %1, expected loss %2"),
                {Phrase::bytes(static_cast<double>(plan.freesBytes)), Phrase::number(plan.expectedLoss, 1)})
            + "\n";
        // Where a group is the culprit (a session whose owner is gone), it is named as one.
        std::vector<std::pair<int, std::vector<int>>> culprits;
        for (const ReliefStep &step : plan.steps)
            culprits.emplace_back(step.index, step.tree);
        for (const GroupCulprit &g : groupCulprits(r, culprits))
            out += "  "
                + sayRelief(QT_TRANSLATE_NOOP("ReliefText", "Leftovers: %1 (ptriage groups lists them)"), {g.phrase})
                + "\n";
    }
    if (!plan.excluded.empty()) {
        out += "\n" + sayRelief(QT_TRANSLATE_NOOP("ReliefText", "Left out:")) + "\n";
        for (const auto &[i, gate] : plan.excluded)
            out += "  " + std::to_string(r.identityOf(i).pid) + " " + commandOf(r, i, fit(10, 50)) + " — "
                + gate.translated() + "\n";
    }
    return out;
}

} // namespace ptriage
