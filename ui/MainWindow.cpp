#include "MainWindow.h"

#include "ActionDialog.h"
#include "Autostart.h"
#include "BlastGraphView.h"
#include "DetailsPane.h"
#include "ElidedTextDelegate.h"
#include "ForegroundWatch.h"
#include "HistoryCharts.h"
#include "LearnedDialog.h"
#include "LedgerPane.h"
#include "ProcessColumns.h"
#include "ProcessFilterModel.h"
#include "ProcessTableModel.h"
#include "ProcessTableView.h"
#include "ReliefDialog.h"
#include "ResultFeed.h"
#include "SessionsWindow.h"
#include "SteadyLine.h"
#include "ThemeIcon.h"
#include "TreeExpansion.h"
#include "UiText.h"
#include "report/EngineLabels.h"
#include "util/Format.h"

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QSysInfo>
#include <QTabWidget>
#include <QTime>
#include <QToolBar>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

namespace ptriage {

MainWindow::MainWindow(
    const TriageConfig &config, CollectOptions collect, TriageOptions triage, const QString &sessionDb, QWidget *parent)
    : MainWindow(config, std::make_unique<TriageService>(config, std::move(collect), std::move(triage)), nullptr,
        std::make_unique<SessionKeeper>(sessionDb.isEmpty() ? SessionStore::defaultPath() : sessionDb, config), nullptr,
        parent)
{ }

MainWindow::MainWindow(const TriageConfig &config, TriageService &service, SessionKeeper &keeper, QWidget *parent)
    : MainWindow(config, nullptr, &service, nullptr, &keeper, parent)
{ }

MainWindow::MainWindow(const TriageConfig &config, std::unique_ptr<TriageService> ownService,
    TriageService *sharedService, std::unique_ptr<SessionKeeper> ownKeeper, SessionKeeper *sharedKeeper,
    QWidget *parent)
    : QMainWindow(parent),
      m_config(config),
      m_ownService(std::move(ownService)),
      m_ownKeeper(std::move(ownKeeper)),
      m_service(sharedService ? *sharedService : *m_ownService),
      m_model(new ProcessTableModel(config, this)),
      m_feed(new ResultFeed(config, *m_model, this)),
      m_keeper(sharedKeeper ? *sharedKeeper : *m_ownKeeper),
      m_filter(new ProcessFilterModel(this)),
      m_table(new ProcessTableView(this)),
      m_search(new QLineEdit(this)),
      m_scope(new QComboBox(this)),
      m_candidatesOnly(new QCheckBox(tr("Candidates only"), this)),
      m_tabs(new QTabWidget(this)),
      m_ledger(new LedgerPane(this)),
      m_graph(new BlastGraphView(this)),
      m_details(new DetailsPane(this)),
      m_charts(new HistoryCharts(this)),
      m_splitter(new QSplitter(this)),
      m_totals(new SteadyLine(this)),
      m_scanTime(new SteadyLine(this, SteadyLine::Width::Widest))
{
    setWindowTitle(tr("ptriage — process triage"));
    new ForegroundWatch(this); // background threads pause while this thread handles events
    m_filter->setSourceModel(m_model);
    m_table->setModel(m_filter);
    // A few thousand texts: a re-ranking moves the same texts to other rows, and every one is
    // painted from its kept layout.
    m_table->setItemDelegate(new ElidedTextDelegate(m_table, 4096));
    m_table->setSortingEnabled(true);
    m_table->setUniformRowHeights(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection); // act on several at once
    m_table->setRootIsDecorated(false);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->header()->setSectionsMovable(true);
    m_table->header()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->sortByColumn(m_model->columns().defaultSortColumn(), m_model->columns().defaultSortOrder());
    m_table->header()->resizeSection(
        m_model->columns().indexOf(QStringLiteral("command")), 380); // until the user's own

    m_search->setPlaceholderText(tr("Filter: command, user or PID (several words: all must match)"));
    m_search->setClearButtonEnabled(true);
    m_search->addAction(themeIcon(QStringLiteral("edit-find")), QLineEdit::LeadingPosition);
    m_scope->addItem(tr("All users"), QVariant::fromValue(ProcessFilterModel::Scope::AllUsers));
    m_scope->addItem(tr("Mine"), QVariant::fromValue(ProcessFilterModel::Scope::Mine));
    m_scope->addItem(tr("System"), QVariant::fromValue(ProcessFilterModel::Scope::System));

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 1);
    filters->addWidget(m_scope);
    filters->addWidget(m_candidatesOnly);
    leftLayout->addLayout(filters);
    m_onlyBar = new QWidget(this);
    auto *onlyLayout = new QHBoxLayout(m_onlyBar);
    onlyLayout->setContentsMargins(4, 0, 4, 0);
    m_onlyLabel = new QLabel(m_onlyBar);
    auto *showAll = new QPushButton(tr("Show all"), m_onlyBar);
    onlyLayout->addWidget(m_onlyLabel, 1);
    onlyLayout->addWidget(showAll);
    m_onlyBar->hide();
    connect(showAll, &QPushButton::clicked, this, [this] {
        m_filter->setOnly({});
        m_onlyBar->hide();
    });
    leftLayout->addWidget(m_onlyBar);
    leftLayout->addWidget(m_table, 1);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_ledger, tr("Evidence"));
    m_tabs->addTab(m_graph, tr("Blast radius"));
    m_tabs->addTab(m_details, tr("Details"));
    m_tabs->addTab(m_charts, tr("Charts"));
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    setCentralWidget(m_splitter);
    statusBar()->addWidget(m_totals, 1);
    statusBar()->addPermanentWidget(m_scanTime);
    m_scanTime->reserveWidthFor(tr("scan %1 ms").arg(99999)); // a slow scan must not lay the window out
    m_totals->setSelectable(false); // counts, not something to copy: no text document to lay out
    m_scanTime->setSelectable(false);
    m_totals->setText(tr("Scanning…"));

    m_expansion = new TreeExpansion(m_table, IdentityRole, this);
    buildActions();
    connect(m_search, &QLineEdit::textChanged, m_filter, &ProcessFilterModel::setFilterText);
    connect(m_scope, &QComboBox::currentIndexChanged, this,
        [this] { m_filter->setScope(m_scope->currentData().value<ProcessFilterModel::Scope>()); });
    connect(m_candidatesOnly, &QCheckBox::toggled, m_filter, &ProcessFilterModel::setCandidatesOnly);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::showSelected);
    connect(m_table, &QWidget::customContextMenuRequested, this, &MainWindow::showContextMenu);
    connect(m_table->header(), &QWidget::customContextMenuRequested, this, &MainWindow::chooseColumns);
    connect(m_graph, &BlastGraphView::processActivated, this, &MainWindow::selectIdentity);
    connect(&m_service, &TriageService::resultReady, m_feed, &ResultFeed::receive);
    connect(m_feed, &ResultFeed::rowsReady, this, &MainWindow::applyResult);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::updateActionState);
    connect(&m_runner, &ActionRunner::busyChanged, this, &MainWindow::updateActionState);
    connect(&m_runner, &ActionRunner::undoableChanged, this, &MainWindow::updateMarks);
    connect(&m_runner, &ActionRunner::finished, this, [this](const QString &title, const auto &outcomes) {
        std::vector<Decision> ended;
        for (const Decision &d : m_pendingVotes)
            for (const ActOutcome &o : outcomes)
                if (o.target == d.target && o.status == ActStatus::Done)
                    ended.push_back(d);
        m_pendingVotes.clear();
        if (!ended.empty())
            m_keeper.recordDecisions(std::move(ended));
        reportOutcomes(title, outcomes);
        m_service.refreshNow();
    });
    connect(&m_service, &TriageService::deepReady, this,
        [this](const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep) {
            if (id != m_selected)
                return;
            m_selectedDeep = deep;
            m_ledger->showDeep(id, deep); // each pane takes it only if it shows that process
            m_details->showDeep(id, deep);
        });
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::tabOpened);
    connect(&m_service, &TriageService::failed, this, [this](const QString &message) {
        auto *box = new QMessageBox(QMessageBox::Critical, tr("Cannot scan processes"), message, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // not exec(): the window keeps running behind it
    });
    connect(&m_service, &TriageService::pastUnavailable, this,
        [this](const QString &message) { statusBar()->showMessage(message, 60000); });
    connect(&m_keeper, &SessionKeeper::saved, this, &MainWindow::sessionSaved);
    connect(&m_keeper, &SessionKeeper::reportExported, this, &MainWindow::reportExported);
    // What the past says ("past decisions", "leaking") changes with a decision or a saved session.
    connect(&m_keeper, &SessionKeeper::decisionsRecorded, this, [this](int count, const QString &error) {
        if (!error.isEmpty())
            statusBar()->showMessage(tr("Your decision was not remembered: %1").arg(error), 30000);
        if (count > 0)
            m_service.reloadPast();
    });
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::sessionSaved(long long id, const QString &error, bool automatic)
{
    const QString time = QLocale().toString(QTime::currentTime(), QLocale::ShortFormat);
    if (id != 0) {
        statusBar()->showMessage(tr("Session saved at %1").arg(time), 10000);
        m_service.reloadPast();
        return;
    }
    // An automatic save that fails says so where it does not interrupt; one asked for gets a box.
    statusBar()->showMessage(tr("The session was not saved: %1").arg(error), 30000);
    if (!automatic) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot save the session"), error, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
}

void MainWindow::chooseReportFile()
{
    const QString name
        = QStringLiteral("ptriage-report-%1-%2.html")
              .arg(QSysInfo::machineHostName(), QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm")));
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export report"), QDir(dir).filePath(name), tr("HTML files (*.html)"));
    if (!path.isEmpty())
        exportReport(path);
}

void MainWindow::exportReport(const QString &path)
{
    statusBar()->showMessage(tr("Writing the report…"));
    m_keeper.exportReport(path, std::make_shared<const TriageConfig>(m_config));
}

void MainWindow::reportExported(const QString &path, const QString &error, const QString &warning)
{
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("The report was not written: %1").arg(error), 30000);
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot write the report"), error, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    statusBar()->showMessage(tr("Report written to %1").arg(path), 10000);
    QString text = tr("The report was written to %1.").arg(path);
    if (!warning.isEmpty())
        text += QLatin1Char('\n') + tr("It has no comparison with saved sessions: %1").arg(warning);
    auto *box = new QMessageBox(QMessageBox::Information, tr("Report written"), text, QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("reportWritten"));
    QPushButton *open = box->addButton(tr("&Open"), QMessageBox::AcceptRole);
    box->addButton(QMessageBox::Close);
    box->setDefaultButton(open);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [open, path](QAbstractButton *clicked) {
        if (clicked == open)
            QDesktopServices::openUrl(QUrl::fromLocalFile(path));
    });
    box->open();
}

std::vector<Decision> MainWindow::decisionsFor(const std::vector<ProcessIdentity> &targets, Decision::Vote vote) const
{
    std::vector<Decision> out;
    if (!m_last)
        return out;
    for (const ProcessIdentity &id : targets) {
        const Sample *s = m_last->snapshot->byIdentity(id);
        if (!s || !s->details || s->details->cmdline.empty())
            continue; // a kernel thread, or a command never read: nothing to learn a pattern from
        Decision d;
        d.vote = vote;
        d.target = id;
        d.atMs = QDateTime::currentMSecsSinceEpoch();
        for (std::size_t a = 0; a < s->details->cmdline.size(); ++a)
            d.command += (a ? std::string(1, '\0') : std::string()) + s->details->cmdline[a];
        out.push_back(std::move(d));
    }
    return out;
}

void MainWindow::spare(const std::vector<ProcessIdentity> &targets)
{
    spareCommands(decisionsFor(targets, Decision::Vote::Spare));
}

void MainWindow::spareCommands(std::vector<Decision> decisions)
{
    if (decisions.empty()) {
        statusBar()->showMessage(tr("Nothing to learn from: the command of that process is unknown."), 10000);
        return;
    }
    statusBar()->showMessage(tr("ptriage will count processes like this one as more likely useful."), 10000);
    m_keeper.recordDecisions(std::move(decisions));
}

void MainWindow::showLearned()
{
    auto *dialog = new LearnedDialog(m_keeper, m_config.priors.learning, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &LearnedDialog::changed, &m_service, &TriageService::reloadPast);
    dialog->open();
}

SessionsWindow *MainWindow::showSessions()
{
    if (!m_sessionsWindow) {
        m_sessionsWindow = new SessionsWindow(m_keeper, this);
        connect(m_sessionsWindow, &SessionsWindow::actRequested, this,
            [this](const ProcessIdentity &id, ActVerb verb) { askToActOn({id}, verb, {}, m_sessionsWindow); });
        connect(m_sessionsWindow, &SessionsWindow::spareRequested, this,
            [this](const ProcessIdentity &id, const QByteArray &command) {
                Decision d;
                d.vote = Decision::Vote::Spare;
                d.target = id;
                d.command = command.toStdString();
                d.atMs = QDateTime::currentMSecsSinceEpoch();
                spareCommands({d});
            });
    }
    m_sessionsWindow->setLive(m_last);
    m_sessionsWindow->show();
    m_sessionsWindow->raise();
    m_sessionsWindow->activateWindow();
    m_sessionsWindow->reload();
    return m_sessionsWindow;
}

void MainWindow::buildActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    // Sessions are saved on the keeper's thread: the GUI thread never waits for SQLite.
    file->addAction(themeIcon(QStringLiteral("document-save")), tr("&Save session"), QKeySequence::Save, &m_keeper,
        &SessionKeeper::saveNow);
    file->addAction(themeIcon(QStringLiteral("document-open-recent")), tr("S&essions…"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::showSessions);
    file->addAction(themeIcon(QStringLiteral("document-export")), tr("&Export report…"),
        QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::chooseReportFile);
    QMenu *autosave = file->addMenu(tr("Save &automatically"));
    for (int minutes : {0, 5, 15, 30, 60}) {
        QAction *a = autosave->addAction(minutes == 0 ? tr("Never") : tr("Every %1 minutes").arg(minutes));
        a->setCheckable(true);
        a->setData(minutes);
        m_autosaveActions << a;
        connect(a, &QAction::triggered, this, [this, a] {
            for (QAction *other : std::as_const(m_autosaveActions))
                other->setChecked(other == a);
            m_keeper.setAutosaveMinutes(a->data().toInt());
        });
    }
    QAction *autostart = file->addAction(tr("Start in the &tray at login"));
    autostart->setCheckable(true);
    autostart->setChecked(autostartEnabled());
    connect(autostart, &QAction::toggled, this, [this, autostart](bool on) {
        QString error;
        if (!setAutostart(on, QCoreApplication::applicationFilePath(), &error)) {
            const QSignalBlocker block(autostart);
            autostart->setChecked(!on);
            statusBar()->showMessage(tr("Cannot change starting at login: %1").arg(error), 30000);
            return;
        }
        statusBar()->showMessage(on ? tr("ptriage will start in the tray at login (%1).").arg(autostartPath())
                                    : tr("ptriage will not start at login."),
            10000);
    });
    file->addSeparator();
    file->addAction(themeIcon(QStringLiteral("application-exit")), tr("&Quit"), QKeySequence::Quit, this, [this] {
        m_keepRunningHidden = false; // Quit quits, tray or not
        close();
        QCoreApplication::quit();
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_refresh = view->addAction(themeIcon(QStringLiteral("view-refresh")), tr("&Refresh now"), QKeySequence(Qt::Key_F5),
        &m_service, &TriageService::refreshNow);
    m_pause = view->addAction(themeIcon(QStringLiteral("media-playback-pause")), tr("&Pause updates"));
    m_pause->setCheckable(true);
    m_pause->setShortcut(QKeySequence(Qt::Key_Space));
    m_pause->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_table->addAction(m_pause);
    connect(m_pause, &QAction::toggled, this, [this](bool paused) {
        m_service.setPaused(paused);
        m_scanTime->setText(paused ? tr("Updates paused") : QString());
    });
    m_treeMode = view->addAction(themeIcon(QStringLiteral("view-list-tree")), tr("&Tree view"));
    m_treeMode->setCheckable(true);
    m_treeMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(m_treeMode, &QAction::toggled, this, [this](bool tree) {
        const ProcessIdentity selected = m_selected;
        m_expansion->setEnabled(tree);
        m_model->setTreeMode(tree); // built anew: everything expanded
        m_table->setRootIsDecorated(tree);
        if (selected.isValid())
            selectIdentity(selected);
    });
    QMenu *interval = view->addMenu(tr("Refresh &interval"));
    for (int ms : {1000, 2000, 5000, 10000}) {
        QAction *a = interval->addAction(tr("%1 s").arg(ms / 1000));
        a->setCheckable(true);
        a->setChecked(ms == m_service.intervalMs());
        a->setData(ms);
        m_intervalActions << a;
        connect(a, &QAction::triggered, this, [this, a] {
            for (QAction *other : std::as_const(m_intervalActions))
                other->setChecked(other == a);
            m_service.setIntervalMs(a->data().toInt());
        });
    }
    auto *find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, this, [this] {
        m_search->setFocus(Qt::ShortcutFocusReason);
        m_search->selectAll();
    });
    auto *slash = new QShortcut(QKeySequence(Qt::Key_Slash), m_table);
    connect(slash, &QShortcut::activated, this, [this] { m_search->setFocus(Qt::ShortcutFocusReason); });

    // Every action asks first (ActionDialog) and runs off the GUI thread through the engine's controller.
    QMenu *process = menuBar()->addMenu(tr("&Process"));
    // Icons only where a freedesktop name fits the verb.
    const auto icon = [](ActVerb verb) -> QIcon {
        switch (verb) {
        case ActVerb::End:
            return themeIcon(QStringLiteral("process-stop"));
        case ActVerb::Kill:
            return themeIcon(QStringLiteral("edit-bomb"));
        case ActVerb::Pause:
            return themeIcon(QStringLiteral("media-playback-pause"));
        case ActVerb::Resume:
            return themeIcon(QStringLiteral("media-playback-start"));
        default:
            return {};
        }
    };
    const std::tuple<QString, QKeySequence, ActVerb> acts[]
        = {{tr("&End (TERM, then KILL)"), QKeySequence(Qt::Key_Delete), ActVerb::End},
            {tr("&Kill"), QKeySequence(Qt::SHIFT | Qt::Key_Delete), ActVerb::Kill}, {tr("&Pause"), {}, ActVerb::Pause},
            {tr("&Resume"), {}, ActVerb::Resume}, {tr("&Freeze"), {}, ActVerb::Freeze},
            {tr("T&haw"), {}, ActVerb::Thaw}, {tr("&Throttle"), {}, ActVerb::Throttle},
            {tr("Re&nice"), {}, ActVerb::Renice}, {tr("&Quarantine"), {}, ActVerb::Quarantine},
            {tr("Ask the parent to &collect this zombie (SIGCHLD)"), {}, ActVerb::Reap}};
    for (const auto &[text, key, verb] : acts) {
        QAction *a = process->addAction(icon(verb), text);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_table->addAction(a);
        a->setData(static_cast<int>(verb));
        connect(a, &QAction::triggered, this, [this, verb = verb] { askToAct(verb); });
        m_processActions << a;
    }
    QMenu *signalMenu = process->addMenu(tr("Send &signal"));
    for (const char *name : {"HUP", "INT", "TERM", "KILL", "USR1", "USR2", "STOP", "CONT"}) {
        QAction *a = signalMenu->addAction(QStringLiteral("SIG%1").arg(QLatin1String(name)));
        connect(a, &QAction::triggered, this, [this, name] { askToAct(ActVerb::Signal, QLatin1String(name)); });
        m_processActions << a;
    }
    process->addSeparator();
    m_undo = process->addAction(themeIcon(QStringLiteral("edit-undo")), tr("&Undo last action on this process"), this,
        &MainWindow::undoSelected);
    m_undo->setShortcut(QKeySequence::Undo);
    process->addSeparator();
    m_spare = process->addAction(
        tr("S&pare: processes like this are useful"), this, [this] { spare(selectedIdentities()); });
    m_spare->setToolTip(tr("ptriage learns from it: processes with this command count as more likely useful"));
    process->addAction(tr("&Learned from your decisions…"), this, &MainWindow::showLearned);
    process->addAction(themeIcon(QStringLiteral("edit-clear")), tr("&Free memory…"), this, [this] { showRelief(); });
    process->setToolTipsVisible(true);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(themeIcon(QStringLiteral("help-about")), tr("&About ptriage"), this, [this] {
        QMessageBox::about(this, tr("About ptriage"),
            tr("<h3>ptriage %1</h3><p>Finds abandoned, stuck and runaway processes, explains every verdict "
               "term by term, and shows what acting on a process would break.</p>")
                .arg(QCoreApplication::applicationVersion()));
    });

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_refresh);
    bar->addAction(m_pause);
    bar->addAction(m_treeMode);
    bar->addSeparator();
    bar->addAction(m_processActions.first());
    bar->addAction(m_processActions.at(1));
}

void MainWindow::start()
{
    if (m_runner.journalError().isEmpty() && !m_runner.journalOpen())
        openJournal(m_keeper.path()); // the window's session database, not always the default one
    if (!m_ownService) {
        m_service.refreshNow(); // the shared engine runs already: a result for this window now
        return;
    }
    m_service.setSessionDatabase(m_keeper.path()); // learned decisions and memory across sessions
    m_service.start();
}

bool MainWindow::openJournal(const QString &path)
{
    const bool ok = m_runner.openJournal(path);
    if (!m_runner.journalWarning().isEmpty()) {
        qWarning("%s", qUtf8Printable(m_runner.journalWarning()));
        statusBar()->showMessage(tr("Warning: %1").arg(m_runner.journalWarning()), 60000);
    }
    updateActionState();
    return ok;
}

void MainWindow::setTransportFactory(ActionRunner::TransportFactory factory)
{
    m_runner.setTransportFactory(std::move(factory));
}

std::vector<ProcessIdentity> MainWindow::selectedIdentities() const
{
    std::vector<ProcessIdentity> out;
    for (const QModelIndex &row : m_table->selectionModel()->selectedRows())
        out.push_back(row.data(IdentityRole).value<ProcessIdentity>());
    return out;
}

void MainWindow::updateActionState()
{
    const auto targets = selectedIdentities();
    QString why = m_runner.unavailableReason();
    if (why.isEmpty() && targets.empty())
        why = tr("Select one or more processes first.");
    for (QAction *a : std::as_const(m_processActions)) {
        a->setEnabled(why.isEmpty());
        a->setToolTip(why.isEmpty() ? a->text().remove(QLatin1Char('&')) : why);
        a->setStatusTip(why);
    }
    m_undo->setEnabled(why.isEmpty() && targets.size() == 1 && m_runner.undoableFor(targets.front()));
    m_spare->setEnabled(!targets.empty());
}

void MainWindow::askToAct(ActVerb verb, const QString &signal)
{
    askToActOn(selectedIdentities(), verb, signal);
}

void MainWindow::askToActOn(
    const std::vector<ProcessIdentity> &targets, ActVerb verb, const QString &signal, QWidget *over)
{
    if (targets.empty() || !m_last || !m_runner.unavailableReason().isEmpty())
        return;
    ActRequest request;
    request.verb = verb;
    request.targets = targets;
    request.signal = signal.toStdString();
    auto *dialog = new ActionDialog(request, m_last, over ? over : this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const ActVerb asked = dialog->request().verb;
        // Ending a process is a vote for "abandoned", counted once its outcome is "done".
        m_pendingVotes = asked == ActVerb::End || asked == ActVerb::Kill
            ? decisionsFor(dialog->request().targets, Decision::Vote::Kill)
            : std::vector<Decision>{};
        const QString title = ActionDialog::verbLabel(asked);
        m_scanTime->setText(tr("%1 …").arg(title));
        m_runner.run(dialog->request(), m_last, title);
    });
    dialog->open(); // window-modal, and the event loop keeps running: scans go on behind it
}

void MainWindow::undoSelected()
{
    const auto targets = selectedIdentities();
    const ActionJournal::Entry *entry = targets.size() == 1 ? m_runner.undoableFor(targets.front()) : nullptr;
    if (!entry || m_runner.isBusy())
        return;
    const long long id = entry->id;
    const QString what = ActionDialog::verbLabel(entry->verb);
    auto *box = new QMessageBox(QMessageBox::Question, tr("Undo"),
        tr("Undo the %1 of process %2?").arg(what).arg(targets.front().pid), QMessageBox::Yes | QMessageBox::Cancel,
        this);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::accepted, this, [this, id, what] { m_runner.undo(id, tr("Undo %1").arg(what)); });
    box->open();
}

void MainWindow::reportOutcomes(const QString &title, const std::vector<ActOutcome> &outcomes)
{
    QStringList lines;
    int done = 0;
    for (const auto &o : outcomes) {
        done += o.status == ActStatus::Done ? 1 : 0;
        lines << tr("PID %1: %2 — %3").arg(o.target.pid).arg(EngineLabels::actStatus(o.status), qs(o.message));
    }
    m_lastReport = lines.join(QLatin1Char('\n'));
    m_scanTime->setText(tr("%1: %2 of %3 done").arg(title).arg(done).arg(outcomes.size()));
    auto *box
        = new QMessageBox(done == static_cast<int>(outcomes.size()) ? QMessageBox::Information : QMessageBox::Warning,
            title, tr("%1 of %2 done.").arg(done).arg(outcomes.size()), QMessageBox::Ok, this);
    box->setInformativeText(m_lastReport);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    updateActionState();
    Q_EMIT actionFinished();
}

void MainWindow::updateMarks()
{
    // Paused, frozen, throttled, reniced or quarantined by ptriage and not undone: visible in the table.
    std::unordered_map<ProcessIdentity, QString> marks;
    for (const auto &e : m_runner.undoable())
        marks[e.target] = EngineLabels::mark(e.verb);
    m_model->setMarks(std::move(marks));
    updateActionState();
}

void MainWindow::selectPidWhenSeen(int pid)
{
    m_selectPid = pid;
}

void MainWindow::applyResult(std::shared_ptr<const ProcessTableModel::PreparedRows> rows, qint64 scanMicroseconds)
{
    const auto result = rows->result;
    if (!result)
        return;
    m_feed->release(std::move(m_last));
    m_feed->release(m_model->prepared());
    m_last = result;
    m_keeper.setLatest(result);
    if (m_sessionsWindow)
        m_sessionsWindow->setLive(result);
    m_history.record(*result->snapshot);
    // The selected process ended: nothing is current any more (its panes clear), rather than the
    // row Qt would move to when its row is removed.
    if (m_selected.isValid() && !result->snapshot->byIdentity(m_selected))
        m_table->selectionModel()->clearCurrentIndex();
    m_applying = true;
    m_model->setPrepared(std::move(rows));
    m_applying = false;
    if (m_selected.isValid()) {
        // Still there, but maybe not current (hidden by the filter now, or moved): follow it, or
        // select nothing.
        const QModelIndex proxy = m_filter->mapFromSource(m_model->indexOf(m_selected));
        if (!proxy.isValid())
            m_table->selectionModel()->clearCurrentIndex();
        else if (proxy.row() != m_table->currentIndex().row() || proxy.parent() != m_table->currentIndex().parent())
            selectIdentity(m_selected);
    }
    if (m_selectPid > 0) {
        auto it = result->snapshot->indexByPid.find(m_selectPid);
        if (it != result->snapshot->indexByPid.end()) {
            selectIdentity(result->identityOf(static_cast<int>(it->second)));
            m_selectPid = 0;
        }
    }
    showSelected(); // the same identity, refreshed (or cleared if it is gone)
    updateStatus(scanMicroseconds);
    Q_EMIT resultApplied();
}

void MainWindow::showSelected()
{
    if (m_applying)
        return; // shown once the result is applied
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    const int i = current.isValid() ? m_model->resultIndex(m_filter->mapToSource(current)) : -1;
    if (i < 0 || !m_last) {
        m_selected = {};
        m_selectedDeep.reset();
        m_ledger->clear();
        m_graph->clear();
        m_details->clear();
        showCharts();
        return;
    }
    const ProcessIdentity id = m_last->identityOf(i);
    const bool newSelection = id != m_selected;
    m_selected = id;
    if (newSelection) {
        // The panes out of view are filled when their tab is opened; until then they show nothing,
        // never the process selected before.
        m_selectedDeep.reset();
        m_ledger->clear();
        m_graph->clear();
        m_details->clear();
    }
    showCurrentPane();
    if (newSelection)
        m_service.requestDeep(id); // fds, sockets and environment of the selected process only
}

void MainWindow::tabOpened()
{
    showCurrentPane();
    // The pane's new contents ask for a layout, and each widget shown posts itself a repaint for
    // later: both were handled after the paint the switch had already asked for, so the whole pane
    // was painted twice. Handled now, before that paint, they join it.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateLater);
}

void MainWindow::showCurrentPane()
{
    // Only the pane in view follows every refresh: each of the others costs milliseconds of the GUI
    // thread at every refresh with thousands of processes.
    QWidget *pane = m_tabs->currentWidget();
    if (pane == m_charts) {
        showCharts();
        return;
    }
    const int i = m_last ? m_model->resultIndex(m_model->indexOf(m_selected)) : -1;
    if (i < 0)
        return;
    if (pane == m_ledger) {
        m_ledger->showProcess(m_last, i, m_config);
        if (m_selectedDeep)
            m_ledger->showDeep(m_selected, m_selectedDeep);
    } else if (pane == m_graph) {
        m_graph->showRadius(m_last, i, m_config);
    } else if (pane == m_details) {
        m_details->showProcess(m_last, i);
        if (m_selectedDeep)
            m_details->showDeep(m_selected, m_selectedDeep);
    }
}

void MainWindow::showCharts()
{
    if (m_tabs->currentWidget() != m_charts)
        return; // drawn when the tab is opened
    const int i = m_model->resultIndex(m_model->indexOf(m_selected));
    if (i < 0 || !m_last) {
        m_charts->showHistory(m_history, {}, {});
        return;
    }
    const Sample &s = m_last->snapshot->processes[static_cast<std::size_t>(i)];
    m_charts->showHistory(m_history, s.id, tr("%1 (%2)").arg(processName(s)).arg(s.id.pid));
}

void MainWindow::selectIdentity(const ProcessIdentity &id)
{
    const QModelIndex source = m_model->indexOf(id);
    const QModelIndex proxy = m_filter->mapFromSource(source);
    if (!proxy.isValid())
        return;
    m_table->selectionModel()->setCurrentIndex(proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(proxy);
}

void MainWindow::updateStatus(qint64 scanMicroseconds)
{
    int candidates = 0;
    double reclaimable = 0;
    for (std::size_t i = 0; i < m_last->recommendations.size(); ++i) {
        const Recommendation &p = m_last->recommendations[i];
        if (!p.candidate)
            continue;
        ++candidates;
        if (p.action == RecommendedAction::Kill && p.targetIndex == static_cast<int>(i))
            reclaimable += static_cast<double>(m_last->snapshot->processes[i].rssBytes);
    }
    const QString candidateText = candidates == 1 ? tr("1 candidate") : tr("%1 candidates").arg(candidates);
    m_totals->setText(tr("%1 processes · %2 · %3 reclaimable by the recommended kills")
                          .arg(m_last->snapshot->processes.size())
                          .arg(candidateText, QString::fromStdString(formatBytes(reclaimable))));
    if (!m_pause->isChecked())
        m_scanTime->setText(tr("scan %1 ms").arg(static_cast<double>(scanMicroseconds) / 1000.0, 0, 'f', 0));
}

void MainWindow::showContextMenu(const QPoint &pos)
{
    if (!m_table->indexAt(pos).isValid())
        return;
    QMenu menu(this);
    menu.setToolTipsVisible(true);
    const int i = m_model->resultIndex(m_filter->mapToSource(m_table->indexAt(pos)));
    if (i >= 0) {
        const Recommendation &rec = m_last->recommendations[static_cast<std::size_t>(i)];
        menu.addSection(tr("Recommended: %1").arg(EngineLabels::recommendation(rec)));
    }
    menu.addActions(m_processActions);
    menu.addSeparator();
    menu.addAction(m_undo);
    menu.addAction(m_spare);
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

void MainWindow::chooseColumns(const QPoint &pos)
{
    // Which columns show; order and widths are dragged on the header, and all three are kept.
    QMenu menu(this);
    QHeaderView *header = m_table->header();
    for (int c = 0; c < m_model->columnCount(); ++c) {
        QAction *a = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(!header->isSectionHidden(c));
        a->setEnabled(c != m_model->columns().indexOf(QStringLiteral("command"))); // always one to read
        connect(a, &QAction::toggled, header, [header, c](bool shown) { header->setSectionHidden(c, !shown); });
    }
    menu.exec(header->mapToGlobal(pos));
}

void MainWindow::restoreSettings()
{
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    m_splitter->restoreState(s.value(QStringLiteral("window/splitter")).toByteArray());
    m_table->header()->restoreState(s.value(QStringLiteral("table/header")).toByteArray());
    m_treeMode->setChecked(s.value(QStringLiteral("table/tree"), false).toBool());
    const int interval = s.value(QStringLiteral("scan/intervalMs"), 2000).toInt();
    m_service.setIntervalMs(interval);
    for (QAction *a : std::as_const(m_intervalActions))
        a->setChecked(a->data().toInt() == m_service.intervalMs());
    if (const QString warning = m_keeper.restoreSettings(); !warning.isEmpty())
        statusBar()->showMessage(warning, 30000);
    for (QAction *a : std::as_const(m_autosaveActions))
        a->setChecked(a->data().toInt() == m_keeper.autosaveMinutes());
}

void MainWindow::saveSettings() const
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    s.setValue(QStringLiteral("table/header"), m_table->header()->saveState());
    s.setValue(QStringLiteral("table/tree"), m_treeMode->isChecked());
    s.setValue(QStringLiteral("scan/intervalMs"), m_service.intervalMs());
    s.setValue(QStringLiteral("sessions/autosaveMinutes"), m_keeper.autosaveMinutes());
    s.setValue(QStringLiteral("sessions/keepDays"), m_keeper.keepDays());
}

void MainWindow::setKeepRunningHidden(bool on, int hiddenIntervalMs)
{
    m_keepRunningHidden = on;
    m_hiddenIntervalMs = hiddenIntervalMs;
    if (on && !isVisible())
        hideEvent(nullptr);
}

void MainWindow::showOnly(const std::vector<ProcessIdentity> &ids)
{
    QStringList only;
    for (const ProcessIdentity &id : ids)
        only << QString::fromStdString(id.toString());
    m_filter->setOnly(only);
    m_onlyLabel->setText(tr("Showing only the processes named in the alert: %1.").arg(ids.size()));
    m_onlyBar->setVisible(!only.isEmpty());
    showNormal();
    raise();
    activateWindow();
}

ReliefDialog *MainWindow::showRelief(std::uint64_t goalBytes)
{
    auto *dialog = new ReliefDialog(*this, goalBytes, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    showNormal();
    raise();
    dialog->show();
    dialog->plan();
    return dialog;
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_shownIntervalMs > 0) {
        m_service.setIntervalMs(m_shownIntervalMs); // back to the refresh interval
        m_shownIntervalMs = 0;
        m_service.refreshNow();
    }
}

void MainWindow::hideEvent(QHideEvent *event)
{
    if (event)
        QMainWindow::hideEvent(event);
    // In the tray, a hidden window costs almost nothing: slow scans only.
    if (m_keepRunningHidden && m_shownIntervalMs == 0) {
        m_shownIntervalMs = m_service.intervalMs();
        m_service.setIntervalMs(m_hiddenIntervalMs);
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    if (m_keepRunningHidden) {
        hide(); // the tray keeps ptriage running; Quit is in its menu
        event->ignore();
        return;
    }
    event->accept(); // the service joins its thread when destroyed, a scan in progress included
}

} // namespace ptriage
