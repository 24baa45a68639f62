#include "CallerBudget.h"

namespace ptriage::helper {

QString CallerBudget::admit(const QString &connection, uid_t uid)
{
    if (uid == 0)
        return {};
    if (m_byConnection.value(connection) >= m_limits.perConnection)
        return QStringLiteral("this connection already has %1 requests waiting for authorization; answer or cancel "
                              "them first")
            .arg(m_limits.perConnection);
    if (m_byUser.value(uid) >= m_limits.perUser)
        return QStringLiteral("this user already has %1 requests waiting for authorization; answer or cancel them "
                              "first")
            .arg(m_limits.perUser);
    if (m_total >= m_limits.total)
        return QStringLiteral("the helper already has %1 requests waiting for authorization; try again later")
            .arg(m_limits.total);
    ++m_byConnection[connection];
    ++m_byUser[uid];
    ++m_total;
    return {};
}

void CallerBudget::release(const QString &connection, uid_t uid)
{
    if (uid == 0)
        return;
    if (--m_byConnection[connection] <= 0)
        m_byConnection.remove(connection);
    if (--m_byUser[uid] <= 0)
        m_byUser.remove(uid);
    --m_total;
}

} // namespace ptriage::helper
