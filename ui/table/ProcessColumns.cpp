#include "table/ProcessColumns.h"

#include "infer/ProcessOrigin.h"
#include "look/ClassStyle.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"
#include "util/Format.h"

#include <cmath>

namespace ptriage {
namespace {

QString unknown()
{
    return QStringLiteral("\u2014");
}

QString joined(const std::vector<Phrase> &lines, const QString &prefix = {})
{
    QStringList out;
    for (const Phrase &l : lines)
        out << prefix + qs(l);
    return out.join(QLatin1Char('\n'));
}

// The Command cell: the name people know (the script, the program) first, then the whole command
// line, unless it already begins with that name ("hugo server", "/usr/bin/hugo server"). Sorting and
// the filter's search read the same text.
QString nameThenCommand(const ProcessRow &r)
{
    const QString &line = r.commandLine();
    const QString name = qs(r.facts().name);
    const QString program = line.left(line.indexOf(QLatin1Char(' '))); // the whole line when it has no space
    if (name.isEmpty() || line.startsWith(QLatin1Char('[')) || program == name
        || program.endsWith(QLatin1Char('/') + name))
        return line;
    return name + QStringLiteral(" \u2014 ") + line;
}

} // namespace

QString ProcessColumn::header() const
{
    return QCoreApplication::translate("ProcessColumns", headerSource);
}

QString ProcessColumn::headerToolTip() const
{
    return QCoreApplication::translate("ProcessColumns", headerToolTipSource);
}

const QString &ProcessRow::commandLine() const
{
    if (!m_commandLineMade) {
        m_commandLine = commandLineOf(sample());
        m_commandLineMade = true;
    }
    return m_commandLine;
}

QString ProcessColumns::commandLine(const ProcessRow &row)
{
    return row.commandLine();
}

QString ProcessColumns::stateLabel(char state)
{
    switch (state) {
    case 'R':
        return tr("running");
    case 'S':
        return tr("sleeping");
    case 'D':
        return tr("uninterruptible sleep (usually I/O)");
    case 'Z':
        return tr("zombie: exited, not yet reaped by its parent");
    case 'T':
        return tr("stopped");
    case 't':
        return tr("stopped by a debugger");
    case 'I':
        return tr("idle kernel thread");
    case 'X':
        return tr("dead");
    default:
        return tr("unknown state");
    }
}

QString ProcessColumns::whyInFewWords(const ProcessRow &row)
{
    const ProcessFacts &f = row.facts();
    if (row.tooYoungToJudge() && row.recommendation().action == RecommendedAction::Keep)
        return tr("too young: %1 old, judged from %2")
            .arg(localDuration(f.ageSeconds), localDuration(row.result().minAgeSeconds));
    if (!f.protectedReason.empty())
        return tr("protected: %1").arg(qs(f.protectedReason));
    const Recommendation &rec = row.recommendation();
    const Posterior &p = row.posterior();
    if (!rec.candidate && !rec.review && p.classification == ProcessClass::Useful)
        return tr("looks %1 (%2)")
            .arg(ClassStyle::label(p.classification),
                localPercent(p.probability[static_cast<std::size_t>(p.classification)]));
    // The two strongest terms toward the verdict, as the ledger words them.
    QStringList parts;
    for (const EvidenceTerm &t : ledgerOf(row, row.config))
        if (parts.size() < 2 && t.bits > 0.5 && t.term != "prior")
            parts << qs(t.detail);
    if (parts.isEmpty() && !rec.blockedBy.empty())
        parts << qs(rec.blockedBy.front());
    return parts.join(QStringLiteral("; "));
}

QString ProcessColumns::whyInFull(const ProcessRow &row)
{
    QStringList lines;
    for (const EvidenceTerm &t : ledgerOf(row, row.config))
        if (t.term != "prior" && lines.size() < 6 && std::abs(t.bits) >= 0.25)
            lines << tr("%1 %2: %3")
                         .arg(t.bits > 0 ? QStringLiteral("+") : QStringLiteral("\u2212"), EngineLabels::term(t.term),
                             qs(t.detail));
    if (!row.recommendation().blockedBy.empty())
        lines << tr("Held back by:") << joined(row.recommendation().blockedBy, QStringLiteral("• "));
    return lines.join(QLatin1Char('\n'));
}

ProcessColumns::ProcessColumns()
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    const Qt::Alignment left = Qt::AlignLeft | Qt::AlignVCenter;
    const Qt::Alignment center = Qt::AlignHCenter | Qt::AlignVCenter;

    m_columns = {
        {QStringLiteral("command"), QT_TRANSLATE_NOOP("ProcessColumns", "Command"),
            QT_TRANSLATE_NOOP(
                "ProcessColumns", "The name people know it by (its script or program), then its command line"),
            left, Qt::AscendingOrder, [](const ProcessRow &r) { return nameThenCommand(r); },
            [](const ProcessRow &r) { return QVariant(nameThenCommand(r)); },
            [](const ProcessRow &r) {
                QString tip = commandLine(r);
                if (const auto &d = r.sample().details) {
                    if (!d->exe.empty())
                        tip += QLatin1Char('\n') + tr("Executable: %1").arg(qs(d->exe));
                    if (!d->cwd.empty())
                        tip += QLatin1Char('\n') + tr("Working directory: %1").arg(qs(d->cwd));
                }
                const std::string partial = r.sample().partialReasons();
                if (!partial.empty())
                    tip += QLatin1Char('\n') + tr("Incomplete: %1").arg(qs(partial));
                return tip;
            }},
        {QStringLiteral("action"), QT_TRANSLATE_NOOP("ProcessColumns", "Action"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Recommended action"), left, Qt::DescendingOrder,
            [](const ProcessRow &r) {
                // A zombie's action is about its parent: short enough for the column, whole in the tooltip.
                const Recommendation &rec = r.recommendation();
                return rec.parentAction != ParentAction::None
                    ? tr("parent: %1").arg(EngineLabels::parentActionShort(rec.parentAction))
                    : EngineLabels::recommendation(rec);
            },
            [](const ProcessRow &r) {
                return QVariant(r.recommendation().score * 16 + static_cast<int>(r.recommendation().action));
            },
            [](const ProcessRow &r) {
                const Recommendation &rec = r.recommendation();
                QString tip = EngineLabels::recommendation(rec);
                if (rec.targetIndex >= 0 && rec.targetIndex != r.index())
                    tip += QStringLiteral(": ") + commandLineOf(r.result().process(rec.targetIndex).sample())
                        + QStringLiteral(" (%1)").arg(r.result().identityOf(rec.targetIndex).pid);
                if (!rec.blockedBy.empty())
                    tip += QLatin1Char('\n') + tr("Held back by:") + QLatin1Char('\n')
                        + joined(rec.blockedBy, QStringLiteral("• "));
                return tip;
            }},
        {QStringLiteral("memory"), QT_TRANSLATE_NOOP("ProcessColumns", "Memory"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Resident memory"), right, Qt::DescendingOrder,
            [](const ProcessRow &r) { return localBytes(static_cast<double>(r.sample().rssBytes)); },
            [](const ProcessRow &r) { return QVariant(static_cast<qulonglong>(r.sample().rssBytes)); }, nullptr},
        {QStringLiteral("cpu"), QT_TRANSLATE_NOOP("ProcessColumns", "CPU"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Recent CPU use, in percent of one core"), right, Qt::DescendingOrder,
            [](const ProcessRow &r) {
                const auto cpu = r.sample().cpuShare;
                return cpu ? localPercent(*cpu) : unknown();
            },
            [](const ProcessRow &r) { return QVariant(r.sample().cpuShare.value_or(-1.0)); },
            [](const ProcessRow &r) {
                return r.sample().cpuShare ? QString() : tr("Unknown: no earlier sample of this process");
            }},
        {QStringLiteral("age"), QT_TRANSLATE_NOOP("ProcessColumns", "Age"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Time since the process started"), right, Qt::DescendingOrder,
            [](const ProcessRow &r) { return localDuration(r.facts().ageSeconds); },
            // The start time, not the age: the same order, and a value that does not change at every refresh
            // (a changed sort value makes the row count as changed).
            [](const ProcessRow &r) { return QVariant(-static_cast<double>(r.sample().id.startTicks)); }, nullptr},
        {QStringLiteral("why"), QT_TRANSLATE_NOOP("ProcessColumns", "Why"),
            QT_TRANSLATE_NOOP("ProcessColumns", "The strongest reasons for the verdict, in a few words"), left,
            Qt::AscendingOrder, [](const ProcessRow &r) { return whyInFewWords(r); },
            // By the score, as Action: the reasons' text does not order anything, and is a ledger to compute.
            [](const ProcessRow &r) { return QVariant(r.recommendation().score); },
            [](const ProcessRow &r) { return whyInFull(r); }},
        {QStringLiteral("pid"), QT_TRANSLATE_NOOP("ProcessColumns", "PID"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Process ID"), right, Qt::AscendingOrder,
            [](const ProcessRow &r) { return QString::number(r.sample().id.pid); },
            [](const ProcessRow &r) { return QVariant(r.sample().id.pid); },
            [](const ProcessRow &r) {
                return tr("Identity: %1\nParent PID: %2").arg(r.sample().id.toQString()).arg(r.sample().ppid);
            }},
        {QStringLiteral("user"), QT_TRANSLATE_NOOP("ProcessColumns", "User"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Owner of the process"), left, Qt::AscendingOrder,
            [](const ProcessRow &r) { return qs(r.facts().user); },
            [](const ProcessRow &r) { return QVariant(qs(r.facts().user)); },
            [](const ProcessRow &r) {
                const auto uid = r.sample().uid;
                return uid ? tr("UID %1").arg(*uid) : tr("UID unknown");
            }},
        {QStringLiteral("class"), QT_TRANSLATE_NOOP("ProcessColumns", "Class"),
            QT_TRANSLATE_NOOP("ProcessColumns", "The most probable class"), left, Qt::DescendingOrder,
            [](const ProcessRow &r) {
                return r.tooYoungToJudge() ? tr("too young") : ClassStyle::label(r.posterior().classification);
            },
            [](const ProcessRow &r) {
                const Posterior &p = r.posterior();
                const auto c = static_cast<std::size_t>(p.classification);
                return QVariant(r.tooYoungToJudge() ? -1.0 : static_cast<double>(c) + p.probability[c]);
            },
            [](const ProcessRow &r) {
                const Posterior &p = r.posterior();
                QStringList lines;
                if (r.tooYoungToJudge())
                    lines << tr("Only %1 old: nothing is judged before %2. What the evidence says so far:")
                                 .arg(localDuration(r.facts().ageSeconds), localDuration(r.result().minAgeSeconds));
                for (int c = 0; c < kClassCount; ++c)
                    lines << tr("%1: %2").arg(ClassStyle::label(static_cast<ProcessClass>(c)),
                        localPercent(p.probability[static_cast<std::size_t>(c)]));
                lines << tr("Confidence: %1").arg(EngineLabels::confidence(p.confidence));
                return lines.join(QLatin1Char('\n'));
            }},
        {QStringLiteral("score"), QT_TRANSLATE_NOOP("ProcessColumns", "Score"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Triage score, 0–100: how much acting is worth"), right,
            Qt::DescendingOrder, [](const ProcessRow &r) { return QString::number(r.recommendation().score); },
            [](const ProcessRow &r) { return QVariant(r.recommendation().score); }, nullptr},
        {QStringLiteral("io"), QT_TRANSLATE_NOOP("ProcessColumns", "I/O"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Recent reads and writes per second"), right, Qt::DescendingOrder,
            [](const ProcessRow &r) {
                const auto io = r.sample().ioRate;
                return io ? tr("%1/s").arg(localBytes(*io)) : unknown();
            },
            [](const ProcessRow &r) { return QVariant(r.sample().ioRate.value_or(-1.0)); },
            [](const ProcessRow &r) {
                return r.sample().ioRate ? QString() : tr("Unknown: unreadable, or no earlier sample");
            }},
        {QStringLiteral("state"), QT_TRANSLATE_NOOP("ProcessColumns", "State"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Kernel scheduling state"), center, Qt::AscendingOrder,
            [](const ProcessRow &r) { return QString(QLatin1Char(r.sample().state)); },
            [](const ProcessRow &r) { return QVariant(QString(QLatin1Char(r.sample().state))); },
            [](const ProcessRow &r) {
                QString tip = stateLabel(r.sample().state);
                if (const auto &deep = r.sample().deep; deep && !deep->wchan.empty())
                    tip += QLatin1Char('\n') + tr("Waiting in: %1").arg(qs(deep->wchan));
                return tip;
            }},
        {QStringLiteral("category"), QT_TRANSLATE_NOOP("ProcessColumns", "Category"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Kind of program"), left, Qt::AscendingOrder,
            [](const ProcessRow &r) {
                return r.config.signatures.categories[static_cast<std::size_t>(r.facts().category)].word().text();
            },
            [](const ProcessRow &r) {
                return QVariant(
                    r.config.signatures.categories[static_cast<std::size_t>(r.facts().category)].word().text());
            },
            [](const ProcessRow &r) {
                const ProcessFacts &f = r.facts();
                return f.protectedReason.empty() ? QString() : tr("Protected: %1").arg(qs(f.protectedReason));
            }},
        {QStringLiteral("supervisor"), QT_TRANSLATE_NOOP("ProcessColumns", "Supervisor"),
            QT_TRANSLATE_NOOP("ProcessColumns", "What restarts the process: a systemd unit, a container, pm2 …"), left,
            Qt::AscendingOrder, [](const ProcessRow &r) { return qs(r.facts().supervisor); },
            [](const ProcessRow &r) { return QVariant(qs(r.facts().supervisor)); }, nullptr},
        {QStringLiteral("risk"), QT_TRANSLATE_NOOP("ProcessColumns", "Risk"),
            QT_TRANSLATE_NOOP("ProcessColumns", "Blast radius: what would break if it were acted on"), left,
            Qt::DescendingOrder, [](const ProcessRow &r) { return EngineLabels::risk(r.blast().risk); },
            [](const ProcessRow &r) { return QVariant(static_cast<int>(r.blast().risk) + r.blast().score); },
            [](const ProcessRow &r) { return joined(r.blast().reasons); }},
    };
    addGroupCells();
}

QString ProcessColumns::ownerWord(const ProcessOrigin &origin)
{
    if (origins::ownerGone(origin.owner))
        return tr("ended");
    return origin.owner == origins::OwnerState::Alive ? tr("alive") : QString();
}

QString ProcessColumns::groupTitle(const GroupRow &row)
{
    const ProcessOrigin &o = row.origin();
    QString title = qs(originPhrase(o));
    if (!title.isEmpty())
        title[0] = title[0].toUpper(); // a phrase made to sit inside a sentence heads the row here
    QStringList parts{title};
    if (const QString owner = ownerWord(o); !owner.isEmpty())
        parts << owner;
    if (!o.projectLabel.empty())
        parts << qs(o.projectLabel);
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString ProcessColumns::groupSearchText(const GroupRow &row)
{
    const ProcessOrigin &o = row.origin();
    return groupTitle(row) + QLatin1Char('\n') + qs(o.tool) + QLatin1Char('\n') + qs(o.project) + QLatin1Char('\n')
        + qs(o.sessionId);
}

namespace {

QString processesText(int n)
{
    return n == 1 ? ProcessColumns::tr("1 process") : ProcessColumns::tr("%1 processes").arg(n);
}

QString portsText(const std::vector<int> &ports)
{
    QStringList out;
    for (int p : ports)
        out << QString::number(p);
    return out.join(QStringLiteral(", "));
}

// The member with the strongest verdict, in words: "sleep 600 (4242)".
QString strongestText(const GroupRow &g)
{
    if (g.summary.strongest < 0)
        return {};
    const Sample &s = g.strongest().sample();
    return ProcessColumns::tr("%1 (%2)").arg(processName(g.strongest())).arg(s.id.pid);
}

int oldestMember(const GroupRow &g)
{
    return g.group().members.front(); // oldest first
}

} // namespace

void ProcessColumns::addGroupCells()
{
    const auto set = [this](const char *id, QString (*display)(const GroupRow &), QVariant (*sort)(const GroupRow &),
                         QString (*tip)(const GroupRow &)) {
        ProcessColumn &c = m_columns[static_cast<std::size_t>(indexOf(QString::fromLatin1(id)))];
        c.groupDisplay = display;
        c.groupSort = sort;
        c.groupToolTip = tip;
    };
    set(
        "command", [](const GroupRow &g) { return groupTitle(g); },
        [](const GroupRow &g) { return QVariant(groupTitle(g)); },
        [](const GroupRow &g) {
            const ProcessOrigin &o = g.origin();
            QStringList lines{groupTitle(g)};
            lines << tr("Started by: %1").arg(qs(originPhrase(o)));
            lines << tr("Its owner: %1").arg(qs(ownerPhrase(o, g.result.snapshot->capturedAtMs)));
            if (!o.project.empty())
                lines << tr("Project: %1").arg(qs(o.project));
            if (!o.unit.empty())
                lines << tr("Unit: %1").arg(qs(o.unit));
            lines << processesText(g.summary.members);
            return lines.join(QLatin1Char('\n'));
        });
    // How many members the group's End would end, then the strongest member's verdict (the count
    // first: a long verdict is cut at the column's end).
    set(
        "action",
        [](const GroupRow &g) {
            if (g.summary.strongest < 0)
                return EngineLabels::recommendation(RecommendedAction::Keep, false);
            const QString verdict = EngineLabels::recommendation(g.strongest().recommendation());
            return g.summary.leftovers > 0
                ? tr("%1 of %2: %3").arg(g.summary.leftovers).arg(g.summary.members).arg(verdict)
                : verdict;
        },
        [](const GroupRow &g) {
            if (g.summary.strongest < 0)
                return QVariant(-1);
            const Recommendation &r = g.strongest().recommendation();
            return QVariant(r.score * 16 + static_cast<int>(r.action));
        },
        [](const GroupRow &g) {
            QStringList lines;
            if (g.summary.strongest >= 0)
                lines << tr("Strongest verdict: %1, %2")
                             .arg(EngineLabels::recommendation(g.strongest().recommendation()), strongestText(g));
            lines << (g.summary.leftovers > 0
                    ? tr("Ending this group's leftovers would end %1 of its %2 processes (%3).")
                          .arg(g.summary.leftovers)
                          .arg(g.summary.members)
                          .arg(localBytes(static_cast<double>(g.summary.leftoverRssBytes)))
                    : tr("Ending this group's leftovers would end none of its processes."));
            return lines.join(QLatin1Char('\n'));
        });
    set(
        "memory", [](const GroupRow &g) { return localBytes(static_cast<double>(g.summary.rssBytes)); },
        [](const GroupRow &g) { return QVariant(static_cast<qulonglong>(g.summary.rssBytes)); },
        [](const GroupRow &) { return tr("Resident memory of all its processes (shared pages counted in each)"); });
    set(
        "cpu", [](const GroupRow &g) { return localPercent(g.summary.cpuShare); },
        [](const GroupRow &g) { return QVariant(g.summary.cpuShare); }, nullptr);
    set(
        "age", [](const GroupRow &g) { return localDuration(g.result.process(oldestMember(g)).facts().ageSeconds); },
        [](const GroupRow &g) {
            return QVariant(-static_cast<double>(g.result.identityOf(oldestMember(g)).startTicks));
        },
        [](const GroupRow &) { return tr("Age of its oldest process"); });
    set(
        "why",
        [](const GroupRow &g) {
            // The owner first: the Command column is narrow, and whether it ended is what decides.
            QStringList parts;
            if (const QString owner = ownerWord(g.origin()); !owner.isEmpty())
                parts << owner;
            parts << processesText(g.summary.members);
            if (!g.summary.ports.empty())
                parts << tr("ports %1").arg(portsText(g.summary.ports));
            if (const QString s = strongestText(g); !s.isEmpty())
                parts << tr("strongest: %1").arg(s);
            return parts.join(QStringLiteral(" \u00b7 "));
        },
        [](const GroupRow &g) { return QVariant(g.summary.leftovers); }, nullptr);
    set(
        "score",
        [](const GroupRow &g) {
            return g.summary.strongest < 0 ? QString() : QString::number(g.strongest().recommendation().score);
        },
        [](const GroupRow &g) { return QVariant(g.summary.strongest < 0 ? -1 : g.strongest().recommendation().score); },
        nullptr);
    set(
        "supervisor", [](const GroupRow &g) { return qs(g.origin().unit); },
        [](const GroupRow &g) { return QVariant(qs(g.origin().unit)); }, nullptr);
}

bool ProcessColumns::shownByDefault(int column) const
{
    static const QStringList shown = {QStringLiteral("command"), QStringLiteral("action"), QStringLiteral("why"),
        QStringLiteral("memory"), QStringLiteral("cpu"), QStringLiteral("age")};
    return column >= 0 && column < count() && shown.contains(at(column).id);
}

int ProcessColumns::indexOf(QStringView id) const
{
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].id == id)
            return static_cast<int>(i);
    return -1;
}

QStringList ProcessColumns::ids() const
{
    QStringList out;
    for (const ProcessColumn &c : m_columns)
        out << c.id;
    return out;
}

} // namespace ptriage
