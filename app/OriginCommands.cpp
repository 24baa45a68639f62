// Commands about where processes come from and what they hold: `port` (who holds a port — each
// holder with who started it and its project — whether ending it is safe, what ending it would break).
#include "Commands.h"
#include "OneShot.h"

#include "decide/PortHolders.h"
#include "report/EngineLabels.h"
#include "report/ScanReport.h"
#include "session/database/SessionStore.h"

#include <QCoreApplication>

namespace ptriage::cli {
namespace {

// A sentence of this output in the installed translation.
std::string say(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("PortText", source, std::move(args)).translated();
}

std::string nameOf(const TriageResult &r, int i)
{
    const ProcessView p = r.process(i);
    return Phrase(
        "Format", QT_TRANSLATE_NOOP("Format", "%1 (pid %2)"), {p.facts().name, std::to_string(p.identity().pid)})
        .translated();
}

std::string portText(const PortHolders &p, const TriageResult &r)
{
    const std::string port = std::to_string(p.port);
    if (!p.held())
        return say(QT_TRANSLATE_NOOP("PortText",
                       "Nothing listens on port %1 (another user's sockets are visible only with privileges)."),
                   {port})
            + "\n";
    std::string out;
    if (!p.holders.empty())
        out += (p.holders.size() == 1 ? say(QT_TRANSLATE_NOOP("PortText", "Port %1 is held by 1 process:"), {port})
                                      : say(QT_TRANSLATE_NOOP("PortText", "Port %1 is held by %2 processes:"),
                                          {port, std::to_string(p.holders.size())}))
            + "\n";
    for (const PortHolder &h : p.holders) {
        const ProcessView v = r.process(h.index);
        out += "\n" + nameOf(r, h.index) + "  " + v.identity().toString() + "  "
            + say(QT_TRANSLATE_NOOP("PortText", "user %1"), {v.facts().user}) + "\n";
        out += "  " + say(QT_TRANSLATE_NOOP("PortText", "command: %1"), {printableCommandLine(v.sample())}) + "\n";
        const ProcessOrigin &o = v.origin();
        const Phrase owner = ownerPhrase(o, r.snapshot->capturedAtMs);
        out += "  "
            + (o.projectLabel.empty()
                    ? say(QT_TRANSLATE_NOOP("PortText", "started by: %1 — owner %2"), {originPhrase(o), owner})
                    : say(QT_TRANSLATE_NOOP("PortText", "started by: %1 — owner %2 · project %3"),
                        {originPhrase(o), owner, o.projectLabel}))
            + "\n";
        std::vector<std::string> listens;
        for (const PortListener &l : h.listeners)
            listens.push_back(std::string(protocolName(l.proto)) + ' ' + l.address);
        out += "  "
            + (h.clients == 1
                    ? say(QT_TRANSLATE_NOOP("PortText", "listens: %1 · 1 client connected"), {joinFirst(listens, 4)})
                    : say(QT_TRANSLATE_NOOP("PortText", "listens: %1 · %2 clients connected"),
                        {joinFirst(listens, 4), std::to_string(h.clients)}))
            + "\n";
        out += "  "
            + say(QT_TRANSLATE_NOOP("PortText", "verdict: %1, ptriage recommends %2"),
                {EngineLabels::processClass(v.posterior().classification).toStdString(),
                    EngineLabels::recommendation(v.recommendation()).toStdString()})
            + "\n";
        out += "  " + h.verdict.translated() + "\n";
        for (std::size_t g = 3; g < h.notSafe.size(); ++g) // the verdict names the first three
            out += "    " + h.notSafe[g].why.translated() + "\n";
        std::vector<Phrase> breaks = h.breaks;
        if (!h.endsWith.empty()) {
            std::vector<std::string> names;
            for (int m : h.endsWith)
                names.push_back(nameOf(r, m));
            breaks.push_back(
                Phrase("PortText", QT_TRANSLATE_NOOP("PortText", "ends with it: %1"), {joinFirst(names, 3)}));
        }
        out += "  "
            + (breaks.empty() ? say(
                   QT_TRANSLATE_NOOP("PortText", "ending it would break: nothing known (risk %1)"), {word(h.risk)})
                              : say(QT_TRANSLATE_NOOP("PortText", "ending it would break (risk %1): %2"),
                                  {word(h.risk), joinFirst(breaks, 4)}))
            + "\n";
        if (!h.stop.empty())
            out += "  " + say(QT_TRANSLATE_NOOP("PortText", "supervised: %1"), {h.stopAdvice}) + "\n";
    }
    if (!p.unattributed.empty()) {
        std::vector<std::string> held;
        for (const UnheldListener &l : p.unattributed)
            held.push_back(l.user.empty()
                    ? l.listener()
                    : say(QT_TRANSLATE_NOOP("PortText", "%1 held by %2"), {l.listener(), l.user}));
        out += (p.holders.empty() ? "" : "\n")
            + say(QT_TRANSLATE_NOOP("PortText",
                      "Listening on port %1 with no process of this scan holding it (another user's process, "
                      "visible only with privileges): %2"),
                {port, joinFirst(held, 4)})
            + "\n";
    }
    if (!p.holders.empty())
        out += "\n"
            + say(QT_TRANSLATE_NOOP("PortText",
                      "To free it: ptriage relieve --free-port %1 (the window: Ports, Free "
                      "port…)"),
                {port})
            + "\n";
    return out;
}

} // namespace

int port(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Who holds a port: each process listening on it, whether ending it is safe and why, and what ending it "
        "would break. Exit 0 when something holds it, 1 when nothing does."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.port.v1 JSON.")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database past decisions are read from (default %1 for a live scan).")
            .arg(SessionStore::defaultPath()),
        QStringLiteral("FILE")});
    addOneShotOptions(parser);
    parser.addPositionalArgument(QStringLiteral("port"), QStringLiteral("A port, 1..65535 (also written :3000)."));
    if (const auto done = parseCommandLine(parser, args,
            QStringLiteral("port PORT [--json] [--db FILE] [--proc-root DIR] [--state FILE] [--min-age SECONDS]")))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return usage(positional.isEmpty()
                ? QStringLiteral("port: which port? (ptriage port 3000)")
                : QStringLiteral("port takes one port, got %1 arguments").arg(positional.size()));
    QString text = positional.first();
    if (text.startsWith(QLatin1Char(':')))
        text.remove(0, 1);
    bool ok = false;
    const int number = text.toInt(&ok);
    if (!ok || number < 1 || number > 65535)
        return usage(QStringLiteral("port: expected a port 1..65535, got '%1'").arg(positional.first()));
    OneShotOptions options;
    QString error;
    if (!readOneShotOptions(parser, options, &error))
        return usage(error);
    options.pastDb = pastDatabase(parser, options);
    OneShotResult result;
    if (!runOneShot(options, result, &error)) {
        fail(error);
        return Failure;
    }
    const PortHolders holders = portHolders(*result.triage, number);
    const bool json = parser.isSet(QStringLiteral("json"));
    if (!writeOut(json ? portJson(holders, *result.triage, true) : portText(holders, *result.triage),
            json ? Output::Json : Output::Text)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return leaveNow(holders.held() ? Ok : Failure);
}

} // namespace ptriage::cli
