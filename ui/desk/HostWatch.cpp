#include "desk/HostWatch.h"

#include "remote/HostsFile.h"
#include "remote/RemoteHost.h"

#include <QDateTime>

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace ptriage {

HostWatch::HostWatch(const TriageConfig &config, QObject *parent) : QObject(parent), m_config(config)
{
    m_pool.setMaxThreadCount(1);
    m_timer.setSingleShot(true);
    m_timer.setInterval(60000);
    connect(&m_timer, &QTimer::timeout, this, [this] { startRound(false); });
    connect(&m_round, &QFutureWatcherBase::finished, this, &HostWatch::roundEnded);
}

HostWatch::~HostWatch()
{
    m_cancel = true; // ssh is killed at once: quitting never waits for a host's timeout
    m_round.waitForFinished();
    m_pool.waitForDone();
}

void HostWatch::setActive(bool on)
{
    m_active = on;
    if (on)
        refreshNow();
    else
        m_timer.stop();
}

void HostWatch::refreshNow()
{
    if (m_round.isRunning()) {
        m_again = true;
        return;
    }
    startRound(true);
}

const HostWatch::Host *HostWatch::host(const Machine &machine) const
{
    for (const Host &h : m_hosts)
        if (!machine.isThis() && h.machine == machine)
            return &h;
    return nullptr;
}

void HostWatch::startRound(bool everyHost)
{
    m_timer.stop();
    m_again = false;
    const QString pastDb = m_pastDb;
    const std::optional<double> minAge = m_minAge;
    std::vector<Host> before = m_hosts;
    m_round.setFuture(QtConcurrent::run(&m_pool, [this, pastDb, minAge, everyHost, before = std::move(before)] {
        Round round;
        std::vector<HostSpec> specs;
        std::string why;
        if (!readHostsFile(defaultHostsFile(), specs, &why)) {
            round.fileError = QString::fromStdString(why);
            return round;
        }
        RemoteOptions remote;
        if (!remoteOptionsFromEnvironment(remote, &why)) {
            for (const HostSpec &spec : specs)
                round.hosts.push_back({Machine::host(spec.name), nullptr, QString::fromStdString(why), 0, 0, 0, true});
            return round;
        }
        remote.cancel = &m_cancel;
        // Who is asked now: every host, but those still waiting out their backoff (unless asked now).
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        std::vector<HostSpec> asked;
        for (const HostSpec &spec : specs) {
            const auto old = std::find_if(
                before.begin(), before.end(), [&](const Host &h) { return h.machine == Machine::host(spec.name); });
            if (old != before.end() && !everyHost && old->nextAskMs > now) {
                round.hosts.push_back(*old); // as it was: not asked this round
                round.hosts.back().asked = false;
            } else
                asked.push_back(spec);
        }
        const JudgeInputs inputs{&m_config, minAge, pastDb, nullptr};
        for (HostVerdict &v : judgeHosts(asked, remote, inputs)) // a past that cannot be read: that term left out
            round.hosts.push_back({Machine::host(v.evidence.host), std::move(v.triage),
                QString::fromStdString(v.evidence.error), v.evidence.seconds, 0, 0, true});
        // The hosts file's order.
        std::vector<Host> ordered;
        for (const HostSpec &spec : specs)
            for (Host &h : round.hosts)
                if (h.machine == Machine::host(spec.name)) {
                    ordered.push_back(std::move(h));
                    break;
                }
        round.hosts = std::move(ordered);
        return round;
    }));
    Q_EMIT fetchingChanged(true);
}

void HostWatch::roundEnded()
{
    Round round = m_round.result();
    m_fileError = round.fileError;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (Host &h : round.hosts) {
        const Host *before = host(h.machine);
        if (!h.asked || h.error.isEmpty())
            continue; // answered: asked again at the interval
        // Failed: its last result stays (shown as older), never another host's; asked again later.
        if (before && !h.result)
            h.result = before->result;
        h.failures = before ? before->failures + 1 : 1;
        const qint64 wait
            = std::min<qint64>(kMostBackoffMs, qint64{m_timer.interval()} << std::min(h.failures, 10));
        h.nextAskMs = now + wait;
    }
    m_hosts = std::move(round.hosts);
    Q_EMIT fetchingChanged(false);
    Q_EMIT hostsChanged();
    if (m_again)
        startRound(true);
    else if (m_active)
        m_timer.start();
}

} // namespace ptriage
