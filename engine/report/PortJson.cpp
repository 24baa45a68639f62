// `ptriage.port.v1`: the one serializer of who holds a port, for `ptriage port --json` and `ptriage mcp`.
#include "JsonWriter.h"
#include "ScanReport.h"
#include "decide/PortHolders.h"

namespace ptriage {
namespace {

std::string lowercaseProtocol(std::string text)
{
    for (char &c : text)
        c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return text;
}

void writePhrases(JsonWriter &w, const std::vector<Phrase> &items)
{
    w.stringArray(english(items));
}

} // namespace

std::string portJson(const PortHolders &p, const TriageResult &r, bool pretty)
{
    JsonWriter w(pretty);
    w.beginObject();
    w.key("schema").value("ptriage.port.v1");
    w.key("port").value(p.port);
    w.key("held").value(p.held());
    w.key("holders").beginArray();
    for (const PortHolder &h : p.holders) {
        const ProcessView v = r.process(h.index);
        const Posterior &post = v.posterior();
        w.beginObject();
        w.key("start_id").value(v.identity().toString());
        w.key("pid").value(v.identity().pid);
        w.key("user").value(v.facts().user);
        w.key("command").value(printableCommandLine(v.sample()));
        w.key("listeners").beginArray();
        for (const PortListener &l : h.listeners) {
            w.beginObject();
            w.key("protocol").value(lowercaseProtocol(protocolName(l.proto)));
            w.key("address").value(l.address);
            w.key("clients").value(l.clients);
            w.endObject();
        }
        w.endArray();
        w.key("clients").value(h.clients);
        w.key("class").value(jsonName(post.classification));
        w.key("probability").value(post.probability[static_cast<std::size_t>(post.classification)], 4);
        w.key("recommendation").value(jsonName(v.recommendation().action));
        w.key("safe_to_end").value(h.safeToEnd);
        w.key("not_safe").beginArray();
        for (const EndGate &g : h.notSafe) {
            w.beginObject();
            w.key("gate").value(g.name);
            w.key("why").value(g.why.english());
            w.endObject();
        }
        w.endArray();
        w.key("verdict").value(h.verdict.english());
        w.key("breaks").beginObject();
        w.key("risk").value(jsonName(h.risk));
        w.key("reasons");
        writePhrases(w, h.breaks);
        w.key("ends_with").beginArray();
        for (int m : h.endsWith)
            writeProcessRef(w, r, m);
        w.endArray();
        w.key("affected").beginArray();
        for (int m : h.affected)
            writeProcessRef(w, r, m);
        w.endArray();
        w.endObject();
        writeOrigin(w.key("origin"), r, h.index);
        if (v.facts().supervisor.empty())
            w.key("supervisor").null();
        else
            w.key("supervisor").value(v.facts().supervisor);
        if (h.stop.empty()) {
            w.key("stop").null();
            w.key("stop_advice").null();
        } else {
            w.key("stop").value(h.stop);
            w.key("stop_advice").value(h.stopAdvice.english());
        }
        w.endObject();
    }
    w.endArray();
    std::vector<std::string> listeners, users;
    for (const UnheldListener &l : p.unattributed) {
        listeners.push_back(l.listener());
        users.push_back(l.user);
    }
    w.key("unattributed").stringArray(listeners);
    w.key("unattributed_users").stringArray(users); // each one's user, "" when not known
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

} // namespace ptriage
