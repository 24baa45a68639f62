#include "tray/EndedSessionAlerts.h"

#include "acting/ActFlow.h"
#include "desk/Desk.h"
#include "look/UiText.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <unistd.h>

namespace ptriage {
namespace {

constexpr int kNamesInAlert = 3;

// An action's key names the group it is for ("end:agent:Claude Code:…@1000"): a late click on an
// earlier alert acts on that alert's group, never on the one shown now.
QString actionKey(const char *verb, const std::string &group)
{
    return QLatin1String(verb) + QLatin1Char(':') + qs(group);
}

std::vector<std::string> readKeys(const QString &path)
{
    std::vector<std::string> keys;
    QFile f(path);
    if (path.isEmpty() || !f.open(QIODevice::ReadOnly))
        return keys;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (!line.isEmpty())
            keys.push_back(line.toStdString());
    return keys;
}

} // namespace

EndedSessionAlerts::EndedSessionAlerts(Desk &desk, Notifier &notifier, const EndedSessionRules &rules,
    std::function<bool()> paused, QString stateFile, QObject *parent)
    : QObject(parent),
      m_desk(desk),
      m_notifier(notifier),
      m_sessions(rules, static_cast<std::uint32_t>(::getuid())),
      m_paused(std::move(paused)),
      m_stateFile(std::move(stateFile))
{
    // Named before this start: still named (until their processes are gone, which the first result says).
    m_saved = readKeys(m_stateFile);
    for (const std::string &key : m_saved)
        m_sessions.remember(key);
    m_graceTimer.setSingleShot(true);
    connect(&m_graceTimer, &QTimer::timeout, &m_desk, &Desk::refreshNow);
    connect(&m_desk, &Desk::resultChanged, this, &EndedSessionAlerts::onResult);
    connect(&m_notifier, &Notifier::actionInvoked, this, &EndedSessionAlerts::onAction);
    connect(&m_notifier, &Notifier::closed, this, [this] {
        m_shown.clear();
        showNext();
    });
}

EndedSessionAlerts::~EndedSessionAlerts() = default;

void EndedSessionAlerts::start()
{
    m_notifier.start();
}

QString EndedSessionAlerts::summaryText()
{
    return tr("Leftovers of an ended session");
}

// "Claude Code session in billing ended 12 min ago and left 4 processes (1.1 GiB, :8000). End them
// would end node, python3 and 2 more."
QString EndedSessionAlerts::bodyText(const EndedSession &e, const TriageResult &result)
{
    QString sentence = qs(e.phrase);
    if (!sentence.isEmpty())
        sentence[0] = sentence[0].toUpper();
    QStringList names;
    for (int i : e.plan.end)
        if (names.size() < kNamesInAlert)
            names << processName(result.process(i));
    const int more = static_cast<int>(e.plan.end.size()) - static_cast<int>(names.size());
    const QString ending = more > 0 ? tr("%1 and %2 more").arg(names.join(QStringLiteral(", "))).arg(more)
                                    : names.join(QStringLiteral(", "));
    return tr("%1.").arg(sentence) + QLatin1Char(' ') + tr("End them would end %1.").arg(ending);
}

// Cheap when nothing is new: EndedSessions looks once at each group's oldest member.
void EndedSessionAlerts::onResult()
{
    const auto result = m_desk.current();
    if (!result || !result->machine.isThis())
        return;
    const std::vector<EndedSession> due = m_sessions.due(*result);
    if (std::vector<std::string> keys = m_sessions.namedKeys(); keys != m_saved) {
        m_saved = std::move(keys);
        save();
    }
    // A group waiting for its grace period: a scan when it has passed (the tray scans only rarely).
    if (const double wait = m_sessions.nextDueInSeconds(); wait >= 0) {
        const int ms = static_cast<int>(std::min(wait + 1, 24.0 * 3600) * 1000);
        if (!m_graceTimer.isActive() || m_graceTimer.remainingTime() > ms)
            m_graceTimer.start(ms);
    }
    if (due.empty() || m_paused())
        return; // paused: the groups due now are named all the same, and stay quiet
    for (const EndedSession &e : due)
        m_queue.push_back({e.key, bodyText(e, *result)});
    if (m_shown.empty())
        showNext();
}

void EndedSessionAlerts::showNext()
{
    if (!m_shown.empty() || m_queue.empty())
        return;
    // One that has ended since it came due (every process of it gone) is not shown.
    const auto result = m_desk.current();
    while (!m_queue.empty() && result && result->findGroup(m_queue.front().key) < 0)
        m_queue.pop_front();
    if (m_queue.empty() || m_paused()) {
        m_queue.clear();
        return;
    }
    const Alert a = m_queue.front();
    m_queue.pop_front();
    m_shown = a.key;
    m_notifier.show(summaryText(), a.body, false,
        {{actionKey("end", a.key), tr("End them")}, {actionKey("show", a.key), tr("Show")},
            {actionKey("later", a.key), tr("Not now")}});
}

void EndedSessionAlerts::onAction(const QString &action)
{
    const qsizetype colon = action.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return;
    const QString verb = action.left(colon);
    const std::string key = action.mid(colon + 1).toStdString();
    // The alert has done its job: off the screen, and the next group's (if any) in its place.
    if (key == m_shown) {
        m_notifier.closeCurrent();
        m_shown.clear();
    }
    if (verb == QLatin1String("end")) {
        // The group's End as the window offers it: every member listed, the plan's ones ended by
        // identity after the person confirms; nothing is ended from the notification itself.
        ActFlow::confirmGroupEnd(m_desk, key, nullptr);
    } else if (verb == QLatin1String("show")) {
        std::vector<ProcessIdentity> members;
        if (const auto result = m_desk.current(); result)
            if (const int g = result->findGroup(key); g >= 0)
                for (int i : result->group(g).members)
                    members.push_back(result->identityOf(i));
        if (!members.empty())
            Q_EMIT groupRequested(members);
    }
    showNext();
}

void EndedSessionAlerts::save() const
{
    if (m_stateFile.isEmpty())
        return;
    QDir().mkpath(QFileInfo(m_stateFile).absolutePath());
    QSaveFile f(m_stateFile);
    if (!f.open(QIODevice::WriteOnly))
        return; // not kept: at worst a group is named again after a restart
    for (const std::string &key : m_saved)
        f.write(QByteArray::fromStdString(key) + '\n');
    f.commit();
}

} // namespace ptriage
