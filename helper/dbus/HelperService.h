#pragma once

#include "PolkitAuthority.h"
#include "core/HelperCore.h"

#include <QDBusContext>
#include <QObject>
#include <QTimer>
#include <QVariantList>
#include <QVariantMap>

namespace ptriage::helper {

inline constexpr const char *kServiceName = "org.ptriage.helper";
inline constexpr const char *kObjectPath = "/org/ptriage/helper";
inline constexpr const char *kInterface = "org.ptriage.helper";

// The D-Bus face of the helper: one method, Execute(a{sv}) → av (one a{sv} result per target).
// Every call is decoded first (a malformed request never reaches polkit), then authorized by
// polkit for its verb's action id with the caller's bus name as the subject, then executed by the
// core with the caller's pid. The reply is delayed until polkit answers. Quits when idle.
class HelperService : public QObject, protected QDBusContext {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.ptriage.helper")

public:
    HelperService(QDBusConnection bus, int idleExitMs, QObject *parent = nullptr);

public Q_SLOTS:
    QVariantList Execute(const QVariantMap &request);

private:
    void finished();

    QDBusConnection m_bus;
    HelperCore m_core;
    PolkitAuthority m_polkit;
    QTimer m_idle;
    int m_pending = 0;
};

} // namespace ptriage::helper
