#include "sessions/LearnedDialog.h"

#include "desk/SessionKeeper.h"
#include "look/UiText.h"
#include "util/Format.h"
#include "widgets/ReadOnlyTable.h"
#include "widgets/ScreenFit.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace ptriage {
namespace {

QString levelLabel(PatternLevel level)
{
    return QCoreApplication::translate("EngineLabels", labelSource(level));
}

} // namespace

LearnedDialog::LearnedDialog(SessionKeeper &keeper, const LearningParams &params, QWidget *parent)
    : QDialog(parent),
      m_keeper(keeper),
      m_params(params),
      m_table(makeReadOnlyTable(
          {tr("Pattern"), tr("Level"), tr("Ended"), tr("Spared"), tr("Came back"), tr("Decisions"), tr("Last")}, this)),
      m_status(new QLabel(this)),
      m_forget(new QPushButton(tr("&Forget"), this)),
      m_clear(new QPushButton(tr("&Clear everything"), this))
{
    setWindowTitle(tr("Learned from your decisions"));
    auto *intro = new QLabel(tr("Every process you end counts for \"abandoned\", every one you spare for \"useful\", "
                                "for processes with the same command (exact, generalized, or the program alone). "
                                "Counts fade with time; a spare weighs more than an end."),
        this);
    intro->setWordWrap(true);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_forget->setEnabled(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_forget, QDialogButtonBox::ActionRole);
    buttons->addButton(m_clear, QDialogButtonBox::ResetRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
        [this] { m_forget->setEnabled(!m_table->selectionModel()->selectedRows().isEmpty()); });
    connect(m_forget, &QPushButton::clicked, this, [this] {
        for (const QModelIndex &row : m_table->selectionModel()->selectedRows())
            m_keeper.forgetPattern(m_patterns[static_cast<std::size_t>(row.row())].pattern);
        reload();
    });
    connect(m_clear, &QPushButton::clicked, this, [this] {
        auto *box = new QMessageBox(QMessageBox::Question, tr("Clear everything learned"),
            tr("Forget every decision ptriage learned from? Verdicts go back to what the evidence alone says."),
            QMessageBox::Yes | QMessageBox::Cancel, this);
        box->setDefaultButton(QMessageBox::Cancel);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::accepted, this, [this] {
            m_keeper.clearDecisions();
            reload();
        });
        box->open();
    });
    connect(&m_keeper, &SessionKeeper::learnedListed, this, &LearnedDialog::show);
    connect(&m_keeper, &SessionKeeper::learnedChanged, this, [this](const QString &error) {
        if (!error.isEmpty())
            m_status->setText(tr("Not changed: %1").arg(error));
        Q_EMIT changed();
    });
    sizeToScreen(this, QSize(900, 500));
    reload();
}

void LearnedDialog::reload()
{
    m_keeper.listLearned(m_params); // after any forget or clear queued before it: one thread, in order
}

void LearnedDialog::show(const std::vector<Match> &patterns, const QString &error)
{
    m_patterns = patterns;
    m_table->setRowCount(static_cast<int>(patterns.size()));
    for (std::size_t i = 0; i < patterns.size(); ++i) {
        const Match &m = patterns[i];
        const int row = static_cast<int>(i);
        QString pattern = qs(m.pattern);
        pattern.replace(QChar(0), QLatin1Char(' '));
        m_table->setItem(row, 0, readOnlyCell(pattern));
        m_table->setItem(row, 1, readOnlyCell(levelLabel(m.level)));
        m_table->setItem(row, 2, readOnlyCell(localNumber(m.kills, 1)));
        m_table->setItem(row, 3, readOnlyCell(localNumber(m.spares, 1)));
        m_table->setItem(row, 4, readOnlyCell(localNumber(m.respawned, 1)));
        m_table->setItem(row, 5, readOnlyCell(QString::number(m.votes)));
        m_table->setItem(
            row, 6, readOnlyCell(QLocale().toString(QDateTime::fromMSecsSinceEpoch(m.lastAtMs), QLocale::ShortFormat)));
    }
    m_clear->setEnabled(!patterns.empty());
    m_status->setText(!error.isEmpty() ? tr("Cannot read what was learned: %1").arg(error)
            : patterns.empty()         ? tr("Nothing learned yet: end or spare a process, and it shows here.")
                                       : tr("%1 patterns").arg(patterns.size()));
    Q_EMIT shown();
}

QString LearnedDialog::status() const
{
    return m_status->text();
}

} // namespace ptriage
