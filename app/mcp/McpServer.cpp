#include "McpServer.h"

#include "report/JsonWriter.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

namespace ptriage::mcp {
namespace {

// JSON-RPC 2.0's error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;

// How long the person has to answer a confirmation before it counts as declined.
constexpr int kAskTimeoutMs = 10 * 60 * 1000;

// A JSON value as one line of JSON text (an id, an object).
std::string jsonText(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2).toStdString(); // without the array's brackets
}

bool validId(const QJsonValue &id)
{
    return id.isString()
        || (id.isDouble() && id.toDouble() == static_cast<double>(static_cast<long long>(id.toDouble())));
}

void logLine(const QString &line)
{
    std::fprintf(stderr, "ptriage mcp: %s\n", qUtf8Printable(line));
}

} // namespace

const char *const McpServer::kVersions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

int McpServer::run()
{
    std::string line;
    while (!m_broken && !m_ended) {
        switch (m_channel.read(line)) {
        case LineChannel::Read::Line:
            handle(line);
            break;
        case LineChannel::Read::TooLong:
            error(QJsonValue::Null, kParseError,
                QStringLiteral("message longer than %1 bytes: not read").arg(LineChannel::kMaxLine));
            break;
        case LineChannel::Read::Timeout:
            break;
        case LineChannel::Read::End:
            m_ended = true;
            break;
        }
    }
    return m_broken ? 1 : 0;
}

void McpServer::send(const std::string &message)
{
    if (!m_broken && !m_channel.write(message))
        m_broken = true;
}

void McpServer::answer(const QJsonValue &id, const QJsonObject &result)
{
    answerRaw(id, QJsonDocument(result).toJson(QJsonDocument::Compact).toStdString());
}

void McpServer::answerRaw(const QJsonValue &id, const std::string &result)
{
    send(R"({"jsonrpc":"2.0","id":)" + jsonText(id) + R"(,"result":)" + result + "}");
}

void McpServer::error(const QJsonValue &id, int code, const QString &message)
{
    const QJsonObject e{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    send(R"({"jsonrpc":"2.0","id":)" + jsonText(id) + R"(,"error":)"
        + QJsonDocument(e).toJson(QJsonDocument::Compact).toStdString() + "}");
}

void McpServer::handle(const std::string &line)
{
    if (line.find_first_not_of(" \t") == std::string::npos)
        return; // an empty line is no message
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(line), &parse);
    if (parse.error != QJsonParseError::NoError) {
        // Qt reads only an object or an array at the top: other JSON is a request of the wrong shape.
        const QJsonDocument wrapped = QJsonDocument::fromJson("[" + QByteArray::fromStdString(line) + "]");
        if (wrapped.isArray() && wrapped.array().size() == 1)
            return error(QJsonValue::Null, kInvalidRequest, QStringLiteral("expected a JSON-RPC message (an object)"));
        return error(QJsonValue::Null, kParseError,
            QStringLiteral("not JSON (%1 at byte %2): one JSON-RPC message per line")
                .arg(parse.errorString())
                .arg(parse.offset));
    }
    if (doc.isArray())
        return error(
            QJsonValue::Null, kInvalidRequest, QStringLiteral("batches are not supported: one message per line"));
    const QJsonObject m = doc.object();
    const QJsonValue id = m.value(QStringLiteral("id"));
    const bool hasId = m.contains(QStringLiteral("id"));
    if (hasId && !validId(id))
        return error(QJsonValue::Null, kInvalidRequest, QStringLiteral("id: expected a string or a whole number"));
    if (m.value(QStringLiteral("jsonrpc")).toString() != QLatin1String("2.0"))
        return error(hasId ? id : QJsonValue::Null, kInvalidRequest, QStringLiteral("jsonrpc: expected \"2.0\""));
    const QJsonValue method = m.value(QStringLiteral("method"));
    if (method.isUndefined() && hasId
        && (m.contains(QStringLiteral("result")) || m.contains(QStringLiteral("error")))) {
        // An answer to a request of ours.
        if (m_waiting && id.isString() && id.toString() == m_waiting->id) {
            m_waiting->response = m.contains(QStringLiteral("result"))
                ? m.value(QStringLiteral("result")).toObject()
                : QJsonObject{{QStringLiteral("error"), m.value(QStringLiteral("error"))}};
        } else {
            logLine(QStringLiteral("an answer to no request of ours (id %1): ignored")
                        .arg(QString::fromStdString(jsonText(id))));
        }
        return;
    }
    if (!method.isString())
        return error(hasId ? id : QJsonValue::Null, kInvalidRequest, QStringLiteral("method: expected a string"));
    const QJsonValue params = m.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isObject() && !params.isArray())
        return error(hasId ? id : QJsonValue::Null, kInvalidRequest, QStringLiteral("params: expected an object"));
    if (hasId)
        request(id, method.toString(), params);
    else
        notification(method.toString(), params);
}

void McpServer::notification(const QString &method, const QJsonValue &params)
{
    if (method == QLatin1String("notifications/cancelled") && m_waiting) {
        // The call waiting for the person was cancelled: its confirmation is no longer asked for.
        const QJsonValue cancelled = params.toObject().value(QStringLiteral("requestId"));
        if (cancelled == m_waiting->forCall)
            m_waiting->cancelled = true;
    }
    // notifications/initialized and the others need nothing from us.
}

void McpServer::request(const QJsonValue &id, const QString &method, const QJsonValue &params)
{
    if (method == QLatin1String("ping"))
        return answer(id, {});
    if (method == QLatin1String("initialize")) {
        const QJsonObject p = params.toObject();
        const QJsonValue version = p.value(QStringLiteral("protocolVersion"));
        if (!version.isString())
            return error(id, kInvalidParams, QStringLiteral("initialize: protocolVersion: expected a string"));
        if (m_initialized)
            return error(id, kInvalidRequest, QStringLiteral("initialize: already initialized"));
        m_initialized = true;
        m_clientCapabilities = p.value(QStringLiteral("capabilities")).toObject();
        QString spoken = QLatin1String(kVersions[0]);
        for (const char *v : kVersions)
            if (version.toString() == QLatin1String(v))
                spoken = version.toString();
        const QJsonObject info{{QStringLiteral("name"), QStringLiteral("ptriage")},
            {QStringLiteral("title"), QStringLiteral("ptriage: process triage")},
            {QStringLiteral("version"), QStringLiteral(PTRIAGE_VERSION)}};
        return answer(id,
            {{QStringLiteral("protocolVersion"), spoken},
                {QStringLiteral("capabilities"),
                    QJsonObject{{QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), false}}}}},
                {QStringLiteral("serverInfo"), info},
                {QStringLiteral("instructions"),
                    QStringLiteral(
                        "Process triage for this Linux machine: what was left running (scan, groups), why a process "
                        "looks abandoned (explain), who holds a port (port), and what an End would end (end_plan). "
                        "Processes are named by start_id (boot_id:start_ticks:pid), never a bare pid. end ends "
                        "nothing without the person's confirmation.")}});
    }
    if (!m_initialized)
        return error(
            id, kInvalidRequest, QStringLiteral("%1: not initialized; send initialize first").arg(method.left(64)));
    if (method == QLatin1String("tools/list"))
        return answer(id, {{QStringLiteral("tools"), m_tools.list()}});
    if (method == QLatin1String("tools/call"))
        return callTool(id, params);
    error(id, kMethodNotFound, QStringLiteral("no method '%1' (this server offers tools)").arg(method.left(64)));
}

void McpServer::callTool(const QJsonValue &id, const QJsonValue &params)
{
    const QJsonObject p = params.toObject();
    const QJsonValue name = p.value(QStringLiteral("name"));
    const QJsonValue arguments = p.value(QStringLiteral("arguments"));
    if (!name.isString())
        return error(id, kInvalidParams, QStringLiteral("tools/call: name: expected a tool's name"));
    if (!arguments.isUndefined() && !arguments.isObject())
        return error(id, kInvalidParams, QStringLiteral("tools/call: arguments: expected an object"));
    if (m_waiting)
        return error(id, kInvalidRequest,
            QStringLiteral("tools/call: another call waits for the person's confirmation; call again after it"));
    QString invalid;
    m_callId = id;
    const auto result = m_tools.call(name.toString(), arguments.toObject(), *this, &invalid);
    m_callId = QJsonValue();
    if (!result)
        return error(id, kInvalidParams, QStringLiteral("%1: %2").arg(name.toString().left(64), invalid));
    if (m_callCancelled) { // the client no longer waits for this call: no answer (the spec's rule)
        m_callCancelled = false;
        return;
    }
    if ((result->error.empty() && result->document.empty()) || result->document.find('\n') != std::string::npos)
        return error(
            id, kInternalError, QStringLiteral("%1: internal error: no answer of one line").arg(name.toString()));
    JsonWriter w;
    w.beginObject();
    w.key("content").beginArray();
    for (const std::string *text : {&result->error, &result->document}) {
        if (text->empty())
            continue;
        w.beginObject();
        w.key("type").value("text");
        w.key("text").value(*text);
        w.endObject();
    }
    w.endArray();
    if (!result->document.empty())
        w.key("structuredContent").raw(result->document);
    w.key("isError").value(result->isError());
    w.endObject();
    answerRaw(id, w.str());
}

bool McpServer::canElicit() const
{
    // Form mode: declared as elicitation.form, or as an empty elicitation (the spec's older form).
    if (!m_clientCapabilities.value(QStringLiteral("elicitation")).isObject())
        return false;
    const QJsonObject e = m_clientCapabilities.value(QStringLiteral("elicitation")).toObject();
    return e.contains(QStringLiteral("form")) || !e.contains(QStringLiteral("url"));
}

std::optional<QJsonObject> McpServer::ask(const QString &method, const QJsonObject &params, QString *why)
{
    Waiting waiting;
    waiting.id = QStringLiteral("ptriage-%1").arg(m_nextId++);
    waiting.forCall = m_callId;
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), waiting.id},
        {QStringLiteral("method"), method}, {QStringLiteral("params"), params}};
    send(QJsonDocument(message).toJson(QJsonDocument::Compact).toStdString());
    // Meanwhile the client's messages are served (pings, reads); another tools/call is refused.
    m_waiting = &waiting;
    std::string line;
    while (!m_broken && !waiting.response && !waiting.cancelled) {
        const LineChannel::Read read = m_channel.read(line, kAskTimeoutMs);
        if (read == LineChannel::Read::Line)
            handle(line);
        else if (read == LineChannel::Read::TooLong)
            error(QJsonValue::Null, kParseError, QStringLiteral("message too long: not read"));
        else {
            m_ended = read == LineChannel::Read::End;
            break; // no answer in time, or the input ended
        }
    }
    m_callCancelled = waiting.cancelled;
    m_waiting = nullptr;
    if (waiting.response && !waiting.response->contains(QStringLiteral("error")))
        return waiting.response;
    *why = waiting.cancelled ? QStringLiteral("the call was cancelled")
        : waiting.response   ? QStringLiteral("the client answered with an error: %1")
                                 .arg(waiting.response->value(QStringLiteral("error"))
                                          .toObject()
                                          .value(QStringLiteral("message"))
                                          .toString()
                                          .left(200))
        : m_broken || m_ended ? QStringLiteral("the client went away")
                              : QStringLiteral("no answer within %1 minutes").arg(kAskTimeoutMs / 60000);
    return std::nullopt;
}

} // namespace ptriage::mcp
