#pragma once

#include "LineChannel.h"
#include "McpTools.h"

#include <QJsonObject>
#include <QJsonValue>

#include <optional>
#include <string>

namespace ptriage::mcp {

// JSON-RPC 2.0 over a LineChannel, the Model Context Protocol's part of it: the lifecycle (initialize,
// the protocol version, ping), tools/list and tools/call (to McpTools), an error for every bad message
// (the server keeps reading), and requests of its own to the client (elicitation), whose answers it
// waits for while it still answers the client's pings and reads.
class McpServer : public McpClient {
public:
    McpServer(LineChannel &channel, McpTools &tools) : m_channel(channel), m_tools(tools) { }

    // Serves until the input ends (0) or the client stops reading (1).
    int run();

    bool canElicit() const override;
    std::optional<QJsonObject> ask(const QString &method, const QJsonObject &params, QString *why) override;

    // The versions spoken, newest first: a client's is answered with itself, any other with the newest.
    static const char *const kVersions[];

private:
    void handle(const std::string &line);
    void request(const QJsonValue &id, const QString &method, const QJsonValue &params);
    void notification(const QString &method, const QJsonValue &params);
    void callTool(const QJsonValue &id, const QJsonValue &params);
    void answer(const QJsonValue &id, const QJsonObject &result);
    void answerRaw(const QJsonValue &id, const std::string &result); // result: one line of JSON
    void error(const QJsonValue &id, int code, const QString &message);
    void send(const std::string &message);

    LineChannel &m_channel;
    McpTools &m_tools;
    bool m_initialized = false;
    bool m_broken = false; // the client stopped reading
    bool m_ended = false; // the input ended (while waiting for an answer too)
    QJsonObject m_clientCapabilities;
    long long m_nextId = 1; // of our own requests
    // While one of our requests waits: its id, the id of the call it serves, and what came back.
    struct Waiting {
        QString id;
        QJsonValue forCall;
        std::optional<QJsonObject> response;
        bool cancelled = false;
    };
    Waiting *m_waiting = nullptr;
    QJsonValue m_callId; // the tools/call being served
    bool m_callCancelled = false; // the client cancelled it while we waited: it gets no answer
};

} // namespace ptriage::mcp
