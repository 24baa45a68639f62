#include "Commands.h"
#include "HostVerdicts.h"

#include "config/TriageConfig.h"
#include "remote/RemoteEvidence.h"
#include "report/JsonWriter.h"
#include "report/ScanReport.h"
#include "session/database/SessionStore.h"
#include "util/TerminalText.h"

#include <cstdio>

namespace ptriage::cli {

bool hostsAsked(const QStringList &names, bool withFile, std::vector<HostSpec> &out, QString *error)
{
    std::vector<HostSpec> file;
    std::string why;
    if (!readHostsFile(defaultHostsFile(), file, &why))
        return *error = QString::fromStdString(why), false;
    if (withFile)
        out = file;
    for (const QString &name : names) {
        HostSpec h;
        h.name = name.toStdString();
        if (!validHostName(h.name, &why))
            return *error = QStringLiteral("--host: %1").arg(QString::fromStdString(why)), false;
        const auto listed = std::find_if(file.begin(), file.end(), [&](const HostSpec &f) { return f.name == h.name; });
        if (listed != file.end() && withFile)
            continue; // already there, from the file
        if (listed != file.end())
            h.command = listed->command;
        out.push_back(std::move(h));
    }
    return true;
}

void addHostOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("host"),
        QStringLiteral("Scan HOST over ssh (repeatable): anything ssh accepts, an alias of ~/.ssh/config "
                       "included; ssh is $PTRIAGE_SSH_COMMAND when set. Its ptriage collects, this one judges."),
        QStringLiteral("HOST")});
    parser.addOption({QStringLiteral("timeout"),
        QStringLiteral("With --host: give up on a host after this long (default 30s)."), QStringLiteral("DURATION")});
}

int scanHosts(
    const QCommandLineParser &parser, const OneShotOptions &options, const ScanReportOptions &ro, bool json, int width)
{
    JudgedHosts judged;
    if (const auto done = judgeHostsAsked(parser, options, judged))
        return *done;
    const std::vector<HostVerdict> &verdicts = judged.verdicts;
    const TriageConfig &config = *judged.config;
    QString error;
    // Saved before printing, as a scan of this machine is: a save that failed is an error.
    const bool save = parser.isSet(QStringLiteral("save"));
    std::vector<long long> saved(verdicts.size(), 0);
    if (save) {
        double keepDays = 30;
        const QString path = saveDbPath(parser);
        if (!readKeepDays(parser, &keepDays, &error)
            || !saveHostScans(verdicts, config, path, keepDays, saved, &error)) {
            fail(error);
            return Failure;
        }
        for (std::size_t k = 0; k < verdicts.size(); ++k)
            if (saved[k])
                std::fprintf(stderr, "%s: saved session %lld (%zu processes) in %s\n",
                    forTerminal(verdicts[k].evidence.host).c_str(), saved[k],
                    verdicts[k].triage->snapshot->processes.size(), qUtf8Printable(path));
    }
    ScanReportOptions each = ro;
    each.pool = judged.pool.get();
    std::string text;
    bool allOk = true;
    if (json) {
        JsonWriter w(ro.pretty);
        w.beginObject();
        w.key("schema").value("ptriage.hosts.v1");
        w.key("hosts").beginArray();
        for (std::size_t k = 0; k < verdicts.size(); ++k) {
            const HostVerdict &v = verdicts[k];
            w.beginObject();
            w.key("host").value(v.evidence.host);
            w.key("seconds").value(v.evidence.seconds, 3);
            if (save) {
                if (saved[k])
                    w.key("saved_session").value(saved[k]);
                else
                    w.key("saved_session").null();
            }
            if (v.triage) {
                w.key("remote_version").value(v.evidence.header.version);
                w.key("scan").raw(scanJson(*v.triage, config, each));
            } else {
                w.key("error").value(v.evidence.error);
                allOk = false;
            }
            w.endObject();
        }
        w.endArray();
        w.endObject();
        text = std::move(w.str()) + '\n';
    } else {
        for (const HostVerdict &v : verdicts) {
            char seconds[32];
            std::snprintf(seconds, sizeof seconds, "%.2f s", v.evidence.seconds);
            if (!v.triage) {
                text += "== " + v.evidence.host + ": " + v.evidence.error + (save ? " (nothing saved)" : "") + '\n';
                allOk = false;
                continue;
            }
            text += "== " + v.evidence.host + " (ptriage " + v.evidence.header.version + ", " + seconds + ")\n";
            text += scanText(*v.triage, config, each, width);
        }
    }
    // Fitted as scanText cut it: to the terminal, or not at all (--wide).
    if (!writeOut(text, json ? Output::Json : width > 0 ? Output::Text : Output::WideText)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return leaveNow(allOk ? Ok : Failure);
}

int hosts(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The hosts scan --host reaches (the hosts file %1 and --host), each checked over ssh: reachable, its "
        "ptriage version, how many processes, how long it took; or why not, in one line.")
                                         .arg(QString::fromStdString(defaultHostsFile())));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.hosts-check.v1 JSON.")});
    addHostOptions(parser);
    if (const auto done
        = parseCommandLine(parser, args, QStringLiteral("hosts [--host HOST]... [--timeout DURATION] [--json]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("hosts takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    std::vector<HostSpec> hosts;
    RemoteOptions remote;
    QString error;
    if (!hostsAsked(parser.values(QStringLiteral("host")), true, hosts, &error)
        || !remoteOptions(remote, parser, &error))
        return usage(error);
    const std::vector<HostEvidence> fetched = fetchEvidence(hosts, remote);
    const bool json = parser.isSet(QStringLiteral("json"));
    std::string text;
    bool allOk = true;
    JsonWriter w;
    w.beginObject();
    w.key("schema").value("ptriage.hosts-check.v1");
    w.key("hosts").beginArray();
    if (!json)
        text = hosts.empty() ? "no hosts: add one per line to " + defaultHostsFile() + ", or use --host\n"
                             : "local: this machine\n";
    for (const HostEvidence &e : fetched) {
        allOk = allOk && e.snapshot;
        w.beginObject();
        w.key("host").value(e.host);
        w.key("ok").value(bool(e.snapshot));
        w.key("seconds").value(e.seconds, 3);
        if (e.snapshot) {
            w.key("version").value(e.header.version);
            w.key("processes").value(static_cast<long long>(e.snapshot->processes.size()));
            w.key("boot_id").value(e.snapshot->system.bootId.toString());
        } else {
            w.key("error").value(e.error);
        }
        w.endObject();
        char line[96];
        if (e.snapshot)
            std::snprintf(line, sizeof line, ": ptriage %s, %zu processes, %.2f s\n", e.header.version.c_str(),
                e.snapshot->processes.size(), e.seconds);
        text += e.host + (e.snapshot ? std::string(line) : ": " + e.error + '\n');
    }
    w.endArray();
    w.endObject();
    if (!writeOut(json ? w.str() + '\n' : text, json ? Output::Json : Output::Text)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return allOk ? Ok : Failure;
}

} // namespace ptriage::cli
