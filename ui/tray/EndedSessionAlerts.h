#pragma once

#include "decide/groups/EndedSessions.h"
#include "procops/identity/ProcessIdentity.h"
#include "tray/Notifier.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace ptriage {

class Desk;

// Ended-session alerts from the tray: after each of this machine's results, the groups the engine's
// EndedSessions says are due, one notification per group and one at a time on a notifier of their
// own ("Claude Code session in billing ended 12 min ago and left 4 processes (1.1 GiB, :8000)"), with
// End them (the group's End through ActFlow's usual confirmation), Show (the window on that group,
// By origin) and Not now. A group is named once, kept across restarts in `stateFile`; while alerts
// are paused, groups that come due are counted as named and stay quiet. GUI thread.
class EndedSessionAlerts : public QObject {
    Q_OBJECT

public:
    // `paused`: whether the tray's alerts are paused now. `stateFile`: the named groups' keys (empty: kept
    // only while it runs).
    EndedSessionAlerts(Desk &desk, Notifier &notifier, const EndedSessionRules &rules, std::function<bool()> paused,
        QString stateFile, QObject *parent = nullptr);
    ~EndedSessionAlerts() override;

    void start(); // asks the desktop what it can do
    // The group of the notification shown now (its OriginGroup::key), empty when none.
    std::string shownKey() const { return m_shown; }
    std::size_t waiting() const { return m_queue.size(); }

    // The notification's words: "Leftovers of an ended session", then the sentence and what End would end.
    static QString summaryText();
    static QString bodyText(const EndedSession &e, const TriageResult &result);

Q_SIGNALS:
    // Open the window By origin with only these processes: the group's members.
    void groupRequested(const std::vector<ptriage::ProcessIdentity> &members);

private:
    struct Alert {
        std::string key;
        QString body;
    };
    void onResult();
    void showNext();
    void onAction(const QString &key);
    void save() const;

    Desk &m_desk;
    Notifier &m_notifier;
    EndedSessions m_sessions;
    std::function<bool()> m_paused;
    QString m_stateFile;
    std::deque<Alert> m_queue;
    std::string m_shown;
    std::vector<std::string> m_saved; // what the state file holds
    QTimer m_graceTimer; // a scan when a group waiting for its grace period could be due
};

} // namespace ptriage
