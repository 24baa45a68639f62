#include "remote/ActOutcomesJson.h"

#include "remote/JsonFields.h"
#include "report/JsonWriter.h"

#include <algorithm>

namespace ptriage {

std::string actOutcomesJson(const ActReport &report)
{
    JsonWriter w;
    w.beginObject();
    w.key("schema").value(kActOutcomesSchema);
    w.key("verb").value(actVerbName(report.verb));
    w.key("undoing").value(report.undoing);
    w.key("outcomes").beginArray();
    for (const ActOutcome &o : report.outcomes) {
        w.beginObject();
        w.key("target").value(o.target.toString());
        w.key("status").value(actStatusName(o.status));
        w.key("message").value(o.message.english());
        w.key("via_helper").value(o.viaHelper);
        w.key("journal_id").value(o.journalId);
        w.key("undoable").value(o.journalId > 0 && !o.undo.isEmpty());
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

bool parseActOutcomes(
    std::string_view json, const std::vector<ProcessIdentity> &asked, ActReport &out, std::string *error)
{
    QJsonObject object;
    if (!jsonObjectOf(json, object, error))
        return false;
    std::string problem;
    const JsonFields top(object, {}, &problem);
    top.schema(kActOutcomesSchema);
    ActReport report;
    const std::string verb = top.string("verb", 32);
    if (const auto v = actVerbFromName(verb))
        report.verb = *v;
    else if (top.ok())
        top.fail("verb", "unknown action '" + oneLine(verb, 32) + "'");
    report.undoing = top.boolean("undoing");
    const qsizetype most = asked.empty() ? 1 : static_cast<qsizetype>(asked.size());
    const QJsonArray outcomes = top.array("outcomes", most);
    for (qsizetype i = 0; i < outcomes.size() && top.ok(); ++i) {
        const std::string where = "outcomes[" + std::to_string(i) + ']';
        const JsonFields f(outcomes[i].toObject(), where, &problem);
        if (!outcomes[i].isObject()) {
            f.fail(where, "expected an object");
            break;
        }
        ActOutcome o;
        const std::string target = f.string("target", 128);
        if (const auto id = ProcessIdentity::parse(target))
            o.target = *id;
        else if (f.ok())
            f.fail(f.at("target"), "not a START_ID");
        if (f.ok() && !asked.empty() && std::find(asked.begin(), asked.end(), o.target) == asked.end())
            f.fail(f.at("target"), "a process that was not asked for");
        for (const ActOutcome &before : report.outcomes)
            if (f.ok() && before.target == o.target)
                f.fail(f.at("target"), "a process answered for twice");
        const std::string status = f.string("status", 32);
        if (const auto s = actStatusFromName(status))
            o.status = *s;
        else if (f.ok())
            f.fail(f.at("status"), "unknown status '" + oneLine(status, 32) + "'");
        o.message = Phrase(oneLine(f.string("message", 4096)));
        o.viaHelper = f.boolean("via_helper");
        o.journalId = f.integer("journal_id", 0, std::numeric_limits<qint64>::max());
        if (f.boolean("undoable") && o.journalId > 0)
            o.undo = {{QStringLiteral("there"), true}}; // the payload stays in that machine's journal
        report.outcomes.push_back(std::move(o));
    }
    if (!top.ok()) {
        *error = problem;
        return false;
    }
    out = std::move(report);
    return true;
}

} // namespace ptriage
