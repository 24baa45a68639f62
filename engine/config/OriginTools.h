#pragma once

#include <array>
#include <cstdint>
#include <string_view>

// The one list of the tools whose sessions an origin names from the environment they set in every
// child (checked against each tool's own sources and documentation, not guessed), and the closed
// vocabularies of origins.
namespace ptriage::origins {

// Who started a process, strongest first: the order a person would name it.
enum class OriginKind : std::uint8_t { Agent, Editor, Terminal, TestRun, Unit, Container, Session };
// Whether what started it is still there. Reused: the pid lives on in a younger process (gone too).
enum class OwnerState : std::uint8_t { Alive, Gone, Reused, Unknown };

constexpr std::string_view jsonName(OriginKind k)
{
    constexpr std::array<std::string_view, 7> names{
        "agent", "editor", "terminal", "test_run", "unit", "container", "session"};
    return names[static_cast<std::size_t>(k)];
}

constexpr std::string_view jsonName(OwnerState s)
{
    constexpr std::array<std::string_view, 4> names{"alive", "gone", "reused", "unknown"};
    return names[static_cast<std::size_t>(s)];
}

constexpr bool ownerGone(OwnerState s)
{
    return s == OwnerState::Gone || s == OwnerState::Reused;
}

struct SessionTool {
    std::string_view name; // for people: a product name, not translated
    OriginKind kind;
    std::string_view marker; // set in every child of a session
    std::string_view markerValue; // the value it must have; empty: any
    std::string_view idKey; // the session's id; empty: none
    std::string_view pidKey; // the session owner's pid; empty: none
};

// Claude Code sets CLAUDECODE=1 and CLAUDE_CODE_SESSION_ID; Codex CODEX_THREAD_ID; OpenCode
// OPENCODE_SESSION_ID; VS Code (and its forks) VSCODE_PID and VSCODE_IPC_HOOK_CLI in its terminals and
// tasks; JetBrains IDEs TERMINAL_EMULATOR=JetBrains-JediTerm in theirs.
inline constexpr std::array<SessionTool, 7> kSessionTools{{
    {"Claude Code", OriginKind::Agent, "CLAUDE_CODE_SESSION_ID", {}, "CLAUDE_CODE_SESSION_ID", {}},
    {"Claude Code", OriginKind::Agent, "CLAUDECODE", "1", {}, {}},
    {"Codex", OriginKind::Agent, "CODEX_THREAD_ID", {}, "CODEX_THREAD_ID", {}},
    {"OpenCode", OriginKind::Agent, "OPENCODE_SESSION_ID", {}, "OPENCODE_SESSION_ID", {}},
    {"VS Code", OriginKind::Editor, "VSCODE_PID", {}, {}, "VSCODE_PID"},
    {"VS Code", OriginKind::Editor, "VSCODE_IPC_HOOK_CLI", {}, "VSCODE_IPC_HOOK_CLI", {}},
    {"JetBrains IDE", OriginKind::Editor, "TERMINAL_EMULATOR", "JetBrains-JediTerm", {}, {}},
}};

// The environment keys the collector keeps for them (with the terminals' TMUX, STY, SSH_CONNECTION).
inline constexpr std::array<std::string_view, 8> kEnvironKeys{"CLAUDECODE", "CLAUDE_CODE_SESSION_ID",
    "CLAUDE_CODE_ENTRYPOINT", "CODEX_THREAD_ID", "OPENCODE_SESSION_ID", "VSCODE_PID", "VSCODE_IPC_HOOK_CLI",
    "TERMINAL_EMULATOR"};

} // namespace ptriage::origins
