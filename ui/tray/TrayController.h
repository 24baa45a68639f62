#pragma once

#include "pressure/MemoryReading.h"
#include "pressure/PressureLevel.h"
#include "procops/identity/ProcessIdentity.h"
#include "tray/NotificationClient.h"

#include <QDBusServiceWatcher>
#include <QObject>
#include <QPointer>

#include <memory>

class QMenu;
class QSystemTrayIcon;

namespace ptriage {

class Desk;
class PressureMonitor;
class AlertLimiter;
struct TriageResult;
struct ReliefPlan;

// ptriage in the tray: the memory-pressure level as an icon, its readings in the tooltip, the
// largest culprits in the menu, and one desktop notification when memory runs low.
//
// Qt 6.4 decides once per process whether a StatusNotifier host exists, at the first tray icon; so
// no tray icon is made (not even asked about) until a host is seen on the bus. Without one, the
// monitor keeps running with notifications only, says so once, and the icon appears when a host
// registers later (a desktop whose tray starts after ptriage at login).
class TrayController : public QObject {
    Q_OBJECT

public:
    TrayController(Desk &desk, PressureMonitor &monitor, NotificationClient &notifications, double alertRepeatSeconds,
        QObject *parent = nullptr);
    ~TrayController() override;

    void start();
    bool hasIcon() const { return m_icon != nullptr; }
    QSystemTrayIcon *icon() const { return m_icon; }
    QMenu *menu() const { return m_menu.get(); }
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

private Q_SLOTS:
    void lookForHost();

private:
    void createIcon();
    void onReading(const MemoryReading &reading, PressureLevel level);
    void onLevel(PressureLevel level, PressureLevel previous, const QString &why);
    void onResult();
    void onReliefPlanned(
        int ticket, std::shared_ptr<const ReliefPlan> plan, std::shared_ptr<const TriageResult> result);
    void rebuildMenu();
    void alert(const ReliefPlan &plan, const TriageResult &result);
    void setStatus(const QString &status);
    QIcon levelIcon(PressureLevel level) const;

    Desk &m_desk;
    PressureMonitor &m_monitor;
    NotificationClient &m_notifications;
    std::unique_ptr<AlertLimiter> m_limiter;
    QSystemTrayIcon *m_icon = nullptr;
    std::unique_ptr<QMenu> m_menu;
    QDBusServiceWatcher m_hostWatcher;
    QString m_status;
    PressureLevel m_level = PressureLevel::Normal;
    bool m_alertPending = false; // entered warning or critical: alert once the next triage is in
    int m_planTicket = 0; // non-zero: the alert waits for this relief plan
    std::int64_t m_pausedUntilMs = 0;
    std::vector<ProcessIdentity> m_culprits;
};

} // namespace ptriage
