#pragma once

#include <string_view>

// The one list of the terminal multiplexers and process managers that facts recognize by name
// (intent: a multiplexer pane; supervisor: a manager that would respawn what is killed).
namespace ptriage::managers {

enum class Multiplexer { None, Tmux, Screen, Zellij };

// By comm: "tmux", "tmux: server" (any comm starting "tmux"), "screen" / "SCREEN", "zellij".
constexpr Multiplexer multiplexerOf(std::string_view comm)
{
    if (comm.starts_with("tmux"))
        return Multiplexer::Tmux;
    if (comm == "screen" || comm == "SCREEN")
        return Multiplexer::Screen;
    if (comm == "zellij")
        return Multiplexer::Zellij;
    return Multiplexer::None;
}

// The servers that TMUX and STY name (zellij sets neither).
constexpr bool isTmuxOrScreen(std::string_view comm)
{
    const Multiplexer m = multiplexerOf(comm);
    return m == Multiplexer::Tmux || m == Multiplexer::Screen;
}

// A process manager by its comm (or, for node tools, argv[0]'s name): its supervisor name, or empty.
constexpr std::string_view processManagerOf(std::string_view comm, std::string_view argv0Name)
{
    if (comm.starts_with("PM2")) // "PM2 v5.3.0: God Daemon"
        return "pm2";
    for (std::string_view name : {"supervisord", "runsv", "s6-supervise"})
        if (comm == name)
            return name;
    if (argv0Name == "nodemon")
        return "nodemon";
    return {};
}

// Environment markers a process inherits from them (the collector keeps these keys).
inline constexpr std::string_view kTmuxMarker = "TMUX"; // "SOCKET,SERVER_PID,SESSION"
inline constexpr std::string_view kTmuxPaneMarker = "TMUX_PANE";
inline constexpr std::string_view kScreenMarker = "STY"; // "PID.TTY.HOST"
inline constexpr std::string_view kPm2Marker = "pm_id"; // → "pm2"
inline constexpr std::string_view kPm2HomeMarker = "PM2_HOME";
inline constexpr std::string_view kSupervisordMarker = "SUPERVISOR_ENABLED"; // → "supervisord"
inline constexpr std::string_view kNodemonMarker = "NODEMON_CONFIG";

} // namespace ptriage::managers
