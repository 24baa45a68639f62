// What ptriage costs in the tray (issue 12): ≤ 0.2 % of one core on average over 10 minutes and
// ≤ 40 MB RSS, with `top -b -d 2` (a terminal monitor refreshing every 2 s) measured alongside as
// the peer. ptriage --tray runs as a person starts it: a private session bus with a tray host and a
// notification server (tests/support/fake_desktop.py), on a machine with --processes processes.
// Run on demand under an X server:
//   xvfb-run -a ./tests/benchmarks/tray_benchmark [--seconds 600] [--processes 1000] [--policy FILE]
// --policy: the user's policy.json for that run (e.g. {"ended_sessions": {"enabled": false}}, to
// measure what one feature costs against the same run without it).
#include "BenchFigures.h"
#include "IdleProcesses.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>

using namespace ptriage::bench;

namespace {

// utime + stime in clock ticks, and VmRSS in kB; {-1, -1} once the process is gone.
std::pair<long long, long long> usage(qint64 pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line) || line.rfind(')') == std::string::npos)
        return {-1, -1};
    std::istringstream fields(line.substr(line.rfind(')') + 2));
    std::string f;
    long long ticks = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i)
        if (i == 14 || i == 15)
            ticks += std::stoll(f);
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    long long rss = -1;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            rss = std::stoll(line.substr(6));
    return {ticks, rss};
}

struct Watched {
    const char *name;
    qint64 pid;
    long long startTicks = 0;
    long long maxRssKb = 0;
    long long lastRssKb = 0;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int seconds = 600, target = 1000;
    QString policy;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seconds" && i + 1 < argc)
            seconds = std::max(10, std::atoi(argv[++i]));
        else if (arg == "--processes" && i + 1 < argc)
            target = std::atoi(argv[++i]);
        else if (arg == "--policy" && i + 1 < argc)
            policy = QString::fromLocal8Bit(argv[++i]);
        else {
            std::fprintf(stderr, "usage: %s [--seconds N] [--processes N] [--policy FILE]\n", argv[0]);
            return 1;
        }
    }
    if (qEnvironmentVariableIsEmpty("DISPLAY")) {
        std::fprintf(stderr, "no X server: run under xvfb-run -a (the tray needs one)\n");
        return 1;
    }
    std::vector<pid_t> idle;
    if (const int err = spawnIdle(idle, std::max(0, target - processCount()))) {
        std::fprintf(stderr, "cannot spawn idle processes: %s\n", std::strerror(err));
        killIdle(idle);
        return 1;
    }
    QProcess bus;
    bus.start(QStringLiteral("dbus-daemon"),
        {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--print-address=1")});
    if (!bus.waitForReadyRead(10000)) {
        std::fprintf(stderr, "cannot start a private dbus-daemon\n");
        killIdle(idle);
        return 1;
    }
    const QString address = QString::fromUtf8(bus.readLine().trimmed());
    QProcess desktop;
    desktop.start(QStringLiteral("/usr/bin/python3"),
        {QStringLiteral(PTRIAGE_FAKE_DESKTOP), QStringLiteral("--address"), address});
    desktop.waitForReadyRead(10000);

    QTemporaryDir home;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), address);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.remove(QStringLiteral("XDG_CURRENT_DESKTOP"));
    if (!policy.isEmpty()) {
        QDir().mkpath(home.filePath(QStringLiteral("config/ptriage")));
        if (!QFile::copy(policy, home.filePath(QStringLiteral("config/ptriage/policy.json")))) {
            std::fprintf(stderr, "cannot read %s\n", qPrintable(policy));
            killIdle(idle);
            return 1;
        }
    }
    QProcess tray, top;
    tray.setProcessEnvironment(env);
    tray.start(QStringLiteral(PTRIAGE_BINARY), {QStringLiteral("--tray")});
    top.setStandardOutputFile(QProcess::nullDevice());
    top.start(QStringLiteral("top"), {QStringLiteral("-b"), QStringLiteral("-d"), QStringLiteral("2")});
    QByteArray said;
    for (int i = 0; i < 300 && !said.contains("In the tray."); ++i) {
        tray.waitForReadyRead(100);
        said += tray.readAllStandardError();
    }
    if (!said.contains("In the tray.") || !top.waitForStarted(5000)) {
        std::fprintf(stderr, "ptriage --tray did not reach the tray:\n%s\n", said.constData());
        killIdle(idle);
        return 1;
    }
    std::this_thread::sleep_for(std::chrono::seconds(5)); // start-up is not the steady cost
    std::vector<Watched> watched = {{"ptriage --tray", tray.processId()}, {"top -b -d 2 (peer)", top.processId()}};
    for (Watched &w : watched)
        w.startTicks = usage(w.pid).first;
    std::printf("tray benchmark: %d processes, %d s%s%s\n", processCount(), seconds,
        policy.isEmpty() ? "" : ", policy ", qPrintable(policy));
    for (const QByteArray &line : said.split('\n'))
        if (line.startsWith("ptriage: "))
            std::printf("  %s\n", line.constData());
    const auto t0 = std::chrono::steady_clock::now();
    while (msSince(t0) < seconds * 1000.0) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        for (Watched &w : watched) {
            w.lastRssKb = usage(w.pid).second;
            w.maxRssKb = std::max(w.maxRssKb, w.lastRssKb);
        }
    }
    const double elapsed = msSince(t0) / 1000.0;
    const double hz = static_cast<double>(::sysconf(_SC_CLK_TCK));
    double cpu[2] = {0, 0};
    for (std::size_t i = 0; i < watched.size(); ++i) {
        const Watched &w = watched[i];
        cpu[i] = 100.0 * static_cast<double>(usage(w.pid).first - w.startTicks) / hz / elapsed;
        std::printf("%-20s CPU %6.3f %% of a core   RSS %6.1f MB (peak %6.1f MB)\n", w.name, cpu[i],
            static_cast<double>(w.lastRssKb) / 1024, static_cast<double>(w.maxRssKb) / 1024);
    }
    verdict("ptriage --tray: CPU, mean over the run", cpu[0], 0.2, "%");
    verdict("ptriage --tray: peak RSS", static_cast<double>(watched[0].maxRssKb) / 1024, 40, "MB");
    std::printf("  CPU ratio ptriage --tray / top -d 2: %.2f\n", cpu[1] > 0 ? cpu[0] / cpu[1] : 0.0);
    tray.terminate();
    top.terminate();
    desktop.kill();
    bus.terminate();
    for (QProcess *p : {&tray, &top, &desktop, &bus})
        p->waitForFinished(5000);
    killIdle(idle);
    return 0;
}
