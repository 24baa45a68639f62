#include "EvidenceJson.h"

#include "remote/JsonFields.h"
#include "report/JsonWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <charconv>
#include <cmath>
#include <limits>

namespace ptriage {
namespace {

constexpr int kExact = 17; // a double written so that it reads back the same
constexpr std::string_view kFdKinds[] = {"file", "socket", "pipe", "tty", "device", "other"};
constexpr std::string_view kProtos[] = {"tcp", "tcp6", "udp", "udp6", "unix"};

void optionalNumber(JsonWriter &w, const char *name, const std::optional<double> &v)
{
    if (v)
        w.key(name).value(*v, kExact);
}

void optionalCount(JsonWriter &w, const char *name, const std::optional<std::uint64_t> &v)
{
    if (v)
        w.key(name).value(static_cast<long long>(*v));
}

void pairs(JsonWriter &w, const char *name, const std::vector<std::pair<std::string, std::string>> &kv)
{
    w.key(name).beginArray();
    for (const auto &[k, v] : kv) {
        w.beginArray();
        w.value(k);
        w.value(v);
        w.endArray();
    }
    w.endArray();
}

void writeDetails(JsonWriter &w, const ProcessDetails &d)
{
    w.key("details").beginObject();
    w.key("comm").value(d.comm);
    w.key("cmdline").stringArray(d.cmdline);
    w.key("exe").value(d.exe);
    w.key("cwd").value(d.cwd);
    w.key("cwd_deleted").value(d.cwdDeleted);
    w.key("project").value(d.project);
    w.key("project_repository").value(d.projectRepository);
    w.key("project_label").value(d.projectLabel);
    w.key("cgroup").value(d.cgroup);
    w.key("git_locks").stringArray(d.gitLocks);
    pairs(w, "environ", d.environ);
    w.key("environ_read").value(d.environRead);
    w.key("partial").value(d.partial);
    w.endObject();
}

void writeDeep(JsonWriter &w, const DeepDetails &d)
{
    w.key("deep").beginObject();
    w.key("files").beginArray();
    for (const OpenFile &f : d.files) {
        w.beginObject();
        w.key("fd").value(f.fd);
        w.key("kind").value(kFdKinds[static_cast<std::size_t>(f.kind)]);
        w.key("target").value(f.target);
        w.key("inode").value(static_cast<long long>(f.inode));
        w.key("writable").value(f.writable);
        w.endObject();
    }
    w.endArray();
    w.key("files_read").value(d.filesRead);
    w.key("fd_count").value(d.fdCount);
    w.key("wchan").value(d.wchan);
    pairs(w, "environment", d.environment);
    w.key("workspace").value(d.workspace);
    w.key("partial").value(d.partial);
    w.endObject();
}

void writeSample(JsonWriter &w, const Sample &s)
{
    w.beginObject();
    w.key("start_id").value(s.id.toString());
    w.key("comm").value(s.comm);
    w.key("ppid").value(s.ppid);
    w.key("pgrp").value(s.pgrp);
    w.key("session").value(s.session);
    w.key("tty_nr").value(s.ttyNr);
    w.key("tpgid").value(s.tpgid);
    w.key("state").value(std::string_view(&s.state, 1));
    w.key("flags").value(static_cast<long long>(s.flags));
    w.key("nice").value(static_cast<long long>(s.nice));
    w.key("threads").value(static_cast<long long>(s.threads));
    w.key("processor").value(s.processor);
    w.key("cpu_ticks").value(static_cast<long long>(s.cpuTicks));
    w.key("rss_bytes").value(static_cast<long long>(s.rssBytes));
    w.key("vsize_bytes").value(static_cast<long long>(s.vsizeBytes));
    if (s.uid)
        w.key("uid").value(static_cast<long long>(*s.uid));
    optionalCount(w, "io_bytes", s.ioBytes);
    optionalCount(w, "written_bytes", s.writtenBytes);
    w.key("fd_count").value(s.fdCount);
    optionalCount(w, "cpu_ns", s.cpuNs);
    optionalNumber(w, "cpu_share", s.cpuShare);
    optionalNumber(w, "io_rate", s.ioRate);
    optionalNumber(w, "cpu_steady", s.cpuSteady);
    optionalNumber(w, "io_steady", s.ioSteady);
    optionalNumber(w, "since_last_ran_seconds", s.sinceLastRanSeconds);
    w.key("steady_from")
        .value(s.steadyFrom == Sample::SteadyFrom::Life         ? "life"
                : s.steadyFrom == Sample::SteadyFrom::Refreshes ? "refreshes"
                                                                : "interval");
    w.key("partial").value(s.partial);
    if (s.details)
        writeDetails(w, *s.details);
    if (s.deep)
        writeDeep(w, *s.deep);
    w.endObject();
}

void writeSystem(JsonWriter &w, const SystemInfo &sys)
{
    w.key("system").beginObject();
    w.key("boot_id").value(sys.bootId.toString());
    w.key("uptime_seconds").value(sys.uptimeSeconds, kExact);
    w.key("clock_ticks").value(static_cast<long long>(sys.clockTicks));
    w.key("page_size").value(static_cast<long long>(sys.pageSize));
    w.key("cpu_count").value(sys.cpuCount);
    w.key("mem_total_bytes").value(static_cast<long long>(sys.memTotalBytes));
    w.key("mem_available_bytes").value(static_cast<long long>(sys.memAvailableBytes));
    optionalCount(w, "swap_total_bytes", sys.swapTotalBytes);
    optionalCount(w, "swap_free_bytes", sys.swapFreeBytes);
    w.key("load").beginArray();
    for (double l : {sys.load1, sys.load5, sys.load15})
        w.value(l, kExact);
    w.endArray();
    optionalNumber(w, "mem_pressure_some", sys.memPressureSome);
    optionalNumber(w, "mem_pressure_full", sys.memPressureFull);
    w.endObject();
}

void writeTables(JsonWriter &w, const Snapshot &snap)
{
    // A socket's key is a string: queued connections have keys above 2^63 (SocketTable.h).
    w.key("sockets").beginArray();
    for (const auto &[key, s] : snap.sockets) {
        w.beginObject();
        w.key("key").value(std::to_string(key));
        w.key("proto").value(kProtos[static_cast<std::size_t>(s.proto)]);
        w.key("listening").value(s.listening);
        w.key("established").value(s.established);
        w.key("local").value(s.local);
        w.key("remote").value(s.remote);
        w.key("local_port").value(s.localPort);
        w.key("remote_port").value(s.remotePort);
        w.key("peer_inode").value(static_cast<long long>(s.peerInode));
        if (s.uid >= 0)
            w.key("uid").value(static_cast<long long>(s.uid));
        w.endObject();
    }
    w.endArray();
    w.key("closed_by_port").beginArray();
    for (const auto &[port, count] : snap.closedByPort) {
        w.beginArray();
        w.value(port);
        w.value(count);
        w.endArray();
    }
    w.endArray();
    w.key("locks").beginArray();
    for (const FileLock &l : snap.locks) {
        w.beginObject();
        w.key("pid").value(l.pid);
        w.key("inode").value(static_cast<long long>(l.inode));
        w.key("device").value(l.device);
        w.key("write").value(l.write);
        w.key("waiting").value(l.waiting);
        w.endObject();
    }
    w.endArray();
    w.key("tty_activity_ms").beginArray();
    for (const auto &[tty, ms] : snap.ttyActivityMs) {
        w.beginArray();
        w.value(tty);
        w.value(static_cast<long long>(ms));
        w.endArray();
    }
    w.endArray();
}

constexpr long long kMaxInt = std::numeric_limits<int>::max();
constexpr long long kMaxCount = std::numeric_limits<qint64>::max();
constexpr double kMaxRate = 1e15;

std::string item(const std::string &where, qsizetype i)
{
    return where + '[' + std::to_string(i) + ']';
}

std::shared_ptr<const ProcessDetails> readDetails(const JsonFields &f)
{
    auto d = std::make_shared<ProcessDetails>();
    d->comm = f.string("comm", 64);
    d->cmdline = f.strings("cmdline", 1 << 16);
    d->exe = f.string("exe", 4096);
    d->cwd = f.string("cwd", 4096);
    d->cwdDeleted = f.boolean("cwd_deleted");
    d->project = f.string("project", 4096);
    d->projectRepository = f.string("project_repository", 4096);
    d->projectLabel = f.string("project_label", 4096);
    d->cgroup = f.string("cgroup", 4096);
    d->gitLocks = f.strings("git_locks", 64);
    d->environ = f.stringPairs("environ", 4096);
    d->environRead = f.boolean("environ_read");
    d->partial = f.string("partial", 4096);
    return d;
}

std::shared_ptr<const DeepDetails> readDeep(const JsonFields &f, std::string *error)
{
    auto d = std::make_shared<DeepDetails>();
    const QJsonArray files = f.array("files", 1 << 20);
    for (qsizetype i = 0; i < files.size() && f.ok(); ++i) {
        const JsonFields o(files[i].toObject(), item(f.at("files"), i), error);
        if (!files[i].isObject()) {
            o.fail(item(f.at("files"), i), "expected an object");
            break;
        }
        OpenFile file;
        file.fd = static_cast<int>(o.integer("fd", 0, kMaxInt));
        file.kind = static_cast<FdKind>(o.oneOf("kind", kFdKinds));
        file.target = o.string("target", 4096 + 64);
        file.inode = static_cast<std::uint64_t>(o.integer("inode", 0, kMaxCount));
        file.writable = o.boolean("writable");
        d->files.push_back(std::move(file));
    }
    d->filesRead = f.boolean("files_read");
    d->fdCount = static_cast<int>(f.integer("fd_count", -1, kMaxInt));
    d->wchan = f.string("wchan", 256);
    d->environment = f.stringPairs("environment", 1 << 16);
    d->workspace = f.string("workspace", 4096);
    d->partial = f.string("partial", 4096);
    return d;
}

bool readSample(const JsonFields &f, const BootId &boot, Sample &s, std::string *error)
{
    std::string why;
    const std::string startId = f.string("start_id", 128);
    if (!f.ok())
        return false;
    const auto id = ProcessIdentity::parse(startId, &why);
    if (!id)
        return f.fail(f.at("start_id"), "not a START_ID: " + why);
    if (!(id->boot == boot))
        return f.fail(f.at("start_id"), "another boot than the system's");
    s.id = *id;
    s.comm = f.string("comm", 64);
    s.ppid = static_cast<int>(f.integer("ppid", 0, kMaxInt));
    s.pgrp = static_cast<int>(f.integer("pgrp", 0, kMaxInt));
    s.session = static_cast<int>(f.integer("session", 0, kMaxInt));
    s.ttyNr = static_cast<int>(f.integer("tty_nr", std::numeric_limits<int>::min(), kMaxInt));
    s.tpgid = static_cast<int>(f.integer("tpgid", -1, kMaxInt));
    const std::string state = f.string("state", 1);
    if (f.ok() && (state.size() != 1 || !std::isalpha(static_cast<unsigned char>(state[0]))))
        return f.fail(f.at("state"), "expected one letter");
    s.state = f.ok() ? state[0] : '?';
    s.flags = static_cast<unsigned>(f.integer("flags", 0, std::numeric_limits<unsigned>::max()));
    s.nice = static_cast<long>(f.integer("nice", -20, 19));
    s.threads = static_cast<long>(f.integer("threads", 0, kMaxInt));
    s.processor = static_cast<int>(f.integer("processor", -1, kMaxInt));
    s.cpuTicks = static_cast<std::uint64_t>(f.integer("cpu_ticks", 0, kMaxCount));
    s.rssBytes = static_cast<std::uint64_t>(f.integer("rss_bytes", 0, kMaxCount));
    s.vsizeBytes = static_cast<std::uint64_t>(f.integer("vsize_bytes", 0, kMaxCount));
    if (f.has("uid"))
        s.uid = static_cast<std::uint32_t>(f.integer("uid", 0, std::numeric_limits<std::uint32_t>::max()));
    s.ioBytes = f.count("io_bytes");
    s.writtenBytes = f.count("written_bytes");
    s.fdCount = static_cast<int>(f.integer("fd_count", -1, kMaxInt));
    s.cpuNs = f.count("cpu_ns");
    s.cpuShare = f.optionalNumber("cpu_share", 0, 1 << 20);
    s.ioRate = f.optionalNumber("io_rate", 0, kMaxRate);
    s.cpuSteady = f.optionalNumber("cpu_steady", 0, 1 << 20);
    s.ioSteady = f.optionalNumber("io_steady", 0, kMaxRate);
    s.sinceLastRanSeconds = f.optionalNumber("since_last_ran_seconds", 0, 1e12);
    if (const std::string from = f.has("steady_from") ? f.string("steady_from", 16) : std::string(); from == "life")
        s.steadyFrom = Sample::SteadyFrom::Life;
    else if (from == "refreshes")
        s.steadyFrom = Sample::SteadyFrom::Refreshes;
    else if (!from.empty() && from != "interval")
        f.fail(f.at("steady_from"), "expected interval, life or refreshes");
    s.partial = f.string("partial", 4096);
    if (f.ok() && f.has("details"))
        s.details = readDetails(JsonFields(f.object("details"), f.at("details"), error));
    if (f.ok() && f.has("deep"))
        s.deep = readDeep(JsonFields(f.object("deep"), f.at("deep"), error), error);
    return f.ok();
}

void readSystem(const JsonFields &f, SystemInfo &sys)
{
    const auto boot = BootId::parse(f.string("boot_id", 64));
    if (f.ok() && !boot)
        f.fail(f.at("boot_id"), "not a boot id");
    if (boot)
        sys.bootId = *boot;
    sys.uptimeSeconds = f.number("uptime_seconds", 0, 1e12);
    sys.clockTicks = static_cast<long>(f.integer("clock_ticks", 1, 1'000'000));
    sys.pageSize = static_cast<long>(f.integer("page_size", 1, 1 << 30));
    sys.cpuCount = static_cast<int>(f.integer("cpu_count", 1, 1 << 20));
    sys.memTotalBytes = static_cast<std::uint64_t>(f.integer("mem_total_bytes", 0, kMaxCount));
    sys.memAvailableBytes = static_cast<std::uint64_t>(f.integer("mem_available_bytes", 0, kMaxCount));
    sys.swapTotalBytes = f.count("swap_total_bytes");
    sys.swapFreeBytes = f.count("swap_free_bytes");
    const QJsonArray load = f.array("load", 3);
    if (f.ok() && load.size() != 3)
        f.fail(f.at("load"), "expected three numbers");
    double *loads[] = {&sys.load1, &sys.load5, &sys.load15};
    for (qsizetype i = 0; i < load.size() && f.ok(); ++i)
        *loads[i] = f.numberOf(load[i], item(f.at("load"), i), 0, 1e9);
    sys.memPressureSome = f.optionalNumber("mem_pressure_some", 0, 100);
    sys.memPressureFull = f.optionalNumber("mem_pressure_full", 0, 100);
}

void readTables(const JsonFields &f, Snapshot &snap, std::string *error)
{
    const QJsonArray sockets = f.array("sockets");
    for (qsizetype i = 0; i < sockets.size() && f.ok(); ++i) {
        const std::string where = item(f.at("sockets"), i);
        const JsonFields o(sockets[i].toObject(), where, error);
        if (!sockets[i].isObject()) {
            o.fail(where, "expected an object");
            return;
        }
        const std::string key = o.string("key", 24);
        std::uint64_t k = 0;
        const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), k);
        if (o.ok() && (ec != std::errc() || end != key.data() + key.size()))
            o.fail(o.at("key"), "expected a decimal number");
        SocketInfo s;
        s.proto = static_cast<SocketInfo::Proto>(o.oneOf("proto", kProtos));
        s.listening = o.boolean("listening");
        s.established = o.boolean("established");
        s.local = o.string("local", 4096);
        s.remote = o.string("remote", 4096);
        s.localPort = static_cast<int>(o.integer("local_port", 0, 65535));
        s.remotePort = static_cast<int>(o.integer("remote_port", 0, 65535));
        s.peerInode = static_cast<std::uint64_t>(o.integer("peer_inode", 0, kMaxCount));
        if (o.has("uid")) // older hosts' evidence has none
            s.uid = o.integer("uid", 0, 4294967295LL);
        if (o.ok())
            snap.sockets.emplace(k, std::move(s));
    }
    const QJsonArray closed = f.array("closed_by_port", 65536);
    for (qsizetype i = 0; i < closed.size() && f.ok(); ++i) {
        const QJsonArray pc = closed[i].toArray();
        if (!closed[i].isArray() || pc.size() != 2)
            return (void)f.fail(item(f.at("closed_by_port"), i), "expected [port, count]");
        const int port = static_cast<int>(f.integerOf(pc[0], item(f.at("closed_by_port"), i), 0, 65535));
        snap.closedByPort[port] = static_cast<int>(f.integerOf(pc[1], item(f.at("closed_by_port"), i), 0, kMaxInt));
    }
    const QJsonArray locks = f.array("locks");
    for (qsizetype i = 0; i < locks.size() && f.ok(); ++i) {
        const std::string where = item(f.at("locks"), i);
        const JsonFields o(locks[i].toObject(), where, error);
        if (!locks[i].isObject())
            return (void)o.fail(where, "expected an object");
        FileLock l;
        l.pid = static_cast<int>(o.integer("pid", -1, kMaxInt));
        l.inode = static_cast<std::uint64_t>(o.integer("inode", 0, kMaxCount));
        l.device = o.string("device", 64);
        l.write = o.boolean("write");
        l.waiting = o.boolean("waiting");
        snap.locks.push_back(std::move(l));
    }
    const QJsonArray ttys = f.array("tty_activity_ms", 65536);
    for (qsizetype i = 0; i < ttys.size() && f.ok(); ++i) {
        const QJsonArray tm = ttys[i].toArray();
        if (!ttys[i].isArray() || tm.size() != 2)
            return (void)f.fail(item(f.at("tty_activity_ms"), i), "expected [tty_nr, ms]");
        const int tty = static_cast<int>(
            f.integerOf(tm[0], item(f.at("tty_activity_ms"), i), std::numeric_limits<int>::min(), kMaxInt));
        snap.ttyActivityMs[tty] = f.integerOf(tm[1], item(f.at("tty_activity_ms"), i), 0, kMaxCount);
    }
}

} // namespace

std::string evidenceJson(const Snapshot &snap, const EvidenceHeader &header)
{
    JsonWriter w;
    w.beginObject();
    w.key("schema").value(kEvidenceSchema);
    w.key("version").value(header.version);
    w.key("self_pid").value(header.selfPid);
    w.key("captured_at_ms").value(static_cast<long long>(snap.capturedAtMs));
    if (snap.intervalSeconds)
        w.key("interval_seconds").value(*snap.intervalSeconds, kExact);
    writeSystem(w, snap.system);
    w.key("warnings").stringArray(english(snap.warnings));
    w.key("processes").beginArray();
    for (const Sample &s : snap.processes)
        writeSample(w, s);
    w.endArray();
    writeTables(w, snap);
    w.endObject();
    w.str() += '\n';
    return std::move(w.str());
}

} // namespace ptriage

namespace ptriage {

bool parseEvidence(std::string_view json, Snapshot &out, EvidenceHeader &header, std::string *error)
{
    if (json.size() > kMaxEvidenceBytes)
        return *error = "longer than " + std::to_string(kMaxEvidenceBytes >> 20) + " MiB: refused unread", false;
    QJsonObject object;
    if (!jsonObjectOf(json, object, error, JsonLimits{kMaxEvidenceValues, 16}))
        return false;
    std::string problem;
    const JsonFields top(object, {}, &problem);
    top.schema(kEvidenceSchema);
    EvidenceHeader h;
    h.version = oneLine(top.string("version", 64), 64);
    h.selfPid = static_cast<int>(top.integer("self_pid", 0, kMaxInt));
    Snapshot snap;
    snap.capturedAtMs = top.integer("captured_at_ms", 0, kMaxCount);
    snap.intervalSeconds = top.optionalNumber("interval_seconds", 0, 1e9);
    if (top.ok())
        readSystem(JsonFields(top.object("system"), "system", &problem), snap.system);
    for (std::string &w : top.strings("warnings", 4096))
        snap.warnings.emplace_back(std::move(w));
    const QJsonArray processes = top.array("processes", kMaxEvidenceProcesses);
    snap.processes.reserve(static_cast<std::size_t>(processes.size()));
    for (qsizetype i = 0; i < processes.size() && top.ok(); ++i) {
        const std::string where = item("processes", i);
        Sample s;
        if (!processes[i].isObject()) {
            top.fail(where, "expected an object");
            break;
        }
        if (!readSample(JsonFields(processes[i].toObject(), where, &problem), snap.system.bootId, s, &problem))
            break;
        if (!snap.indexByPid.emplace(s.id.pid, snap.processes.size()).second) {
            top.fail(where, "pid " + std::to_string(s.id.pid) + " twice");
            break;
        }
        snap.processes.push_back(std::move(s));
    }
    if (top.ok())
        readTables(top, snap, &problem);
    if (!top.ok()) {
        *error = problem;
        return false;
    }
    out = std::move(snap);
    header = std::move(h);
    return true;
}

} // namespace ptriage
