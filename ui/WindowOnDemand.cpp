#include "WindowOnDemand.h"

#include "MainWindow.h"

#include <malloc.h>

namespace ptriage {

WindowOnDemand::WindowOnDemand(const TriageConfig &config, CollectOptions collect, TriageOptions triage,
    const QString &sessionDb, int hiddenIntervalMs, QObject *parent)
    : QObject(parent),
      m_config(config),
      m_hiddenIntervalMs(hiddenIntervalMs),
      m_service(config, std::move(collect), std::move(triage)),
      m_keeper(sessionDb.isEmpty() ? SessionStore::defaultPath() : sessionDb, config)
{
    connect(&m_service, &TriageService::resultReady, this,
        [this](std::shared_ptr<const TriageResult> result, qint64 /*scanMicroseconds*/) {
            m_last = result;
            m_keeper.setLatest(std::move(result)); // what the scheduled save keeps
            Q_EMIT resultReady();
            // In the tray, between scans minutes apart, give back what the scan left free in the
            // allocator's arenas (a scan of thousands of processes touches megabytes).
            if (!windowVisible())
                ::malloc_trim(0);
        });
}

WindowOnDemand::~WindowOnDemand() = default;

void WindowOnDemand::start()
{
    m_keeper.restoreSettings(); // a bad value is said by the window, when it is built
    m_service.setSessionDatabase(m_keeper.path());
    m_service.setIntervalMs(m_hiddenIntervalMs);
    m_service.start();
}

MainWindow &WindowOnDemand::window()
{
    if (!m_window) {
        m_window = std::make_unique<MainWindow>(m_config, m_service, m_keeper);
        m_window->resize(1500, 900);
        m_window->setKeepRunningHidden(true, m_hiddenIntervalMs);
        m_window->start();
        Q_EMIT windowBuilt(m_window.get());
    }
    return *m_window;
}

bool WindowOnDemand::windowVisible() const
{
    return m_window && m_window->isVisible();
}

} // namespace ptriage
