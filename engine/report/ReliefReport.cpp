// ptriage.relief.v1 and the terminal table of `ptriage relieve`.
#include "JsonWriter.h"
#include "ScanReport.h"
#include "decide/ReliefPlan.h"
#include "util/Format.h"

#include <cstdio>

namespace ptriage {
namespace {

void processRef(JsonWriter &w, const TriageResult &r, int i)
{
    const Sample &s = r.snapshot->processes[static_cast<std::size_t>(i)];
    w.beginObject();
    w.key("start_id").value(s.id.toString());
    w.key("pid").value(s.id.pid);
    w.key("command").value(printableCommandLine(s));
    w.endObject();
}

std::string commandOf(const TriageResult &r, int i, std::size_t width)
{
    const std::string c = printableCommandLine(r.snapshot->processes[static_cast<std::size_t>(i)]);
    return c.size() > width ? c.substr(0, width - 1) + "~" : c;
}

std::string goalText(const ReliefGoal &goal)
{
    return goal.freePort > 0 ? "free TCP port " + std::to_string(goal.freePort)
                             : "free " + formatBytes(static_cast<double>(goal.freeBytes));
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
        w.key("shortfall").value(plan.shortfall);
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
            processRef(w, r, m);
        w.endArray();
        w.key("expected_loss").value(s.expectedLoss, 4);
        w.key("risk").value(jsonName(s.risk));
        if (s.stopUnit.empty())
            w.key("stop_unit").null();
        else
            w.key("stop_unit").value(s.stopUnit);
        w.key("why").value(s.why);
        w.endObject();
    }
    w.endArray();
    w.key("excluded").beginArray();
    for (const auto &[i, gate] : plan.excluded) {
        w.beginObject();
        w.key("start_id").value(r.identityOf(i).toString());
        w.key("pid").value(r.identityOf(i).pid);
        w.key("command").value(commandOf(r, i, 4096));
        w.key("gate").value(gate);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

std::string reliefPlanText(const ReliefPlan &plan, const TriageResult &r)
{
    std::string out = "Goal: " + goalText(plan.goal) + " — "
        + (plan.reached ? "reached: frees " + formatBytes(static_cast<double>(plan.freesBytes))
                        : std::string("NOT reachable safely"))
        + " (" + (plan.exact ? "exact search" : "greedy search with local improvement") + ")\n";
    if (!plan.reached)
        out += "  " + plan.shortfall + "\n";
    if (plan.steps.empty()) {
        out += "No step.\n";
    } else {
        char line[512];
        std::snprintf(line, sizeof line, "\n  %-3s %-8s %-10s %10s %6s %-8s %s\n", "#", "PID", "ACTION", "FREES",
            "LOSS", "RISK", "COMMAND");
        out += line;
        int n = 0;
        for (const ReliefStep &s : plan.steps) {
            const std::string action = s.stopUnit.empty() ? "end" : "advice";
            std::snprintf(line, sizeof line, "  %-3d %-8d %-10s %10s %6.1f %-8s %s\n", ++n, s.target.pid,
                action.c_str(), formatBytes(static_cast<double>(s.freesBytes)).c_str(), s.expectedLoss,
                jsonName(s.risk), commandOf(r, s.index, 80).c_str());
            out += line;
            out += "      " + s.target.toString() + "  " + s.why + "\n";
            if (!s.stopUnit.empty())
                out += "      not carried out by ptriage: stop " + s.stopUnit + " yourself\n";
            for (int m : s.tree)
                out += "      also ends " + std::to_string(r.identityOf(m).pid) + " " + commandOf(r, m, 70) + "\n";
        }
        std::snprintf(line, sizeof line, "\n  total: frees %s, expected loss %.1f\n",
            formatBytes(static_cast<double>(plan.freesBytes)).c_str(), plan.expectedLoss);
        out += line;
    }
    if (!plan.excluded.empty()) {
        out += "\nLeft out:\n";
        for (const auto &[i, gate] : plan.excluded)
            out += "  " + std::to_string(r.identityOf(i).pid) + " " + commandOf(r, i, 50) + " — " + gate + "\n";
    }
    return out;
}

} // namespace ptriage
