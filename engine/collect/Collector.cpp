#include "Collector.h"

#include "SecretMask.h"
#include "Workspace.h"
#include "collect/proc/ProcParsers.h"
#include "collect/scan/CollectorState.h"
#include "collect/scan/DeepReader.h"
#include "collect/scan/LiveRefresh.h"
#include "collect/scan/OneShotScan.h"
#include "collect/scan/ProcessReader.h"
#include "config/OriginTools.h"
#include "config/ProcessManagers.h"
#include "util/Parallel.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {

std::vector<std::string> CollectOptions::defaultEnvironKeys()
{
    using namespace managers;
    std::vector<std::string> keys{std::string(kTmuxMarker), std::string(kTmuxPaneMarker), std::string(kScreenMarker),
        "SSH_CONNECTION", "SSH_TTY", "INVOCATION_ID", "JOURNAL_STREAM", std::string(kPm2Marker),
        std::string(kPm2HomeMarker), std::string(kSupervisordMarker), std::string(kNodemonMarker), "container", "CI",
        "GITHUB_ACTIONS", "GITLAB_CI", "JENKINS_URL", "TERM_PROGRAM", "DISPLAY", "WAYLAND_DISPLAY", "CURSOR_SESSION",
        "AIDER_SESSION"};
    // And what the origins read: the sessions of coding agents, editors and terminals.
    for (std::string_view key : origins::kEnvironKeys)
        keys.emplace_back(key);
    return keys;
}

CollectorState::CollectorState(CollectOptions collectOptions)
    : options(std::move(collectOptions)),
      buffers(static_cast<std::size_t>(workerCount())),
      pool(std::make_unique<QThreadPool>())
{
    // Its threads are started by whoever scans, and share that thread's scheduling priority.
    pool->setMaxThreadCount(std::max(1, workerCount() - 1));
    for (const auto &k : options.environKeys)
        environKeys.emplace_back(k);
}

Collector::~Collector() = default;
Collector::Collector(Collector &&) noexcept = default;

Collector::Collector(CollectOptions options) : m_state(std::make_unique<CollectorState>(std::move(options))) { }

bool Collector::open(std::string *error)
{
    CollectorState &state = *m_state;
    state.root = DirFd(::open(state.options.procRoot.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!state.root.valid()) {
        if (error)
            *error = state.options.procRoot + ": " + std::strerror(errno);
        return false;
    }
    // A live procfs has a "self" link; a captured tree does not.
    struct stat st { };
    state.capture = ::fstatat(state.root.get(), "self", &st, 0) != 0;
    state.canCompareFds = !state.capture && readLinkAt(state.root.get(), "self") == std::to_string(::getpid());
    if (!state.capture && !state.workTrees)
        state.workTrees = std::make_unique<WorkTreeCache>();
    // Whatever it has, a tree that is not procfs is read as anyone's files.
    state.source = procSourceOf(state.root.get());
    state.buffer.setSource(state.source);
    for (FileBuffer &b : state.buffers)
        b.setSource(state.source);
    FileBuffer buf(state.source);
    if (!buf.readAt(state.root.get(), "sys/kernel/random/boot_id")) {
        if (error)
            *error = state.options.procRoot + "/sys/kernel/random/boot_id: " + std::strerror(buf.error());
        return false;
    }
    const auto boot = parseBootIdFile(buf.view());
    if (!boot) {
        if (error)
            *error = state.options.procRoot + "/sys/kernel/random/boot_id: not a boot id (a lowercase uuid)";
        return false;
    }
    state.bootId = *boot;
    if (state.capture && !buf.readAt(state.root.get(), "uptime")) {
        if (error)
            *error = state.options.procRoot + "/uptime: " + std::strerror(buf.error());
        return false;
    }
    if (state.capture && ::fstatat(state.root.get(), "uptime", &st, 0) == 0)
        state.capturedAtMs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1'000'000;
    return true;
}

bool Collector::isCapture() const
{
    return m_state->capture;
}

const BootId &Collector::bootId() const
{
    return m_state->bootId;
}

const PhaseTimes &Collector::lastPhases() const
{
    return m_state->phases;
}

Collector::Inherited Collector::lastInherited() const
{
    return m_state->inherited;
}

std::shared_ptr<const Snapshot> Collector::scanOnce(double minIntervalSeconds)
{
    return OneShotScan(*m_state).run(minIntervalSeconds);
}

std::shared_ptr<const Snapshot> Collector::refresh()
{
    return LiveRefresh(*m_state).run();
}

std::size_t Collector::readIoLeftForLater()
{
    return LiveRefresh(*m_state).readIoLeftForLater();
}

std::shared_ptr<const DeepDetails> Collector::readDeep(const ProcessIdentity &id)
{
    CollectorState &state = *m_state;
    const DirFd dir = openPid(state, id.pid);
    if (!dir.valid())
        return nullptr;
    Sample s;
    if (!readCheapAt(state, dir, id.pid, s, state.buffer) || s.id != id)
        return nullptr; // gone, or the pid now names another process
    auto deep = readDeepAt(state, dir.get(), s, state.buffer);
    if (state.options.readExecutable) {
        deep->exe = readLinkAt(dir.get(), "exe");
        deep->exeRead = true;
    }
    // The whole environment only for this one process; masked before it leaves the collector.
    if (state.buffer.readAt(dir.get(), "environ", 1 << 20)) {
        deep->environment = parseEnvironAll(state.buffer.view(), 4096);
        maskSecrets(deep->environment);
        std::sort(deep->environment.begin(), deep->environment.end());
    } else {
        addReason(deep->partial, describeErrno("environ", state.buffer.error()));
    }
    if (stillSame(dir.get(), s, state.buffer) == StillSame::No)
        return nullptr; // a captured tree changed under the reads (a live pid directory cannot)
    auto details = state.details.find(id);
    if (!state.capture && details != state.details.end() && details->second && !details->second->cwdDeleted)
        deep->workspace = findWorkspace(details->second->cwd);
    state.deep[id] = deep;
    return deep;
}

void Collector::seedPrevious(const std::vector<PreviousSample> &previous)
{
    for (const auto &p : previous)
        m_state->previous[p.id] = p;
}

std::vector<PreviousSample> Collector::previousSamples() const
{
    std::vector<PreviousSample> out;
    out.reserve(m_state->previous.size());
    for (const auto &[k, v] : m_state->previous)
        out.push_back(v);
    return out;
}

void Collector::reserveFdTableBeforeThreads()
{
    const DirFd proc(::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!proc.valid())
        return;
    reserveFdTable(proc.get(), std::min(2 * listPids(proc.get()).size(), pidDirBudget()) + 64);
}

Phrase partialPhrase(const std::string &reasons)
{
    // The collector's own endings (describeReadError), after "FILE".
    static const std::pair<std::string_view, const char *> kEndings[] = {
        {": permission denied", QT_TRANSLATE_NOOP("Collector", "%1: permission denied")},
        {": not a regular file, not read (a capture)",
            QT_TRANSLATE_NOOP("Collector", "%1: not a regular file, not read (a capture)")},
        {": a link, not followed (a capture)", QT_TRANSLATE_NOOP("Collector", "%1: a link, not followed (a capture)")},
        {": outside the capture, not read", QT_TRANSLATE_NOOP("Collector", "%1: outside the capture, not read")}};
    Phrase out;
    std::size_t at = 0;
    while (at < reasons.size()) {
        const std::size_t end = std::min(reasons.find("; ", at), reasons.size());
        const std::string part = reasons.substr(at, end - at);
        Phrase one(part);
        for (const auto &[ending, source] : kEndings)
            if (part.ends_with(ending)) {
                one = Phrase("Collector", source, {part.substr(0, part.size() - ending.size())});
                break;
            }
        out = out.empty() ? one : Phrase("Format", "%1; %2", {out, one});
        at = end + 2;
    }
    return out;
}

} // namespace ptriage
