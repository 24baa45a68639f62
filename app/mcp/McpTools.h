#pragma once

#include "OneShot.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>

namespace ptriage::mcp {

// What a tool may ask of the client that called it (McpServer is one).
class McpClient {
public:
    virtual ~McpClient() = default;
    // The client declared form-mode elicitation at initialize: it can ask its person a question.
    virtual bool canElicit() const = 0;
    // A request to the client, answered before anything else is done: its result, or nothing with why.
    virtual std::optional<QJsonObject> ask(const QString &method, const QJsonObject &params, QString *why) = 0;
};

// A tool's answer: a JSON document of the CLI's (one line), given as text and as structured content,
// and/or an error for the model (isError) that says what went wrong and what to do instead.
struct ToolAnswer {
    std::string document; // compact, without a line break; empty: none
    std::string error; // empty: none
    bool isError() const { return !error.empty(); }
};

// The tools of `ptriage mcp`: scan, explain, groups, port and end_plan read (every answer the same
// document as the CLI's --json, bounded); end ends an End plan only once the person confirmed it.
class McpTools {
public:
    // `defaults`: the command's --proc-root, --state, --min-age and --db; `journal`: where acting is journaled.
    McpTools(cli::OneShotOptions defaults, QString journal);

    QJsonArray list() const; // tools/list: name, title, description, inputSchema, outputSchema, annotations
    // tools/call. Bad arguments (an unknown tool, a wrong type, out of range): nothing, with why in
    // `invalid` (a JSON-RPC invalid-params error).
    std::optional<ToolAnswer> call(
        const QString &name, const QJsonObject &arguments, McpClient &client, QString *invalid);

private:
    cli::OneShotOptions m_defaults;
    QString m_journal;
};

} // namespace ptriage::mcp
