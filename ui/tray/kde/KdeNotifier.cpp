#include "tray/kde/KdeNotifier.h"

#include "look/ThemeIcon.h"

#include <KNotification>

#include <QDBusPendingCallWatcher>

namespace ptriage {

KdeNotifier::KdeNotifier(QString event, QString criticalEvent, QString icon, QObject *parent)
    : Notifier(parent), m_event(std::move(event)), m_criticalEvent(std::move(criticalEvent)), m_icon(std::move(icon))
{ }

KdeNotifier::~KdeNotifier()
{
    // Quitting takes our alert off the screen: its buttons would reach nobody.
    if (m_current) {
        m_current->disconnect(this);
        delete m_current.data();
    }
}

void KdeNotifier::start()
{
    Q_EMIT ready(); // KNotification finds the server (or the portal) itself, on each event
}

void KdeNotifier::show(const QString &summary, const QString &body, bool critical, const QList<Action> &actions)
{
    // KNotification's Notify in flight (its reply watcher is the notification's child, deleted once
    // the id is known): the alert waits for it.
    if (QObject *inFlight = m_current ? m_current->findChild<QDBusPendingCallWatcher *>() : nullptr) {
        m_waiting = Alert{summary, body, critical, actions};
        if (m_waitingFor != inFlight) {
            m_waitingFor = inFlight;
            connect(inFlight, &QObject::destroyed, this, &KdeNotifier::showWaiting, Qt::QueuedConnection);
        }
        return;
    }
    closeCurrent(); // one at a time: the new one replaces ours
    auto *n = new KNotification(
        critical ? m_criticalEvent : m_event, critical ? KNotification::Persistent : KNotification::CloseOnTimeout);
    n->setComponentName(QStringLiteral("ptriage"));
    n->setTitle(summary);
    // KNotification's text is rich text: process names are escaped, never markup.
    n->setText(body.toHtmlEscaped());
    n->setIconName(m_icon);
    n->setHint(QStringLiteral("desktop-entry"), QLatin1String(kAppId)); // whatever the application set
    n->setUrgency(critical ? KNotification::CriticalUrgency : KNotification::NormalUrgency);
    for (const Action &a : actions) {
        KNotificationAction *action = n->addAction(a.label);
        connect(action, &KNotificationAction::activated, this, [this, key = a.key] { Q_EMIT actionInvoked(key); });
    }
    connect(n, &KNotification::closed, this, [this, n] {
        if (n == m_current)
            Q_EMIT closed();
    });
    m_current = n;
    n->sendEvent();
}

void KdeNotifier::showWaiting()
{
    m_waitingFor = nullptr;
    if (!m_waiting)
        return;
    const Alert a = std::move(*m_waiting);
    m_waiting.reset();
    show(a.summary, a.body, a.critical, a.actions);
}

void KdeNotifier::closeCurrent()
{
    m_waiting.reset(); // closing also drops an alert still waiting
    if (!m_current)
        return;
    KNotification *old = m_current;
    m_current = nullptr;
    old->close();
}

} // namespace ptriage
