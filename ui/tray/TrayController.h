#pragma once

#include "pressure/MemoryReading.h"
#include "pressure/PressureLevel.h"
#include "procops/identity/ProcessIdentity.h"
#include "tray/Notifier.h"
#include "tray/TrayIcon.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QMenu;

namespace ptriage {

class Desk;
class EndedSessionAlerts;
class PressureMonitor;
class AlertLimiter;
struct TriageResult;
struct ReliefPlan;

// ptriage in the tray: the memory-pressure level as an icon, its readings in the tooltip, the
// largest culprits in the menu, and one desktop notification when memory runs low. Without a tray,
// the monitor keeps running with notifications only, says so once, and the icon appears when a tray
// starts later (a desktop whose tray starts after ptriage at login).
class TrayController : public QObject {
    Q_OBJECT

public:
    TrayController(Desk &desk, PressureMonitor &monitor, TrayIcon &icon, Notifier &notifications,
        double alertRepeatSeconds, QObject *parent = nullptr);
    ~TrayController() override;

    void start();
    // Ended-session alerts (policy "ended_sessions") on their own notifier
    // (DesktopServices::sessionNotifier), quiet while alerts are paused; the groups named are kept
    // beside the Desk's session database. Started with the tray.
    EndedSessionAlerts &alertEndedSessions(Notifier &notifier);
    EndedSessionAlerts *endedSessions() const { return m_ended; }
    bool hasIcon() const { return m_icon.isInTray(); }
    const TrayIcon &icon() const { return m_icon; }
    QMenu *menu() const { return m_icon.menu(); }
    QString status() const { return m_status; }
    // Alerts are held back until then (ms since the epoch); 0: not paused.
    void pauseAlerts(int seconds);
    bool alertsPaused() const;
    // The culprits named in the last alert, largest first.
    std::vector<ProcessIdentity> culprits() const { return m_culprits; }
    // What "Free memory…" asks for: back above the warning threshold with its margin (≥ 256 MiB).
    std::uint64_t suggestedGoalBytes() const;

Q_SIGNALS:
    void statusChanged(const QString &status);
    void freeMemoryRequested();
    // Open the window showing only these processes (all: empty); show or hide it (the icon's click).
    void windowRequested(const std::vector<ptriage::ProcessIdentity> &only);
    void windowToggleRequested();
    void quitRequested();

private:
    void iconInTray();
    void onReading(const MemoryReading &reading, PressureLevel level);
    void onLevel(PressureLevel level, PressureLevel previous, const QString &why);
    void onResult();
    void onReliefPlanned(
        int ticket, std::shared_ptr<const ReliefPlan> plan, std::shared_ptr<const TriageResult> result);
    void rebuildMenu();
    void alert(const ReliefPlan &plan, const TriageResult &result);
    void setStatus(const QString &status);
    void showToolTip(); // memory, then the candidates of the current result
    QIcon levelIcon(PressureLevel level) const;

    Desk &m_desk;
    PressureMonitor &m_monitor;
    TrayIcon &m_icon;
    Notifier &m_notifications;
    std::unique_ptr<AlertLimiter> m_limiter;
    QString m_status;
    QString m_memoryTip;
    PressureLevel m_level = PressureLevel::Normal;
    bool m_alertPending = false; // entered warning or critical: alert once the next triage is in
    int m_planTicket = 0; // non-zero: the alert waits for this relief plan
    std::int64_t m_pausedUntilMs = 0;
    std::vector<ProcessIdentity> m_culprits;
    EndedSessionAlerts *m_ended = nullptr;
    bool m_started = false;
};

} // namespace ptriage
