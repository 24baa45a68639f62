// ptriage groups: the processes by who started them, and each group's End plan. With --session, one
// agent, editor or terminal session's groups, as the hooks these tools run at a session's end ask for
// them (--ending: the session's owner is about to exit; --end: end the plan, through `act`'s path).
#include "Acting.h"
#include "Commands.h"
#include "OneShot.h"

#include "act/ActionController.h"
#include "decide/groups/GroupPlan.h"
#include "decide/groups/SessionEnding.h"
#include "infer/ProcessOrigin.h"
#include "remote/ActOutcomesJson.h"
#include "report/EngineLabels.h"
#include "report/JsonWriter.h"
#include "report/ScanReport.h"
#include "session/database/SessionStore.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace ptriage::cli {
namespace {

constexpr qint64 kMaxHookInput = 1 << 20;

// The session id in what a hook is given on stdin: Claude Code's `session_id`, Codex's `thread-id`,
// or any tool's `sessionId`. Empty (with why) when there is none.
QString sessionIdFromStdin(QString *error)
{
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly)) {
        *error = QStringLiteral("--session -: stdin cannot be read");
        return {};
    }
    const QByteArray bytes = in.read(kMaxHookInput + 1);
    if (bytes.size() > kMaxHookInput) {
        *error = QStringLiteral("--session -: stdin holds more than 1 MiB, not a hook's JSON");
        return {};
    }
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject()) {
        *error = QStringLiteral("--session -: stdin is not a JSON object (%1)").arg(parseError.errorString());
        return {};
    }
    for (const char *key : {"session_id", "sessionId", "thread-id", "thread_id"}) {
        const QString id = doc.object().value(QLatin1String(key)).toString();
        if (!id.isEmpty())
            return id.left(256);
    }
    *error = QStringLiteral("--session -: the JSON on stdin names no session (session_id, sessionId or thread-id)");
    return {};
}

// The groups of `keys` in `r` (a session's groups keep their keys across a triage of the scan as it
// will be).
std::vector<int> groupsWithKeys(const TriageResult &r, const std::vector<std::string> &keys)
{
    std::vector<int> out;
    for (std::size_t g = 0; g < r.groups.size(); ++g)
        if (std::find(keys.begin(), keys.end(), r.groups[g].key) != keys.end())
            out.push_back(static_cast<int>(g));
    return out;
}

std::string groupsSaid(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("GroupsText", source, std::move(args)).translated();
}

struct SessionAsked {
    QString id; // empty: the session this command runs in (unless `ended`)
    bool ended = false; // every session whose owner has ended (of `tool` when set)
    QString tool;
    bool ending = false;
    bool end = false;
    bool yes = false;
    int timeoutMs = 5000;
};

// The ends of --end: the plan's members by identity, through the controller (vetted against the scan
// of now; a reused pid, a protected process, a zombie or one in D state is refused there).
std::vector<ActOutcome> endPlan(
    const std::vector<ProcessIdentity> &targets, const TriageResult &now, const QString &journalPath, int timeoutMs)
{
    ActionJournal journal;
    QString error;
    if (!journal.open(journalPath, &error)) {
        fail(QStringLiteral("cannot open the action journal: %1").arg(error));
        return {};
    }
    if (!journal.warning().isEmpty())
        std::fprintf(stderr, "ptriage: warning: %s\n", qUtf8Printable(journal.warning()));
    ActionController controller(makePrivilegedTransport(), journal);
    ActRequest request;
    request.verb = ActVerb::End;
    request.endTimeoutMs = timeoutMs;
    request.targets = targets;
    return controller.run(request, now);
}

int sessionGroups(
    const QCommandLineParser &parser, const SessionAsked &asked, const OneShotOptions &options, OneShotResult &result)
{
    const TriageResult &now = *result.triage;
    const std::vector<int> ofNow = asked.ended ? endedSessions(now, asked.tool.toStdString())
        : asked.id.isEmpty()                   ? std::vector<int>{sessionGroupOf(now, static_cast<int>(::getpid()))}
                                               : groupsOfSession(now, asked.id.toStdString());
    std::vector<std::string> keys;
    for (int g : ofNow)
        if (g >= 0)
            keys.push_back(now.groups[static_cast<std::size_t>(g)].key);
    const bool json = parser.isSet(QStringLiteral("json"));
    // The verdicts of the scan as it will be once the owner has exited: the window's a moment later.
    std::shared_ptr<const TriageResult> judged = result.triage;
    const std::vector<ProcessIdentity> owners = asked.ending ? liveOwners(now, ofNow) : std::vector<ProcessIdentity>{};
    if (!owners.empty()) {
        TriageOptions to = result.triageOptions;
        to.held = nullptr; // held verdicts wait on a refresh; this scan is another one
        if (!options.minAgeSeconds)
            to.minAgeSeconds = 0; // the session says it ends: no process of it is too young to judge
        judged = triage(withOwnersGone(*now.snapshot, owners), *result.config, to);
    }
    const std::vector<int> shown = groupsWithKeys(*judged, keys);
    std::vector<ProcessIdentity> targets;
    for (int g : shown)
        for (int i : planGroupEnd(*judged, g).end)
            targets.push_back(judged->identityOf(i));

    std::vector<ActOutcome> outcomes;
    bool confirmed = asked.yes;
    if (asked.end && !targets.empty() && !confirmed) {
        if (!json)
            writeOut(groupsText(*judged, false, &shown, terminalWidth()), Output::Text);
        confirmed
            = confirmOnTerminal(QCoreApplication::translate("GroupsText", "End the processes marked 'end' above (%1)?")
                                    .arg(targets.size()));
        if (!confirmed) {
            fail(
                QStringLiteral("not confirmed; nothing was done (pass --yes when there is no terminal, as in a hook)"));
            return Failure;
        }
    }
    if (asked.end && !targets.empty())
        outcomes = endPlan(targets, now,
            parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db")) : ActionJournal::defaultPath(),
            asked.timeoutMs);
    const bool allEnded = std::all_of(outcomes.begin(), outcomes.end(),
        [](const ActOutcome &o) { return o.status == ActStatus::Done || o.status == ActStatus::NoSuchProcess; });
    const bool failed = outcomes.size() < (asked.end ? targets.size() : 0) || !allEnded;

    std::string text;
    if (json) {
        GroupsReportOptions go;
        go.pretty = parser.isSet(QStringLiteral("pretty"));
        go.only = &shown;
        go.more = [&](JsonWriter &w) {
            w.key("session").beginObject();
            if (asked.ended)
                w.key("id").null();
            else
                w.key("id").value(asked.id.toStdString());
            w.key("ended_sessions").value(asked.ended);
            w.key("found").value(!shown.empty());
            w.key("ending").value(asked.ending);
            w.key("owners_exiting").beginArray();
            for (const ProcessIdentity &o : owners)
                w.value(o.toString());
            w.endArray();
            w.endObject();
            if (!asked.end) {
                w.key("ended").null();
                return;
            }
            w.key("ended").beginArray();
            for (const ActOutcome &o : outcomes) {
                w.beginObject();
                w.key("start_id").value(o.target.toString());
                w.key("status").value(actStatusName(o.status));
                w.key("message").value(o.message.english());
                w.endObject();
            }
            w.endArray();
        };
        text = groupsJson(*judged, go);
    } else {
        const std::string who = asked.ended ? groupsSaid(QT_TRANSLATE_NOOP("GroupsText", "an ended session"))
            : asked.id.isEmpty()
            ? groupsSaid(QT_TRANSLATE_NOOP("GroupsText", "the session this runs in"))
            : groupsSaid(QT_TRANSLATE_NOOP("GroupsText", "session %1"), {asked.id.left(64).toStdString()});
        if (shown.empty())
            text = groupsSaid(QT_TRANSLATE_NOOP("GroupsText", "No process of %1 runs: nothing to end."), {who}) + '\n';
        else if (!(asked.end && !asked.yes)) // the confirmation showed the groups already
            text = groupsText(*judged, false, &shown, terminalWidth()).substr(1); // no blank line first
        if (!shown.empty() && !owners.empty())
            text += '\n'
                + groupsSaid(QT_TRANSLATE_NOOP("GroupsText",
                                 "Judged as if its owner had exited (--ending): pid %1 is about to, as the hook says."),
                    {std::to_string(owners.front().pid)})
                + '\n';
        if (asked.end && targets.empty() && !shown.empty())
            text += groupsSaid(QT_TRANSLATE_NOOP("GroupsText", "Nothing of %1 is to be ended."), {who}) + '\n';
        for (const ActOutcome &o : outcomes)
            text += o.target.toString() + ": " + EngineLabels::actStatus(o.status).toStdString() + " — "
                + o.message.translated() + '\n';
    }
    if (!writeOut(text, json ? Output::Json : Output::Text)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return failed ? Failure : Ok;
}

} // namespace

int groups(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The processes grouped by who started them (an agent, editor or terminal session, a test run, a unit), "
        "whether that one is still there, and what ending each group's leftovers would end and leave out."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.groups.v1 JSON.")});
    parser.addOption({QStringLiteral("pretty"), QStringLiteral("Indent the JSON.")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("Every group, not only those with leftovers.")});
    parser.addOption({QStringLiteral("session"),
        QStringLiteral("Only the groups of this agent, editor or terminal session (its id, or its first 8 characters "
                       "or more); '-': the id in the hook's JSON on stdin (session_id, sessionId or thread-id). "
                       "Without it, --ending and --end mean the session this command runs in."),
        QStringLiteral("ID")});
    parser.addOption({QStringLiteral("ended"),
        QStringLiteral(
            "Only the groups of the agent, editor and terminal sessions that have ended (their owner is gone): "
            "what a hook at another session's start or turn cleans up.")});
    parser.addOption({QStringLiteral("tool"),
        QStringLiteral(
            "With --ended: only the sessions of this tool (Claude Code, Codex, OpenCode, VS Code, JetBrains IDE, "
            "tmux, screen, ssh …)."),
        QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("ending"),
        QStringLiteral("The session's owner (the agent or editor) is about to exit, as a session-end hook says: judge "
                       "its processes as they will be once it has.")});
    parser.addOption({QStringLiteral("end"),
        QStringLiteral("End the session's End plan (TERM, then KILL; journaled), after asking on the terminal.")});
    parser.addOption({QStringLiteral("yes"), QStringLiteral("With --end: do not ask (a hook has no terminal).")});
    parser.addOption({QStringLiteral("timeout"),
        QStringLiteral("With --end: seconds between TERM and KILL (default 5)."), QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database: past decisions, and the action journal of --end (default %1 for a live "
                       "scan).")
            .arg(SessionStore::defaultPath()),
        QStringLiteral("FILE")});
    addOneShotOptions(parser);
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("groups [--json [--pretty]] [--all] [--db FILE] [--proc-root DIR] [--state FILE] "
                           "[--min-age SECONDS]\n"
                           "       ptriage groups [--session ID|- [--ending] | --ended [--tool NAME]] "
                           "[--end [--yes] [--timeout SECONDS]] [--json [--pretty]] [--db FILE] [--min-age SECONDS]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("groups takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    SessionAsked asked;
    asked.ending = parser.isSet(QStringLiteral("ending"));
    asked.end = parser.isSet(QStringLiteral("end"));
    asked.yes = parser.isSet(QStringLiteral("yes"));
    asked.ended = parser.isSet(QStringLiteral("ended"));
    asked.tool = parser.value(QStringLiteral("tool"));
    const bool ofSession = parser.isSet(QStringLiteral("session")) || asked.ending || asked.end || asked.ended;
    if (asked.ended && (parser.isSet(QStringLiteral("session")) || asked.ending))
        return usage(QStringLiteral("--ended is every ended session; --session and --ending are one that ends now"));
    if (parser.isSet(QStringLiteral("tool")) && !asked.ended)
        return usage(QStringLiteral("--tool goes with --ended"));
    if (asked.yes && !asked.end)
        return usage(QStringLiteral("--yes goes with --end"));
    if (parser.isSet(QStringLiteral("timeout")) && !asked.end)
        return usage(QStringLiteral("--timeout goes with --end"));
    if (ofSession && parser.isSet(QStringLiteral("all")))
        return usage(QStringLiteral("--all lists every group; a session's groups are listed whole"));
    if (parser.isSet(QStringLiteral("timeout"))) {
        bool ok = false;
        const double s = parser.value(QStringLiteral("timeout")).toDouble(&ok);
        if (!ok || s < 0 || s > 3600)
            return usage(QStringLiteral("--timeout: expected 0..3600 seconds"));
        asked.timeoutMs = static_cast<int>(s * 1000);
    }
    OneShotOptions options;
    QString error;
    if (!readOneShotOptions(parser, options, &error))
        return usage(error);
    if (ofSession && options.procRoot != QLatin1String("/proc"))
        return usage(QStringLiteral("--session, --ended, --ending and --end are about this machine's processes: not "
                                    "with --proc-root"));
    if (parser.isSet(QStringLiteral("session"))) {
        asked.id = parser.value(QStringLiteral("session"));
        if (asked.id == QLatin1String("-")) {
            asked.id = sessionIdFromStdin(&error);
            if (asked.id.isEmpty()) {
                fail(error);
                return Failure;
            }
        } else if (asked.id.isEmpty()) {
            return usage(QStringLiteral("--session: which session? (its id, or - for a hook's JSON on stdin)"));
        }
    }
    options.pastDb = pastDatabase(parser, options);
    OneShotResult result;
    if (!runOneShot(options, result, &error)) {
        fail(error);
        return Failure;
    }
    if (ofSession)
        return leaveNow(sessionGroups(parser, asked, options, result));
    const bool all = parser.isSet(QStringLiteral("all"));
    const bool json = parser.isSet(QStringLiteral("json"));
    GroupsReportOptions go;
    go.all = all;
    go.pretty = parser.isSet(QStringLiteral("pretty"));
    const std::string text
        = json ? groupsJson(*result.triage, go) : groupsText(*result.triage, all, nullptr, terminalWidth());
    if (!writeOut(text, json ? Output::Json : Output::Text)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return leaveNow(Ok);
}

} // namespace ptriage::cli
