#include "PressureMonitor.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QSocketNotifier>

#include <cmath>

#include <linux/magic.h>
#include <sys/vfs.h>

namespace ptriage {
namespace {

const QString kLmmService = QStringLiteral("org.freedesktop.LowMemoryMonitor");
const QString kLmmPath = QStringLiteral("/org/freedesktop/LowMemoryMonitor");

// "2 s", "0.5 s" (JSON) / "0,5 s" (people).
Phrase seconds(int ms)
{
    const double s = ms / 1000.0;
    return Phrase("Format", "%1 s",
        {Phrase::number(s,
            s == std::floor(s)  ? 0
                : ms % 100 == 0 ? 1
                : ms % 10 == 0  ? 2
                                : 3)});
}

} // namespace

PressureMonitor::PressureMonitor(PressureThresholds thresholds, QString procRoot, QObject *parent)
    : QObject(parent), m_procRoot(std::move(procRoot)), m_classifier(thresholds)
{
    qRegisterMetaType<ptriage::MemoryReading>();
    qRegisterMetaType<ptriage::PressureLevel>();
    m_timer.setInterval(std::max(100, thresholds.intervalMs));
    connect(&m_timer, &QTimer::timeout, this, &PressureMonitor::readNow);
}

PressureMonitor::~PressureMonitor() = default;

QString PressureMonitor::why() const
{
    return QString::fromStdString(m_classifier.why());
}

QString PressureMonitor::whyText() const
{
    return m_classifier.whyPhrase().text();
}

Phrase PressureMonitor::pollingDescription(const Phrase &reason) const
{
    return {"PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "polling every %1 (%2)"),
        {seconds(thresholds().intervalMs), reason}};
}

bool PressureMonitor::start(QString *error)
{
    if (!m_reader.open(m_procRoot, error))
        return false;
    Phrase triggerReason("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "the PSI trigger is off in the policy"));
    if (thresholds().useTrigger
        && m_trigger.arm(
            m_reader.rootFd(), thresholds().triggerStallMs, thresholds().triggerWindowMs, &triggerReason)) {
        m_notifier = std::make_unique<QSocketNotifier>(m_trigger.fd(), QSocketNotifier::Exception);
        connect(m_notifier.get(), &QSocketNotifier::activated, this, &PressureMonitor::onTriggerActivity);
        m_source = Source::PsiTrigger;
        m_sourceDescription = Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "PSI trigger (some %1 ms per %2)"),
            {std::to_string(thresholds().triggerStallMs), seconds(thresholds().triggerWindowMs)});
    } else {
        struct statfs fs { };
        // The LowMemoryMonitor speaks of this machine: never for a replayed tree.
        const bool live = ::fstatfs(m_reader.rootFd(), &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
        if (live && tryLowMemoryMonitor()) {
            m_source = Source::LowMemoryMonitor;
            m_sourceDescription = Phrase("PressureWhy",
                QT_TRANSLATE_NOOP(
                    "PressureWhy", "org.freedesktop.LowMemoryMonitor's LowMemoryWarning, and polling every %1 (%2)"),
                {seconds(thresholds().intervalMs), triggerReason});
        } else {
            m_source = Source::Polling;
            m_sourceDescription = pollingDescription(triggerReason);
        }
    }
    // Polling goes on with any source: the others only wake the monitor early.
    m_timer.start();
    return true;
}

bool PressureMonitor::tryLowMemoryMonitor()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected() || !bus.interface())
        return false;
    const auto registered = bus.interface()->isServiceRegistered(kLmmService);
    if (!registered.isValid() || !registered.value())
        return false;
    return bus.connect(
        kLmmService, kLmmPath, kLmmService, QStringLiteral("LowMemoryWarning"), this, SLOT(onLowMemoryWarning(uchar)));
}

void PressureMonitor::onLowMemoryWarning(uchar)
{
    readNow();
}

void PressureMonitor::onTriggerActivity()
{
    // Qt's own poll() already took the event; only a broken trigger is left to tell apart.
    if (m_trigger.state() == PsiTrigger::State::Broken) {
        fallBackToPolling(
            Phrase("PressureWhy", QT_TRANSLATE_NOOP("PressureWhy", "the PSI trigger broke: pressure/memory is gone")));
        return;
    }
    readNow();
}

void PressureMonitor::fallBackToPolling(const Phrase &reason)
{
    if (m_notifier) {
        m_notifier->setEnabled(false);
        m_notifier.reset();
    }
    m_trigger.close();
    m_source = Source::Polling;
    m_sourceDescription = pollingDescription(reason);
}

void PressureMonitor::readNow()
{
    MemoryReading r;
    if (!m_reader.read(r, &m_error)) {
        if (!m_failing) {
            m_failing = true;
            Q_EMIT failed(m_error);
        }
        return;
    }
    m_failing = false;
    m_last = r;
    const PressureLevel previous = m_classifier.level();
    const PressureLevel now = m_classifier.feed(r);
    Q_EMIT readingTaken(m_last, now);
    if (now != previous)
        Q_EMIT levelChanged(now, previous, whyText());
}

} // namespace ptriage
