#include "table/ProcessColumns.h"

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

} // namespace

QString ProcessColumn::header() const
{
    return QCoreApplication::translate("ProcessColumns", headerSource);
}

QString ProcessColumn::headerToolTip() const
{
    return QCoreApplication::translate("ProcessColumns", headerToolTipSource);
}

QString ProcessColumns::commandLine(const ProcessRow &row)
{
    return commandLineOf(row.sample());
}

QString ProcessColumns::searchText(const ProcessRow &row)
{
    return commandLine(row) + QLatin1Char('\n') + qs(row.facts().user) + QLatin1Char('\n')
        + QString::number(row.sample().id.pid);
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
            QT_TRANSLATE_NOOP("ProcessColumns", "Command line"), left, Qt::AscendingOrder,
            [](const ProcessRow &r) { return commandLine(r); },
            [](const ProcessRow &r) { return QVariant(commandLine(r)); },
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
                    tip += QStringLiteral(": ")
                        + commandLineOf(r.result().snapshot->processes[static_cast<std::size_t>(rec.targetIndex)])
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
