#include "window/WindowOnDemand.h"

#include "desk/Desk.h"
#include "window/MainWindow.h"
#include "window/menus/WindowActions.h"

namespace ptriage {

WindowOnDemand::WindowOnDemand(Desk &desk, QObject *parent) : QObject(parent), m_desk(desk) { }

WindowOnDemand::~WindowOnDemand() = default;

MainWindow &WindowOnDemand::window()
{
    if (!m_window) {
        m_window = std::make_unique<MainWindow>(m_desk);
        m_window->setKeepRunningHidden(true);
        m_window->start();
        Q_EMIT windowBuilt(m_window.get());
    }
    return *m_window;
}

bool WindowOnDemand::windowVisible() const
{
    return m_window && m_window->isVisible();
}

void WindowOnDemand::showOnly(const std::vector<ProcessIdentity> &ids)
{
    window().showOnly(ids);
}

void WindowOnDemand::showGroup(const std::vector<ProcessIdentity> &members)
{
    MainWindow &w = window();
    w.actions()->originMode->setChecked(true); // View → By origin, as a person would choose it
    w.showOnly(members);
}

void WindowOnDemand::toggle()
{
    if (windowVisible())
        m_window->hide();
    else
        window().showOnly({});
}

void WindowOnDemand::showRelief(std::uint64_t goalBytes)
{
    window().showRelief(ReliefGoal{goalBytes, 0});
}

} // namespace ptriage
