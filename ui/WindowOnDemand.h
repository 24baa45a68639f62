#pragma once

#include "SessionKeeper.h"
#include "live/TriageService.h"

#include <QObject>

#include <memory>

namespace ptriage {

class MainWindow;

// The tray's engine (the triage service and the session keeper, on their own threads) and its
// window, built the first time a person asks for it: a hidden window would cost the tray more
// memory than the monitor itself. Until then the service scans at the hidden interval (and when
// asked) and sessions are saved on their schedule; once built, the window stays (hidden when closed).
class WindowOnDemand : public QObject {
    Q_OBJECT

public:
    WindowOnDemand(const TriageConfig &config, CollectOptions collect, TriageOptions triage, const QString &sessionDb,
        int hiddenIntervalMs = 300000, QObject *parent = nullptr);
    ~WindowOnDemand() override;

    void start();
    TriageService &service() { return m_service; }
    SessionKeeper &sessions() { return m_keeper; }
    std::shared_ptr<const TriageResult> lastResult() const { return m_last; }
    MainWindow &window(); // built (hidden) on the first call
    MainWindow *existingWindow() const { return m_window.get(); }
    bool windowVisible() const;

Q_SIGNALS:
    void resultReady(); // lastResult() is new
    void windowBuilt(ptriage::MainWindow *window);

private:
    const TriageConfig &m_config;
    const int m_hiddenIntervalMs;
    TriageService m_service;
    SessionKeeper m_keeper;
    std::shared_ptr<const TriageResult> m_last;
    std::unique_ptr<MainWindow> m_window; // after the service and keeper: destroyed before them
};

} // namespace ptriage
