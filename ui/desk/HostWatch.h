#pragma once

#include "decide/Triage.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptriage {

struct TriageConfig;

// The other machines of the hosts file, for the Desk: a round fetches every host's evidence over ssh
// at once (each with its own timeout: a dead or hanging host holds up nobody) and judges it with this
// machine's model (RemoteHost's one path), on a thread of its own; rounds follow each other at the
// interval while a window is in view, and when asked. A host that failed is asked again only after
// a wait that doubles with each failure (up to kMostBackoffMs), so a dead or flooding host costs
// nothing every minute; asking now (refreshNow) asks it anyway. GUI thread; the round on m_pool.
class HostWatch : public QObject {
    Q_OBJECT

public:
    struct Host {
        Machine machine;
        std::shared_ptr<const TriageResult> result; // its newest judged scan; null before one came
        QString error; // why the last round got nothing from it (its result, if any, is older)
        double seconds = 0; // what the last round took for it
        int failures = 0; // rounds in a row that got nothing from it
        qint64 nextAskMs = 0; // not asked by a timed round before this (ms since the epoch)
        bool asked = false; // by the last round (else it waits out its backoff)
    };
    static constexpr int kMostBackoffMs = 30 * 60 * 1000;

    explicit HostWatch(const TriageConfig &config, QObject *parent = nullptr);
    ~HostWatch() override; // gives up on the hosts still asked, then waits for the round

    // Where learned decisions are read from (the session database).
    void setPastDatabase(const QString &path) { m_pastDb = path; }
    void setMinAgeSeconds(std::optional<double> seconds) { m_minAge = seconds; }
    // Between the end of a round and the next one (default 60 s).
    void setIntervalMs(int ms) { m_timer.setInterval(ms); }
    // Rounds only while on (a window in view); on: a round now.
    void setActive(bool on);
    // A round now, or right after the one running.
    void refreshNow();

    // The hosts file's hosts as the last round left them, in its order.
    const std::vector<Host> &hosts() const { return m_hosts; }
    const Host *host(const Machine &machine) const; // null for this machine and for one not listed
    // The hosts file could not be read (a bad line): why. Empty when it could.
    QString fileError() const { return m_fileError; }
    bool isFetching() const { return m_round.isRunning(); }

Q_SIGNALS:
    void fetchingChanged(bool fetching);
    void hostsChanged(); // a round ended

private:
    struct Round {
        std::vector<Host> hosts;
        QString fileError;
    };
    void startRound(bool everyHost);
    void roundEnded();

    const TriageConfig &m_config;
    QString m_pastDb;
    std::optional<double> m_minAge;
    QThreadPool m_pool; // one thread: the rounds'
    QFutureWatcher<Round> m_round;
    QTimer m_timer;
    std::atomic<bool> m_cancel{false};
    bool m_active = false;
    bool m_again = false; // asked for during a round
    std::vector<Host> m_hosts;
    QString m_fileError;
};

} // namespace ptriage
