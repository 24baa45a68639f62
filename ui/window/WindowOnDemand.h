#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QObject>

#include <cstdint>
#include <memory>
#include <vector>

namespace ptriage {

class Desk;
class MainWindow;

// The tray's window, built the first time a person asks for it: a hidden window would cost the
// tray more memory than the monitor itself. Once built it stays, hidden when closed, and the Desk
// scans in the background while it is hidden.
class WindowOnDemand : public QObject {
    Q_OBJECT

public:
    explicit WindowOnDemand(Desk &desk, QObject *parent = nullptr);
    ~WindowOnDemand() override;

    MainWindow &window(); // built (hidden) on the first call
    MainWindow *existingWindow() const { return m_window.get(); }
    bool windowVisible() const;
    // Shows the window with only these processes (all: empty).
    void showOnly(const std::vector<ProcessIdentity> &ids);
    // Shows the window By origin with only these processes (an origin group's members).
    void showGroup(const std::vector<ProcessIdentity> &members);
    void toggle(); // the tray icon's click
    void showRelief(std::uint64_t goalBytes);

Q_SIGNALS:
    void windowBuilt(ptriage::MainWindow *window);

private:
    Desk &m_desk;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace ptriage
