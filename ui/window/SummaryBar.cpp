#include "window/SummaryBar.h"

#include "decide/Candidates.h"
#include "decide/Triage.h"
#include "look/ClassStyle.h"
#include "look/Guide.h"
#include "look/UiText.h"
#include "util/Format.h"
#include "widgets/SteadyLine.h"

#include <QComboBox>
#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

#include <array>
#include <cmath>

namespace ptriage {
namespace {

// The one line for these counts.
QString lineOf(const CandidateCounts &c, double minAgeSeconds)
{
    if (c.candidates == 0) {
        const QString nothing = SummaryBar::tr("No candidates: nothing here looks left behind, stuck or spinning.");
        if (c.tooYoung == 0)
            return nothing;
        return nothing + QLatin1Char(' ')
            + (c.tooYoung == 1
                    ? SummaryBar::tr("1 process is too young to judge (younger than %1).")
                    : SummaryBar::tr("%1 processes are too young to judge (younger than %2).").arg(c.tooYoung))
                  .arg(localDuration(minAgeSeconds));
    }
    QStringList kinds;
    for (int k = kClassCount - 1; k >= 0; --k) // abandoned and zombies first
        if (const int n = c.byClass[static_cast<std::size_t>(k)]; n > 0 && k != static_cast<int>(ProcessClass::Useful))
            kinds << SummaryBar::tr("%1 %2").arg(n).arg(ClassStyle::label(static_cast<ProcessClass>(k)));
    // "Candidates", as in the status line, the filter, the CLI and the report.
    QString line
        = c.candidates == 1 ? SummaryBar::tr("1 candidate") : SummaryBar::tr("%1 candidates").arg(c.candidates);
    if (!kinds.isEmpty())
        line += SummaryBar::tr(": %1").arg(kinds.join(QStringLiteral(", ")));
    if (c.reclaimableBytes > 0)
        line += SummaryBar::tr(" · %1 reclaimable").arg(localBytes(static_cast<double>(c.reclaimableBytes)));
    if (c.holdingPorts > 0)
        line += c.holdingPorts == 1 ? SummaryBar::tr(" · 1 holds a port")
                                    : SummaryBar::tr(" · %1 hold ports").arg(c.holdingPorts);
    return line;
}

} // namespace

SummaryBar::SummaryBar(QWidget *parent)
    : QWidget(parent),
      m_text(new SteadyLine(this)),
      m_showThem(new QPushButton(this)),
      m_minAge(new QComboBox(this)),
      m_minAgeBox(new QWidget(this)),
      m_legend(new QToolButton(this))
{
    m_text->setSelectable(false);
    QFont headline = m_text->font();
    headline.setBold(true);
    m_text->setFont(headline);
    m_text->setText(tr("Looking at every process…"));
    m_showThem->setText(tr("Show them"));
    // Disabled rather than hidden when there is nothing to show: candidates that come and go with
    // other processes would lay the whole window out again at every refresh that shows or hides it.
    m_showThem->setEnabled(false);
    connect(m_showThem, &QPushButton::clicked, this, [this] { Q_EMIT showCandidatesOnly(!m_candidatesOnly); });
    for (const int seconds : {60, 300, 900, 1800, 3600, 7200, 86400})
        m_minAge->addItem(localDuration(seconds), seconds);
    m_minAge->setToolTip(tr("Processes younger than this are \"too young\": nothing is judged or recommended "
                            "for them yet (a build or test run that is still going)."));
    connect(m_minAge, &QComboBox::activated, this,
        [this](int index) { Q_EMIT minAgeChosen(m_minAge->itemData(index).toDouble()); });
    m_legend->setText(tr("Legend"));
    m_legend->setToolTip(tr("What the colors, icons and words of the table mean"));
    connect(m_legend, &QToolButton::clicked, this, [this] { Guide::showLegend(m_legend); });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_showThem);
    layout->addWidget(m_legend);
    auto *minAge = new QHBoxLayout(m_minAgeBox);
    minAge->setContentsMargins(0, 0, 0, 0);
    auto *minAgeLabel = new QLabel(tr("Judge from the age of"), m_minAgeBox);
    minAgeLabel->setBuddy(m_minAge);
    minAge->addWidget(minAgeLabel);
    minAge->addWidget(m_minAge);
}

QString SummaryBar::summaryOf(const TriageResult &result)
{
    return lineOf(result.counts, result.minAgeSeconds);
}

void SummaryBar::showResult(const TriageResult &result)
{
    const CandidateCounts &c = result.counts;
    const QString line = lineOf(c, result.minAgeSeconds);
    if (line != m_text->text())
        m_text->setText(line);
    m_candidates = c.candidates;
    m_showThem->setEnabled(m_candidates > 0 || m_candidatesOnly);
    showMinAge(result.minAgeSeconds);
}

void SummaryBar::showMinAge(double seconds)
{
    int at = m_minAge->findData(seconds);
    if (at < 0) { // --min-age or the policy file: a value of its own, in order
        at = 0;
        while (at < m_minAge->count() && m_minAge->itemData(at).toDouble() < seconds)
            ++at;
        m_minAge->insertItem(at, localDuration(seconds), seconds);
    }
    m_minAge->setCurrentIndex(at);
}

void SummaryBar::setShowingCandidatesOnly(bool on)
{
    m_candidatesOnly = on;
    m_showThem->setText(on ? tr("Show all") : tr("Show them"));
    m_showThem->setEnabled(m_candidates > 0 || on);
}

QString SummaryBar::summary() const
{
    return m_text->text();
}

} // namespace ptriage
