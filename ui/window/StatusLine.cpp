#include "window/StatusLine.h"

#include <QDateTime>

#include "decide/Triage.h"
#include "desk/Desk.h"
#include "util/Format.h"
#include "widgets/SteadyLine.h"
#include "window/menus/ReportExport.h"

#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QTime>

namespace ptriage {

StatusLine::StatusLine(QMainWindow &window, Desk &desk)
    : QObject(&window),
      m_window(window),
      m_totals(new SteadyLine(&window)),
      m_scanTime(new SteadyLine(&window, SteadyLine::Width::Widest))
{
    QStatusBar *bar = m_window.statusBar();
    bar->addWidget(m_totals, 1);
    bar->addPermanentWidget(m_scanTime);
    m_scanTime->reserveWidthFor(tr("scan %1 ms").arg(99999)); // a slow scan must not lay the window out
    m_totals->setSelectable(false); // counts, not something to copy: no text document to lay out
    m_scanTime->setSelectable(false);
    m_totals->setText(tr("Scanning…"));

    connect(&desk, &Desk::noted, bar, &QStatusBar::showMessage);
    connect(&desk, &Desk::actStarted, this,
        [this](int, const QString &title) { m_scanTime->setText(tr("%1 …").arg(title)); });
    connect(
        &desk, &Desk::actFinished, this, [this](int, const QString &title, const std::vector<ActOutcome> &outcomes) {
            const auto done = std::count_if(
                outcomes.begin(), outcomes.end(), [](const ActOutcome &o) { return o.status == ActStatus::Done; });
            m_scanTime->setText(tr("%1: %2 of %3 done").arg(title).arg(done).arg(outcomes.size()));
        });
    connect(&desk, &Desk::scanFailed, this, [this](const QString &message) {
        auto *box
            = new QMessageBox(QMessageBox::Critical, tr("Cannot scan processes"), message, QMessageBox::Ok, &m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // not exec(): the window keeps running behind it
    });
    connect(&desk.sessions(), &SessionKeeper::saved, this, &StatusLine::sessionSaved);
    connect(&desk.sessions(), &SessionKeeper::reportExported, this,
        [this](const QString &path, const QString &error, const QString &warning) {
            m_window.statusBar()->showMessage(error.isEmpty() ? tr("Report written to %1").arg(path)
                                                              : tr("The report was not written: %1").arg(error),
                error.isEmpty() ? 10000 : 30000);
            ReportExport::showOutcome(&m_window, path, error, warning);
        });
}

void StatusLine::sessionSaved(long long id, const QString &error, bool automatic)
{
    const QString time = QLocale().toString(QTime::currentTime(), QLocale::ShortFormat);
    if (id != 0) {
        m_window.statusBar()->showMessage(tr("Session saved at %1").arg(time), 10000);
        return;
    }
    // An automatic save that fails says so where it does not interrupt; one asked for gets a box.
    m_window.statusBar()->showMessage(tr("The session was not saved: %1").arg(error), 30000);
    if (!automatic) {
        auto *box
            = new QMessageBox(QMessageBox::Warning, tr("Cannot save the session"), error, QMessageBox::Ok, &m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
}

void StatusLine::setPaused(bool paused)
{
    m_paused = paused;
    m_scanTime->setText(paused ? tr("Updates paused") : QString());
}

void StatusLine::showResult(const TriageResult &result, qint64 scanMicroseconds)
{
    const int candidates = result.counts.candidates;
    const auto reclaimable = static_cast<double>(result.counts.reclaimableBytes);
    const QString candidateText = candidates == 1 ? tr("1 candidate") : tr("%1 candidates").arg(candidates);
    m_totals->setText(tr("%1 processes · %2 · %3 reclaimable by the recommended kills")
                          .arg(result.snapshot->processes.size())
                          .arg(candidateText, localBytes(reclaimable)));
    if (!result.machine.isThis()) // another machine: when it was read, and what ssh took
        m_scanTime->setText(
            tr("%1 over ssh: read at %2, %3 s")
                .arg(QString::fromStdString(result.machine.hostName()),
                    QDateTime::fromMSecsSinceEpoch(result.snapshot->capturedAtMs).toString(QStringLiteral("HH:mm:ss")),
                    localNumber(static_cast<double>(scanMicroseconds) / 1e6, 1)));
    else if (!m_paused)
        m_scanTime->setText(tr("scan %1 ms").arg(localNumber(static_cast<double>(scanMicroseconds) / 1000.0, 0)));
}

} // namespace ptriage
