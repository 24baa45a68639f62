#pragma once

#include "procops/ops/HelperCore.h"

#include <KAuth/ActionReply>

#include <QObject>

namespace ptriage::helper {

// KAuth's helper (D-Bus activated as root): KAuth asks polkit for the action id, then calls the slot
// named after it (org.ptriage.helper.renice → renice). Every slot runs the same HelperCore as the
// built-in D-Bus service, for the verbs its action covers only: the request is decoded first and its
// own action id (actionIdFor, with the undo ledger) or its verb's family must be the one authorized.
class KAuthHelper : public QObject {
    Q_OBJECT

public Q_SLOTS:
    KAuth::ActionReply signal(const QVariantMap &args);
    KAuth::ActionReply freeze(const QVariantMap &args);
    KAuth::ActionReply throttle(const QVariantMap &args);
    KAuth::ActionReply renice(const QVariantMap &args);
    KAuth::ActionReply quarantine(const QVariantMap &args);
    KAuth::ActionReply undo(const QVariantMap &args);

public:
    KAuthHelper();

private:
    KAuth::ActionReply run(const QString &family, QVariantMap args) const;

    procops::HelperCore m_core;
};

} // namespace ptriage::helper
