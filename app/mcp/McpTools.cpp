#include "McpTools.h"

#include "act/ActionController.h"
#include "decide/groups/GroupPlan.h"
#include "decide/PortHolders.h"
#include "remote/ActOutcomesJson.h"
#include "report/ScanReport.h"
#include "util/Format.h"
#include "util/TerminalText.h"

#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace ptriage::mcp {

using cli::OneShotOptions;
using cli::OneShotResult;

namespace {

// Bounds of every answer: an agent reads all of it, and a host with thousands of processes must not
// flood it. What a bound leaves off is counted in the answer (left_off, members_left_off).
constexpr int kDefaultRows = 20;
constexpr int kMaxRows = 100;
constexpr std::size_t kMaxMembers = 100;
constexpr int kMaxStartIds = 100;
constexpr std::size_t kMaxEnded = 100; // an End the person confirms lists every process it ends

// One tool as tools/list gives it. The schemas are JSON Schema, written as JSON.
struct ToolSpec {
    const char *name;
    const char *title;
    const char *description;
    const char *input;
    const char *output;
    bool readOnly;
};

constexpr const char *kMinAge
    = R"("min_age_seconds":{"type":"number","minimum":0,"maximum":1000000000,"description":"Judge processes younger than this as too young to act on (default: the server's --min-age, else policy.json's 1800)."})";

const ToolSpec kTools[] = {
    {"scan", "What is left running",
        "Scan every process of this machine and rank the ones worth acting on (abandoned, stuck, zombies): "
        "ptriage.scan.v1, the candidates only unless all is true, best first, at most limit rows (left_off "
        "counts the rest). Every process is named by start_id (boot_id:start_ticks:pid), never a bare pid.",
        R"({"type":"object","properties":{"all":{"type":"boolean","description":"Every process, not only the candidates."},"limit":{"type":"integer","minimum":1,"maximum":100,"description":"At most this many processes (default 20)."},)",
        R"({"type":"object","properties":{"schema":{"const":"ptriage.scan.v1"},"boot_id":{"type":"string"},"process_count":{"type":"integer"},"candidate_count":{"type":"integer"},"processes":{"type":"array","items":{"type":"object","properties":{"start_id":{"type":"string"}},"required":["start_id"]}},"left_off":{"type":"integer"}},"required":["schema","boot_id","processes","left_off"]})",
        true},
    {"explain", "Why this verdict",
        "The verdict on one process and why: its evidence ledger (bits per term), posterior, recommendation, "
        "blast radius, origin and what may be done to it (ptriage.explain.v1). process: a start_id "
        "(boot_id:start_ticks:pid; refused when its pid now names another process) or a pid.",
        R"({"type":"object","properties":{"process":{"type":["string","integer"],"description":"A start_id (boot_id:start_ticks:pid) or a pid."},)",
        R"({"type":"object","properties":{"schema":{"const":"ptriage.explain.v1"},"process":{"type":"object","properties":{"start_id":{"type":"string"}},"required":["start_id"]},"actions":{"type":"array"}},"required":["schema","process"]})",
        true},
    {"groups", "Leftovers by who started them",
        "The processes grouped by who started them (a coding agent, editor or terminal session, a test run, a "
        "unit), whether that owner is still there, and each group's End plan: which members it ends and which "
        "it leaves out and why (ptriage.groups.v1; groups with leftovers unless all is true; at most limit "
        "groups and 100 members each, the rest counted in left_off and members_left_off). origin.key names a "
        "group for end_plan and end.",
        R"({"type":"object","properties":{"all":{"type":"boolean","description":"Every group, not only those with leftovers."},"limit":{"type":"integer","minimum":1,"maximum":100,"description":"At most this many groups (default 20)."},)",
        R"({"type":"object","properties":{"schema":{"const":"ptriage.groups.v1"},"groups":{"type":"array"},"left_off":{"type":"integer"}},"required":["schema","groups","left_off"]})",
        true},
    {"port", "Who holds a port",
        "Who holds a TCP or UDP port (e.g. 3000): each listening process by start_id, who started it, its "
        "verdict, whether ending it is safe and why, what ending it would break, and what to stop instead when "
        "a unit or container runs it (ptriage.port.v1; held is false when nothing listens).",
        R"({"type":"object","properties":{"port":{"type":"integer","minimum":1,"maximum":65535,"description":"The port, 1..65535."},)",
        R"({"type":"object","properties":{"schema":{"const":"ptriage.port.v1"},"port":{"type":"integer"},"held":{"type":"boolean"},"holders":{"type":"array"}},"required":["schema","port","held","holders"]})",
        true},
    {"end_plan", "What an End would end",
        "The plan of an End, without doing it: for a group (its origin.key from groups) or for processes by "
        "start_id, which would be ended (only those whose own verdict is to end them and that no gate blocks) "
        "and which are left out and why; gone lists start_ids no longer running (ptriage.end_plan.v1).",
        R"({"type":"object","properties":{"group":{"type":"string","minLength":1,"maxLength":1000,"description":"A group's origin.key, from groups."},"start_ids":{"type":"array","minItems":1,"maxItems":100,"items":{"type":"string"},"description":"Processes by start_id (boot_id:start_ticks:pid); never bare pids."},)",
        R"({"type":"object","properties":{"schema":{"const":"ptriage.end_plan.v1"},"leftovers":{"type":"integer"},"members":{"type":"array"},"gone":{"type":"array"}},"required":["schema","leftovers","members","gone"]})",
        true},
    {"end", "End leftovers, once the person confirms",
        "End (TERM, then KILL after 5 s) what end_plan would end for a group or for start_ids, only after the "
        "person confirms: the client is asked (elicitation) with every process listed. Without a client that "
        "can ask, or when the person declines, nothing is ended and the answer says how to confirm instead. "
        "Each identity is checked again right before it is signalled (a reused pid, a protected process, a "
        "zombie or one in D state is never signalled). Answer: ptriage.act.v1, one outcome per process.",
        R"({"type":"object","properties":{"group":{"type":"string","minLength":1,"maxLength":1000,"description":"A group's origin.key, from groups."},"start_ids":{"type":"array","minItems":1,"maxItems":100,"items":{"type":"string"},"description":"Processes by start_id (boot_id:start_ticks:pid); never bare pids."},)",
        R"({"type":"object","properties":{"schema":{"const":"ptriage.act.v1"},"outcomes":{"type":"array","items":{"type":"object","properties":{"target":{"type":"string"},"status":{"type":"string"}},"required":["target","status"]}}},"required":["schema","outcomes"]})",
        false},
};

QJsonObject schemaOf(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

// The input schema: the tool's own properties, then min_age_seconds, which every tool takes.
QJsonObject inputSchemaOf(const ToolSpec &tool)
{
    QJsonObject schema = schemaOf((std::string(tool.input) + kMinAge + "}}").c_str());
    schema.insert(QStringLiteral("additionalProperties"), false);
    if (QByteArray(tool.name) == "explain")
        schema.insert(QStringLiteral("required"), QJsonArray{QStringLiteral("process")});
    if (QByteArray(tool.name) == "port")
        schema.insert(QStringLiteral("required"), QJsonArray{QStringLiteral("port")});
    return schema;
}

std::string oneLine(std::string json)
{
    while (!json.empty() && json.back() == '\n')
        json.pop_back();
    return json;
}

ToolAnswer toolError(const std::string &why)
{
    return {{}, why};
}

// The arguments of one call, checked against the tool's schema by hand: a wrong one is named.
class Arguments {
public:
    Arguments(const QJsonObject &args, QString *invalid) : m_args(args), m_invalid(invalid) { }

    bool only(std::initializer_list<const char *> names)
    {
        for (auto it = m_args.begin(); it != m_args.end(); ++it)
            if (std::none_of(names.begin(), names.end(), [&](const char *n) { return it.key() == QLatin1String(n); }))
                return bad(QStringLiteral("unknown argument '%1'").arg(it.key().left(64)));
        return true;
    }
    bool has(const char *name) const { return m_args.contains(QLatin1String(name)); }
    bool flag(const char *name, bool &out)
    {
        const QJsonValue v = m_args.value(QLatin1String(name));
        if (v.isUndefined())
            return true;
        if (!v.isBool())
            return bad(QStringLiteral("%1: expected true or false").arg(QLatin1String(name)));
        out = v.toBool();
        return true;
    }
    bool integer(const char *name, int min, int max, int &out)
    {
        const QJsonValue v = m_args.value(QLatin1String(name));
        if (v.isUndefined())
            return true;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || d != std::floor(d) || d < min || d > max)
            return bad(QStringLiteral("%1: expected a whole number %2..%3").arg(QLatin1String(name)).arg(min).arg(max));
        out = static_cast<int>(d);
        return true;
    }
    bool minAge(OneShotOptions &options)
    {
        const QJsonValue v = m_args.value(QStringLiteral("min_age_seconds"));
        if (v.isUndefined())
            return true;
        if (!v.isDouble() || !(v.toDouble() >= 0 && v.toDouble() <= 1e9))
            return bad(QStringLiteral("min_age_seconds: expected a number of seconds 0..1000000000"));
        options.minAgeSeconds = v.toDouble();
        return true;
    }
    // group (a key) or start_ids (identities), exactly one of them.
    bool endTargets(std::string &group, std::vector<ProcessIdentity> &ids)
    {
        if (has("group") == has("start_ids"))
            return bad(QStringLiteral("give either group (a key from groups) or start_ids, not both or neither"));
        if (has("group")) {
            const QJsonValue v = m_args.value(QStringLiteral("group"));
            if (!v.isString() || v.toString().isEmpty() || v.toString().size() > 1000)
                return bad(QStringLiteral("group: expected a group's origin.key from groups"));
            group = v.toString().toStdString();
            return true;
        }
        const QJsonValue v = m_args.value(QStringLiteral("start_ids"));
        if (!v.isArray() || v.toArray().isEmpty() || v.toArray().size() > kMaxStartIds)
            return bad(QStringLiteral("start_ids: expected 1..%1 start_ids").arg(kMaxStartIds));
        for (const QJsonValue &item : v.toArray()) {
            const auto id = item.isString() ? ProcessIdentity::parse(item.toString().toStdString()) : std::nullopt;
            if (!id)
                return bad(QStringLiteral("start_ids: '%1' is not a start_id (boot_id:start_ticks:pid); a bare pid may "
                                          "name another process by now")
                               .arg(item.toVariant().toString().left(128)));
            ids.push_back(*id);
        }
        return true;
    }

private:
    bool bad(const QString &why)
    {
        *m_invalid = why;
        return false;
    }
    const QJsonObject &m_args;
    QString *m_invalid;
};

bool scanNow(const OneShotOptions &options, OneShotResult &result, std::string *error)
{
    QString why;
    if (runOneShot(options, result, &why))
        return true;
    *error = "The scan failed: " + why.toStdString();
    return false;
}

// What the person is asked: every process the End would end, by name, start_id and memory, and how
// many it leaves alone. Names are what processes call themselves: printable, cut, never instructions.
// What a process wrote (its name, command line, session id) as one line of at most `max` bytes: no
// line break or control of its own, no bidirectional trick (forTerminal), cut on a character.
std::string shown(std::string text, std::size_t max)
{
    for (char &c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    if (text.size() > max) {
        std::size_t cut = max - 3;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
            --cut;
        text = text.substr(0, cut) + "...";
    }
    return forTerminal(text);
}

QString confirmationText(const TriageResult &r, const GroupPlan &plan)
{
    std::uint64_t rss = 0;
    for (int i : plan.end)
        rss += r.process(i).sample().rssBytes;
    std::string text = "ptriage: end " + std::to_string(plan.end.size())
        + (plan.end.size() == 1 ? " process" : " processes") + " (TERM, then KILL after 5 s), "
        + formatBytes(static_cast<double>(rss)) + " resident";
    if (plan.group >= 0)
        text += ", left by "
            + shown(originPhrase(r.process(r.group(plan.group).members.front()).origin()).english(), 200);
    text += "?\n";
    for (int i : plan.end) {
        const ProcessView p = r.process(i);
        text += "  " + shown(p.facts().name, 40) + "  pid " + std::to_string(p.identity().pid) + "  "
            + formatBytes(static_cast<double>(p.sample().rssBytes)) + "  " + p.identity().toString() + "\n    "
            + shown(printableCommandLine(p.sample()), 120) + "\n";
    }
    if (!plan.leftOut.empty())
        text += "Left alone: " + std::to_string(plan.leftOut.size()) + " (in use, protected, blocked or not judged "
            + "abandoned).\n";
    return QString::fromStdString(text);
}

QJsonObject elicitation(const QString &message)
{
    const QJsonObject confirm{{QStringLiteral("type"), QStringLiteral("boolean")},
        {QStringLiteral("title"), QStringLiteral("End these processes")},
        {QStringLiteral("description"), QStringLiteral("Yes: send TERM (then KILL) to exactly the processes listed.")},
        {QStringLiteral("default"), false}};
    return {{QStringLiteral("message"), message},
        {QStringLiteral("requestedSchema"),
            QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                {QStringLiteral("properties"), QJsonObject{{QStringLiteral("confirm"), confirm}}},
                {QStringLiteral("required"), QJsonArray{QStringLiteral("confirm")}}}}};
}

std::string howToConfirm(const TriageResult &r, const GroupPlan &plan)
{
    std::string ids;
    for (int i : plan.end)
        ids += " " + r.identityOf(i).toString();
    return "Confirm it yourself instead: in the window (ptriage --view origin, then End this group's leftovers…), "
           "or in a terminal: ptriage act end"
        + ids;
}

} // namespace

McpTools::McpTools(OneShotOptions defaults, QString journal)
    : m_defaults(std::move(defaults)), m_journal(std::move(journal))
{ }

QJsonArray McpTools::list() const
{
    QJsonArray tools;
    for (const ToolSpec &t : kTools) {
        QJsonObject annotations{{QStringLiteral("title"), QLatin1String(t.title)},
            {QStringLiteral("readOnlyHint"), t.readOnly}, {QStringLiteral("openWorldHint"), false}};
        if (!t.readOnly) {
            annotations.insert(QStringLiteral("destructiveHint"), true);
            annotations.insert(QStringLiteral("idempotentHint"), false);
        }
        tools.append(QJsonObject{{QStringLiteral("name"), QLatin1String(t.name)},
            {QStringLiteral("title"), QLatin1String(t.title)},
            {QStringLiteral("description"), QLatin1String(t.description)},
            {QStringLiteral("inputSchema"), inputSchemaOf(t)}, {QStringLiteral("outputSchema"), schemaOf(t.output)},
            {QStringLiteral("annotations"), annotations}});
    }
    return tools;
}

std::optional<ToolAnswer> McpTools::call(
    const QString &name, const QJsonObject &arguments, McpClient &client, QString *invalid)
{
    Arguments args(arguments, invalid);
    OneShotOptions options = m_defaults;
    std::string error;
    OneShotResult scanned;
    if (name == QLatin1String("scan") || name == QLatin1String("groups")) {
        bool all = false;
        int limit = kDefaultRows;
        if (!args.only({"all", "limit", "min_age_seconds"}) || !args.flag("all", all)
            || !args.integer("limit", 1, kMaxRows, limit) || !args.minAge(options))
            return std::nullopt;
        if (!scanNow(options, scanned, &error))
            return toolError(error);
        if (name == QLatin1String("groups")) {
            GroupsReportOptions go;
            go.all = all;
            go.limit = static_cast<std::size_t>(limit);
            go.memberLimit = kMaxMembers;
            return ToolAnswer{oneLine(groupsJson(*scanned.triage, go)), {}};
        }
        ScanReportOptions so;
        so.all = all;
        so.limit = static_cast<std::size_t>(limit);
        so.pool = scanned.workers.get();
        return ToolAnswer{oneLine(scanJson(*scanned.triage, *scanned.config, so)), {}};
    }
    if (name == QLatin1String("explain")) {
        if (!args.only({"process", "min_age_seconds"}) || !args.minAge(options))
            return std::nullopt;
        const QJsonValue process = arguments.value(QStringLiteral("process"));
        std::optional<ProcessIdentity> wanted;
        int pid = 0;
        if (process.isDouble() && process.toDouble() >= 1 && process.toDouble() <= 1 << 22
            && process.toDouble() == std::floor(process.toDouble()))
            pid = process.toInt();
        else if (process.isString() && process.toString().toInt() > 0)
            pid = process.toString().toInt();
        else if (process.isString())
            wanted = ProcessIdentity::parse(process.toString().toStdString());
        if (pid <= 0 && !wanted) {
            *invalid = QStringLiteral("process: expected a start_id (boot_id:start_ticks:pid) or a pid");
            return std::nullopt;
        }
        if (!scanNow(options, scanned, &error))
            return toolError(error);
        const TriageResult &r = *scanned.triage;
        const auto found = wanted ? r.byPid(wanted->pid) : r.byPid(pid);
        if (!found)
            return toolError("No process " + std::to_string(wanted ? wanted->pid : pid) + " is running.");
        if (wanted && !(found->identity() == *wanted))
            return toolError("Process " + wanted->toString() + " is gone; pid " + std::to_string(wanted->pid)
                + " now belongs to " + found->identity().toString() + ".");
        ActedOn acted;
        if (QFileInfo::exists(m_journal)) {
            ActionJournal journal;
            QString unreadable; // explained without it: nothing known of what ptriage did
            if (journal.open(m_journal, &unreadable))
                acted = actedOn(journal.undoable(), found->identity(), r.machine);
        }
        return ToolAnswer{oneLine(explainJson(r, *scanned.config, found->index(), acted, false)), {}};
    }
    if (name == QLatin1String("port")) {
        int port = 0;
        if (!args.only({"port", "min_age_seconds"}) || !args.integer("port", 1, 65535, port) || !args.minAge(options))
            return std::nullopt;
        if (port == 0) {
            *invalid = QStringLiteral("port: which port? (1..65535)");
            return std::nullopt;
        }
        if (!scanNow(options, scanned, &error))
            return toolError(error);
        return ToolAnswer{oneLine(portJson(portHolders(*scanned.triage, port), *scanned.triage, false)), {}};
    }
    if (name != QLatin1String("end_plan") && name != QLatin1String("end")) {
        *invalid = QStringLiteral("no tool '%1' (tools/list names them)").arg(name.left(64));
        return std::nullopt;
    }
    std::string key;
    std::vector<ProcessIdentity> ids;
    if (!args.only({"group", "start_ids", "min_age_seconds"}) || !args.endTargets(key, ids) || !args.minAge(options))
        return std::nullopt;
    const bool ending = name == QLatin1String("end");
    if (ending && options.procRoot != QLatin1String("/proc"))
        return toolError("This server reads a captured tree (--proc-root): there is nothing running to end.");
    if (!scanNow(options, scanned, &error))
        return toolError(error);
    const TriageResult &r = *scanned.triage;
    GroupPlan plan;
    if (!key.empty()) {
        const int g = r.findGroup(key);
        if (g < 0)
            return toolError("No group '" + key.substr(0, 200)
                + "' is running now: its processes have ended, or the key is not an origin.key from groups.");
        plan = planGroupEnd(r, g);
    } else {
        plan = planEndOf(r, ids);
    }
    if (!ending)
        return ToolAnswer{oneLine(endPlanJson(r, plan, kMaxMembers, false)), {}};
    if (plan.end.empty())
        return toolError(
            "Nothing to end: none of these may be ended now (end_plan says why for each). Nothing was done.");
    if (plan.end.size() > kMaxEnded)
        return toolError("This End would end " + std::to_string(plan.end.size())
            + " processes, more than one confirmation here lists; nothing was done. Confirm it in the window "
              "(ptriage --view origin, then End this group's leftovers…).");
    if (!client.canElicit())
        return toolError("Not confirmed: this client cannot ask the person (it declared no elicitation), and "
                         "ptriage ends nothing without the person's confirmation. Nothing was done. "
            + howToConfirm(r, plan));
    QString why;
    const auto answer = client.ask(QStringLiteral("elicitation/create"), elicitation(confirmationText(r, plan)), &why);
    if (!answer)
        return toolError("Not confirmed (" + why.toStdString() + "); nothing was done. " + howToConfirm(r, plan));
    const QString action = answer->value(QStringLiteral("action")).toString();
    const bool confirmed = action == QLatin1String("accept")
        && answer->value(QStringLiteral("content")).toObject().value(QStringLiteral("confirm")).toBool(false);
    if (!confirmed)
        return toolError("The person did not confirm ("
            + (action.isEmpty() ? std::string("no answer") : action.left(32).toStdString())
            + (action == QLatin1String("accept") ? ", confirm was not true" : "") + "); nothing was done.");
    // Acting: the path of `ptriage act end` and the window (each identity re-checked through a pidfd
    // right before its signal, hard blocks refused, journaled with the person's decision).
    ActionJournal journal;
    QString journalError;
    if (!journal.open(m_journal, &journalError))
        return toolError("Cannot open the action journal (" + journalError.toStdString() + "); nothing was done.");
    ActionController controller(makePrivilegedTransport(), journal);
    ActRequest request;
    request.verb = ActVerb::End;
    for (int i : plan.end)
        request.targets.push_back(r.identityOf(i));
    ActReport report{request.verb, false, controller.run(request, r)};
    const bool allDone = std::all_of(report.outcomes.begin(), report.outcomes.end(),
        [](const ActOutcome &o) { return o.status == ActStatus::Done; });
    return ToolAnswer{oneLine(actOutcomesJson(report)),
        allDone ? std::string() : std::string("Not every process was ended: the outcomes say why for each.")};
}

} // namespace ptriage::mcp
