#include "Publish.h"

#include "collect/proc/ProcParsers.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {
namespace {

// tty_nr from stat → the device node: pts (majors 136–143) and virtual consoles (major 4).
std::string ttyDevicePath(int ttyNr)
{
    const unsigned major = (static_cast<unsigned>(ttyNr) >> 8) & 0xfffu;
    const unsigned minor = (static_cast<unsigned>(ttyNr) & 0xffu) | ((static_cast<unsigned>(ttyNr) >> 12) & 0xfff00u);
    if (major >= 136 && major <= 143)
        return "/dev/pts/" + std::to_string((major - 136) * 256 + minor);
    if (major == 4 && minor < 64)
        return "/dev/tty" + std::to_string(minor);
    return {};
}

} // namespace

SocketReading readSockets(const CollectorState &state, FileBuffer &buf)
{
    SocketReading r;
    std::string netError;
    std::string sockstat;
    if (!state.capture && buf.readAt(state.root.get(), "net/sockstat"))
        sockstat = buf.view();
    const SocketCounts counts
        = parseSockstat(sockstat, !state.capture && buf.readAt(state.root.get(), "net/sockstat6") ? buf.view() : "");
    if (state.capture || !readInetSocketsNetlink(r.sockets, &netError, &r.closedByPort, &counts)) {
        r.closedByPort.clear(); // what a failed dump counted is counted again below
        if (!netError.empty())
            r.warning = Phrase("Collector", QT_TRANSLATE_NOOP("Collector", "%1; falling back to %2/net"),
                std::vector<Phrase>{netError, state.options.procRoot});
        const std::pair<const char *, SocketInfo::Proto> files[]
            = {{"net/tcp", SocketInfo::Proto::Tcp}, {"net/tcp6", SocketInfo::Proto::Tcp6},
                {"net/udp", SocketInfo::Proto::Udp}, {"net/udp6", SocketInfo::Proto::Udp6}};
        for (const auto &[file, proto] : files)
            if (buf.readAt(state.root.get(), file, 64 << 20))
                parseProcNetInet(buf.view(), proto, r.sockets, &r.closedByPort);
    }
    if (buf.readAt(state.root.get(), "net/unix", 64 << 20))
        parseProcNetUnix(buf.view(), r.sockets);
    return r;
}

std::vector<std::uint64_t> tcpListeners(const SocketMap &sockets)
{
    std::vector<std::uint64_t> listeners;
    for (const auto &[inode, si] : sockets)
        if (si.listening && (si.proto == SocketInfo::Proto::Tcp || si.proto == SocketInfo::Proto::Tcp6))
            listeners.push_back(inode);
    std::sort(listeners.begin(), listeners.end());
    return listeners;
}

std::shared_ptr<Snapshot> publish(
    CollectorState &state, Pass &&pass, PhaseClock &clock, std::optional<SocketReading> sockets)
{
    auto snap = std::make_shared<Snapshot>();
    auto &sys = snap->system;
    sys.bootId = state.bootId;
    sys.uptimeSeconds = pass.uptime;
    sys.clockTicks = ::sysconf(_SC_CLK_TCK);
    sys.pageSize = ::getpagesize();
    sys.cpuCount = static_cast<int>(std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN)));
    FileBuffer &buf = state.buffer;
    if (buf.readAt(state.root.get(), "meminfo")) {
        parseMeminfo(buf.view(), sys.memTotalBytes, sys.memAvailableBytes);
        std::uint64_t swapTotal = 0, swapFree = 0;
        if (parseSwap(buf.view(), swapTotal, swapFree)) {
            sys.swapTotalBytes = swapTotal;
            sys.swapFreeBytes = swapFree;
        }
    } else
        snap->warnings.push_back(state.options.procRoot + "/meminfo: " + std::strerror(buf.error()));
    if (buf.readAt(state.root.get(), "loadavg"))
        parseLoadavg(buf.view(), sys.load1, sys.load5, sys.load15);
    double some = 0, full = 0;
    if (buf.readAt(state.root.get(), "pressure/memory") && parsePressure(buf.view(), some, full)) {
        sys.memPressureSome = some;
        sys.memPressureFull = full;
    }
    clock.lap("system");

    if (!sockets)
        sockets = readSockets(state, buf);
    snap->sockets = std::move(sockets->sockets);
    snap->closedByPort = std::move(sockets->closedByPort);
    if (sockets->warning)
        snap->warnings.push_back(std::move(*sockets->warning));
    if (state.clockWarning)
        snap->warnings.push_back(std::move(*state.clockWarning));
    state.clockWarning.reset();
    snap->locks = std::move(state.locks);
    clock.lap("sockets");

    if (!state.capture) {
        for (const auto &s : pass.samples) {
            if (s.ttyNr == 0 || snap->ttyActivityMs.count(s.ttyNr))
                continue;
            const std::string dev = ttyDevicePath(s.ttyNr);
            struct stat st { };
            if (!dev.empty() && ::stat(dev.c_str(), &st) == 0) {
                const auto &t = st.st_atim.tv_sec > st.st_mtim.tv_sec ? st.st_atim : st.st_mtim;
                snap->ttyActivityMs[s.ttyNr] = static_cast<std::int64_t>(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
            }
        }
    }
    if (state.source == ProcSource::Capture) {
        // Files refused in a capture are each process's warnings; the scan says where to look.
        std::vector<std::string> refused;
        for (const auto &s : pass.samples)
            if (s.partialReasons().find("(a capture)") != std::string::npos
                || s.partialReasons().find("outside the capture") != std::string::npos)
                refused.push_back(std::to_string(s.id.pid));
        if (!refused.empty())
            snap->warnings.emplace_back("Collector",
                QT_TRANSLATE_NOOP("Collector",
                    "%1: files of %2 processes are FIFOs, devices or links and were not read (pid %3); "
                    "explain PID says which"),
                std::vector<Phrase>{state.options.procRoot, std::to_string(refused.size()), joinFirst(refused, 10)});
    }
    snap->intervalSeconds = state.lastInterval;
    snap->capturedAtMs = state.capturedAtMs > 0
        ? state.capturedAtMs
        : std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
              .count();
    snap->processes = std::move(pass.samples);
    snap->indexByPid.reserve(snap->processes.size());
    for (std::size_t i = 0; i < snap->processes.size(); ++i)
        snap->indexByPid.emplace(snap->processes[i].id.pid, i);
    clock.lap("terminals, snapshot");
    return snap;
}

} // namespace ptriage
