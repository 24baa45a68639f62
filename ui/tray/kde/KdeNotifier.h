#pragma once

#include "tray/Notifier.h"

#include <QPointer>

class KNotification;

namespace ptriage {

// Notifications through KNotification: the user's notification settings apply (System Settings →
// Notifications → ptriage, from share/knotifications6/ptriage.notifyrc), and KDE keeps the history.
class KdeNotifier : public Notifier {
    Q_OBJECT

public:
    using Notifier::Notifier;
    ~KdeNotifier() override;

    void start() override;
    void show(const QString &summary, const QString &body, bool critical, const QList<Action> &actions) override;
    void closeCurrent() override;

private:
    QPointer<KNotification> m_current; // deletes itself once closed
};

} // namespace ptriage
