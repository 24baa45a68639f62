#include "tray/TrayController.h"

#include "acting/ActionDialog.h"

#include "act/ActionRules.h"

#include "acting/ActFlow.h"
#include "decide/groups/GroupPlan.h"
#include "decide/Triage.h"
#include "decide/relief/ReliefPlan.h"
#include "desk/Desk.h"
#include "live/TriageService.h"
#include "look/UiText.h"
#include "pressure/PressureMonitor.h"
#include "report/EngineLabels.h"
#include "tray/EndedSessionAlerts.h"
#include "util/Format.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace ptriage {
namespace {

constexpr int kCulpritsInMenu = 5;
constexpr int kCulpritsInAlert = 3;

// The processes to name: candidates before the rest, largest resident memory first; never a
// protected process or a kernel thread.
std::vector<int> largest(const TriageResult &r, std::size_t n)
{
    std::vector<int> order;
    for (int i = 0; i < r.size(); ++i)
        if (const ProcessView p = r.process(i); p.facts().protectedReason.empty() && p.sample().rssBytes > 0)
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&r](int a, int b) {
        const ProcessView pa = r.process(a), pb = r.process(b);
        if (pa.recommendation().candidate != pb.recommendation().candidate)
            return pa.recommendation().candidate;
        return pa.sample().rssBytes > pb.sample().rssBytes;
    });
    order.resize(std::min(order.size(), n));
    return order;
}

QString trayBytes(std::uint64_t b)
{
    return localBytes(static_cast<double>(b));
}

// "node, pytest and 2 more"; the steps of a group named as the culprit are "its leftovers" (one
// group) or "the leftovers" (several), counted once.
QString stepNames(const ReliefPlan &plan, const TriageResult &result, const std::vector<GroupCulprit> &groups)
{
    QStringList names;
    int fromGroups = 0, others = 0;
    for (const ReliefStep &step : plan.steps) {
        const int g = groups.empty() ? -1 : culpritGroup(result, step.index, step.tree);
        if (std::any_of(groups.begin(), groups.end(), [g](const GroupCulprit &c) { return c.group == g; })) {
            ++fromGroups;
            continue;
        }
        ++others;
        if (names.size() < 2)
            names << processName(result.process(step.index));
    }
    const int more = others - static_cast<int>(names.size());
    if (more > 0)
        names = QStringList{TrayController::tr("%1 and %2 more").arg(names.join(QStringLiteral(", "))).arg(more)};
    if (fromGroups > 0)
        names.prepend(groups.size() == 1 ? TrayController::tr("%1 of its leftovers").arg(fromGroups)
                                         : TrayController::tr("%1 leftovers").arg(fromGroups));
    return names.join(QStringLiteral(", "));
}

// "Your ended Claude Code session in api@fix-auth left 14 processes, 3.2 GiB."
QString sentence(const Phrase &phrase)
{
    QString text = qs(phrase);
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return TrayController::tr("%1.").arg(text);
}

} // namespace

TrayController::TrayController(Desk &desk, PressureMonitor &monitor, TrayIcon &icon, Notifier &notifications,
    double alertRepeatSeconds, QObject *parent)
    : QObject(parent),
      m_desk(desk),
      m_monitor(monitor),
      m_icon(icon),
      m_notifications(notifications),
      m_limiter(std::make_unique<AlertLimiter>(alertRepeatSeconds))
{
    m_icon.setIcon(levelIcon(m_level));
    m_icon.setToolTip(tr("ptriage: memory"));
    connect(&m_icon, &TrayIcon::inTray, this, &TrayController::iconInTray);
    connect(&m_icon, &TrayIcon::noTray, this, [this] {
        setStatus(tr("This desktop shows no tray icons (no StatusNotifier host); ptriage watches memory and "
                     "alerts with notifications only. The icon appears if a tray starts later."));
    });
    connect(&m_icon, &TrayIcon::noSessionBus, this,
        [this] { setStatus(tr("No session bus: no tray icon and no notifications.")); });
    connect(&m_icon, &TrayIcon::activated, this, &TrayController::windowToggleRequested);
    connect(&m_monitor, &PressureMonitor::readingTaken, this, &TrayController::onReading);
    connect(&m_monitor, &PressureMonitor::levelChanged, this, &TrayController::onLevel);
    connect(&m_desk, &Desk::resultChanged, this, &TrayController::onResult);
    connect(&m_desk, &Desk::reliefPlanned, this, &TrayController::onReliefPlanned);
    connect(&m_notifications, &Notifier::actionInvoked, this, [this](const QString &key) {
        if (key == QLatin1String("show"))
            Q_EMIT windowRequested(m_culprits);
        else if (key == QLatin1String("free"))
            Q_EMIT freeMemoryRequested();
    });
    connect(m_icon.menu(), &QMenu::aboutToShow, this, [this] {
        m_desk.refreshNow(); // the culprits of now, for the next opening
        rebuildMenu();
    });
    rebuildMenu();
}

TrayController::~TrayController() = default;

void TrayController::start()
{
    m_started = true;
    m_notifications.start();
    if (m_ended)
        m_ended->start();
    m_icon.start();
}

EndedSessionAlerts &TrayController::alertEndedSessions(Notifier &notifier)
{
    if (!m_ended) {
        const QString state
            = QFileInfo(m_desk.sessions().path()).dir().filePath(QStringLiteral("ended-sessions-named"));
        m_ended = new EndedSessionAlerts(
            m_desk, notifier, m_desk.config().policy.endedSessions, [this] { return alertsPaused(); }, state, this);
        if (m_started)
            m_ended->start();
    }
    return *m_ended;
}

void TrayController::iconInTray()
{
    onReading(m_monitor.lastReading(), m_monitor.level());
    setStatus(tr("In the tray."));
}

void TrayController::setStatus(const QString &status)
{
    if (status == m_status)
        return;
    m_status = status;
    Q_EMIT statusChanged(status);
}

void TrayController::onReading(const MemoryReading &reading, PressureLevel level)
{
    if (reading.memTotalBytes == 0)
        return;
    if (level != m_level) {
        m_level = level;
        m_icon.setIcon(levelIcon(level));
    }
    m_memoryTip = tr("Memory: %1 available of %2 (%3)")
                      .arg(trayBytes(reading.memAvailableBytes), trayBytes(reading.memTotalBytes),
                          localPercent(reading.availableShare()));
    if (reading.some)
        m_memoryTip += QLatin1Char('\n')
            + tr("Pressure: some %1, full %2 (10 s)")
                  .arg(localPercent(reading.some->avg10 / 100),
                      localPercent(reading.full ? reading.full->avg10 / 100 : 0.0));
    showToolTip();
}

// The candidates as the window's headline counts them (TriageResult::counts): one figure on every surface.
void TrayController::showToolTip()
{
    QString tip = m_memoryTip.isEmpty() ? tr("ptriage: memory") : m_memoryTip;
    if (const auto result = m_desk.current(); result && result->machine.isThis()) {
        const CandidateCounts &c = result->counts;
        tip += QLatin1Char('\n')
            + (c.candidates == 1
                    ? tr("1 candidate · %1 reclaimable").arg(trayBytes(c.reclaimableBytes))
                    : tr("%1 candidates · %2 reclaimable").arg(c.candidates).arg(trayBytes(c.reclaimableBytes)));
    }
    m_icon.setToolTip(tip);
}

void TrayController::onLevel(PressureLevel level, PressureLevel previous, const QString & /*why*/)
{
    m_level = level;
    m_icon.setIcon(levelIcon(level));
    if (level == PressureLevel::Normal || static_cast<int>(level) < static_cast<int>(previous))
        return;
    // Triage now (in the tray it scans only rarely); the alert names what that scan finds.
    m_alertPending = true;
    m_desk.refreshNow();
}

// The alert says what "Free memory…" would free, so it waits for that plan (its footprints are
// read on the service thread).
void TrayController::onResult()
{
    showToolTip();
    if (!m_alertPending || !m_desk.current())
        return;
    m_alertPending = false;
    if (alertsPaused())
        return;
    ReliefGoal goal;
    goal.freeBytes = suggestedGoalBytes();
    m_planTicket = m_desk.planRelief(goal);
}

void TrayController::onReliefPlanned(
    int ticket, std::shared_ptr<const ReliefPlan> plan, std::shared_ptr<const TriageResult> result)
{
    if (ticket == 0 || ticket != m_planTicket)
        return; // another view's plan
    m_planTicket = 0;
    alert(*plan, *result);
}

std::uint64_t TrayController::suggestedGoalBytes() const
{
    const MemoryReading r = m_monitor.lastReading();
    const PressureThresholds &t = m_monitor.thresholds();
    const double wanted = (t.warningAvailableBelow + t.leaveMargin) * static_cast<double>(r.memTotalBytes)
        - static_cast<double>(r.memAvailableBytes);
    return static_cast<std::uint64_t>(std::max(wanted, 256.0 * 1024 * 1024));
}

void TrayController::pauseAlerts(int seconds)
{
    m_pausedUntilMs = seconds > 0 ? QDateTime::currentMSecsSinceEpoch() + seconds * 1000LL : 0;
    rebuildMenu();
}

bool TrayController::alertsPaused() const
{
    return m_pausedUntilMs > QDateTime::currentMSecsSinceEpoch();
}

void TrayController::alert(const ReliefPlan &plan, const TriageResult &result)
{
    if (alertsPaused() || !m_limiter->shouldAlert(m_level, QDateTime::currentMSecsSinceEpoch()))
        return;
    m_culprits.clear();
    // Where a group is the culprit (the leftovers of a session whose owner is gone), the alert names
    // the group, and "Show" lists all of its members.
    std::vector<std::pair<int, std::vector<int>>> candidates;
    for (int i : largest(result, kCulpritsInAlert))
        candidates.emplace_back(i, std::vector<int>{});
    for (const ReliefStep &step : plan.steps)
        candidates.emplace_back(step.index, step.tree);
    const std::vector<GroupCulprit> groups = groupCulprits(result, candidates);
    QStringList names;
    for (int i : largest(result, kCulpritsInAlert)) {
        const Sample &s = result.process(i).sample();
        m_culprits.push_back(s.id);
        const int g = culpritGroup(result, i);
        if (std::none_of(groups.begin(), groups.end(), [g](const GroupCulprit &c) { return c.group == g; }))
            names << tr("%1 (%2)").arg(processName(result.process(i)), trayBytes(s.rssBytes));
    }
    for (const GroupCulprit &g : groups)
        for (int i : result.group(g.group).members)
            if (const ProcessIdentity id = result.identityOf(i);
                std::find(m_culprits.begin(), m_culprits.end(), id) == m_culprits.end())
                m_culprits.push_back(id);
    // "Show" lists what the plan would end too.
    for (const ReliefStep &step : plan.steps)
        if (std::find(m_culprits.begin(), m_culprits.end(), step.target) == m_culprits.end())
            m_culprits.push_back(step.target);
    const MemoryReading reading = m_monitor.lastReading();
    const bool critical = m_level == PressureLevel::Critical;
    const QString summary = critical ? tr("Memory is almost exhausted") : tr("Memory is running low");
    QString body
        = tr("%1 available of %2.").arg(trayBytes(reading.memAvailableBytes), trayBytes(reading.memTotalBytes));
    for (const GroupCulprit &g : groups)
        body += QLatin1Char(' ') + sentence(g.phrase);
    if (!names.isEmpty())
        body += QLatin1Char(' ') + tr("Largest: %1.").arg(names.join(QStringLiteral(", ")));
    body += QLatin1Char(' ');
    if (plan.reached)
        body += tr("Free memory… would free %1 of the %2 needed, ending %3.")
                    .arg(trayBytes(plan.freesBytes), trayBytes(plan.goal.freeBytes), stepNames(plan, result, groups));
    else if (plan.freesBytes > 0)
        body += tr("Free memory… can safely free only %1 of the %2 needed, ending %3.")
                    .arg(trayBytes(plan.freesBytes), trayBytes(plan.goal.freeBytes), stepNames(plan, result, groups));
    else
        body += tr("Nothing here is safe to end to free the %1 needed.").arg(trayBytes(plan.goal.freeBytes));
    m_notifications.show(
        summary, body, critical, {{QStringLiteral("show"), tr("Show")}, {QStringLiteral("free"), tr("Free memory…")}});
}

void TrayController::rebuildMenu()
{
    QMenu *menu = m_icon.menu();
    menu->clear();
    menu->addAction(tr("Open ptriage"), this, [this] { Q_EMIT windowRequested({}); });
    menu->addSeparator();
    if (const auto result = m_desk.current()) {
        menu->addSection(tr("Largest memory users"));
        for (int i : largest(*result, kCulpritsInMenu)) {
            const ProcessView culpritView = result->process(i);
            const Sample &s = culpritView.sample();
            const ProcessIdentity id = s.id;
            QMenu *culprit = menu->addMenu(tr("%1 — %2 — %3")
                                               .arg(processName(culpritView), trayBytes(s.rssBytes),
                                                   EngineLabels::recommendation(culpritView.recommendation())));
            culprit->addAction(tr("Show in ptriage"), this, [this, id] { Q_EMIT windowRequested({id}); });
            culprit->addSeparator();
            culprit->setToolTipsVisible(true);
            // What the engine's rules offer it, as the window's menu does; acting from the tray asks
            // first, like everywhere: the window need not exist.
            for (const OfferedAction &o :
                offeredActions(culpritView, actedOn(m_desk.undoable(), id, result->machine))) {
                QAction *a = culprit->addAction(tr("%1…").arg(ActionDialog::verbLabel(o.verb)), this, [this, id, o] {
                    ActRequest request;
                    request.verb = o.verb;
                    request.targets = {id};
                    ActFlow::confirmAndAct(m_desk, request, nullptr);
                });
                a->setEnabled(o.mayBeDone());
                if (!o.mayBeDone())
                    a->setToolTip(tr("Refused: %1").arg(qs(o.blocks.front())));
                if (o.recommended)
                    culprit->setDefaultAction(a);
            }
        }
        menu->addSeparator();
    }
    menu->addAction(tr("Free memory…"), this, [this] { Q_EMIT freeMemoryRequested(); });
    QAction *pause = menu->addAction(tr("Pause alerts for 1 hour"));
    pause->setCheckable(true);
    pause->setChecked(alertsPaused());
    connect(pause, &QAction::toggled, this, [this](bool on) { pauseAlerts(on ? 3600 : 0); });
    menu->addSeparator();
    menu->addAction(tr("Quit"), this, [this] { Q_EMIT quitRequested(); });
}

// Shape and color per level (color is never the only cue): circle, triangle, square.
QIcon TrayController::levelIcon(PressureLevel level) const
{
    QIcon icon;
    for (int size : {16, 22, 32, 64}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const double m = size * 0.1;
        const QRectF r(m, m, size - 2 * m, size - 2 * m);
        QPainterPath shape;
        QColor color;
        switch (level) {
        case PressureLevel::Normal:
            shape.addEllipse(r);
            color = QColor(0x2e, 0x7d, 0x32);
            break;
        case PressureLevel::Warning:
            shape.moveTo(r.center().x(), r.top());
            shape.lineTo(r.bottomRight());
            shape.lineTo(r.bottomLeft());
            shape.closeSubpath();
            color = QColor(0xef, 0x8f, 0x00);
            break;
        case PressureLevel::Critical:
            shape.addRect(r);
            color = QColor(0xc6, 0x28, 0x28);
            break;
        }
        p.setPen(QPen(color.darker(160), std::max(1.0, size / 16.0)));
        p.setBrush(color);
        p.drawPath(shape);
        icon.addPixmap(pm);
    }
    return icon;
}

} // namespace ptriage
