#include "CallerBudget.h"

namespace ptriage::helper {

QString CallerBudget::admit(const QString &connection, uid_t uid, int checks)
{
    if (uid == 0)
        return {};
    if (m_byConnection.value(connection) + checks > m_limits.perConnection)
        return QStringLiteral("this connection already has %1 of its %2 authorization checks waiting; answer or "
                              "cancel them first")
            .arg(m_byConnection.value(connection))
            .arg(m_limits.perConnection);
    if (m_byUser.value(uid) + checks > m_limits.perUser)
        return QStringLiteral("this user already has %1 of its %2 authorization checks waiting; answer or cancel "
                              "them first")
            .arg(m_byUser.value(uid))
            .arg(m_limits.perUser);
    if (m_total + checks > m_limits.total)
        return QStringLiteral("the helper already has %1 authorization checks waiting; try again later").arg(m_total);
    m_byConnection[connection] += checks;
    m_byUser[uid] += checks;
    m_total += checks;
    return {};
}

void CallerBudget::release(const QString &connection, uid_t uid, int checks)
{
    if (uid == 0)
        return;
    if ((m_byConnection[connection] -= checks) <= 0)
        m_byConnection.remove(connection);
    if ((m_byUser[uid] -= checks) <= 0)
        m_byUser.remove(uid);
    m_total -= checks;
}

} // namespace ptriage::helper
