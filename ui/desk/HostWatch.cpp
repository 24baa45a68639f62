#include "desk/HostWatch.h"

#include "remote/HostTriage.h"
#include "remote/HostsFile.h"

#include <QtConcurrent/QtConcurrentRun>

namespace ptriage {

HostWatch::HostWatch(const TriageConfig &config, QObject *parent) : QObject(parent), m_config(config)
{
    m_pool.setMaxThreadCount(1);
    m_timer.setSingleShot(true);
    m_timer.setInterval(60000);
    connect(&m_timer, &QTimer::timeout, this, &HostWatch::startRound);
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
    startRound();
}

const HostWatch::Host *HostWatch::host(const std::string &name) const
{
    for (const Host &h : m_hosts)
        if (h.name == name)
            return &h;
    return nullptr;
}

void HostWatch::startRound()
{
    m_timer.stop();
    m_again = false;
    const QString pastDb = m_pastDb;
    const std::optional<double> minAge = m_minAge;
    m_round.setFuture(QtConcurrent::run(&m_pool, [this, pastDb, minAge] {
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
                round.hosts.push_back({spec.name, nullptr, QString::fromStdString(why), 0});
            return round;
        }
        remote.cancel = &m_cancel;
        for (const HostEvidence &e : fetchEvidence(specs, remote)) {
            Host h{e.host, nullptr, QString::fromStdString(e.error), e.seconds};
            QString pastWarning; // a past that cannot be read leaves that term out, as for this machine
            h.result = judgeHost(e, m_config, minAge, pastDb, nullptr, &pastWarning);
            round.hosts.push_back(std::move(h));
        }
        return round;
    }));
    Q_EMIT fetchingChanged(true);
}

void HostWatch::roundEnded()
{
    Round round = m_round.result();
    m_fileError = round.fileError;
    // A host that fails now keeps its last result (shown as older), never another host's.
    for (Host &h : round.hosts)
        if (!h.result)
            if (const Host *before = host(h.name))
                h.result = before->result;
    m_hosts = std::move(round.hosts);
    Q_EMIT fetchingChanged(false);
    Q_EMIT hostsChanged();
    if (m_again)
        startRound();
    else if (m_active)
        m_timer.start();
}

} // namespace ptriage
