#include "panes/DetailsPane.h"

#include "look/UiText.h"
#include "table/ProcessColumns.h"
#include "util/Format.h"
#include "widgets/PaneSection.h"
#include "widgets/ReadOnlyTable.h"

#include <QDateTime>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QVBoxLayout>

namespace ptriage {
namespace {

QLabel *valueLabel(const QString &objectName, QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setTextFormat(Qt::PlainText);
    return l;
}

QString kindName(FdKind kind)
{
    switch (kind) {
    case FdKind::File:
        return DetailsPane::tr("file");
    case FdKind::Socket:
        return DetailsPane::tr("socket");
    case FdKind::Pipe:
        return DetailsPane::tr("pipe");
    case FdKind::Tty:
        return DetailsPane::tr("terminal");
    case FdKind::Device:
        return DetailsPane::tr("device");
    case FdKind::Other:
        break;
    }
    return DetailsPane::tr("other");
}

QString protoName(SocketInfo::Proto p)
{
    switch (p) {
    case SocketInfo::Proto::Tcp:
        return QStringLiteral("TCP");
    case SocketInfo::Proto::Tcp6:
        return QStringLiteral("TCP6");
    case SocketInfo::Proto::Udp:
        return QStringLiteral("UDP");
    case SocketInfo::Proto::Udp6:
        return QStringLiteral("UDP6");
    case SocketInfo::Proto::Unix:
        break;
    }
    return QStringLiteral("unix");
}

// "TCP 127.0.0.1:3000 listening" for a socket the snapshot knows, else the raw link target.
QString describeSocket(const OpenFile &f, const Snapshot &snap)
{
    auto it = snap.sockets.find(f.inode);
    if (it == snap.sockets.end())
        return qs(f.target);
    const SocketInfo &s = it->second;
    QString text = protoName(s.proto) + QLatin1Char(' ') + qs(s.local.empty() ? f.target : s.local);
    if (s.listening)
        return DetailsPane::tr("%1, listening").arg(text);
    if (!s.remote.empty())
        text += QStringLiteral(" → ") + qs(s.remote);
    return s.established ? DetailsPane::tr("%1, connected").arg(text) : text;
}

// GNOME System Monitor's names for nice levels, the number beside.
QString priorityName(long nice)
{
    const QString name = nice < -7 ? DetailsPane::tr("very high")
        : nice < -2                ? DetailsPane::tr("high")
        : nice <= 2                ? DetailsPane::tr("normal")
        : nice < 7                 ? DetailsPane::tr("low")
                                   : DetailsPane::tr("very low");
    return DetailsPane::tr("%1 priority (nice %2)").arg(name).arg(nice);
}

// What every system monitor's Properties shows first: owner, parent, start, priority, threads, state.
QString processLine(const ProcessView &process)
{
    const Sample &s = process.sample();
    const ProcessFacts &f = process.facts();
    QStringList parts;
    parts << (f.user.empty() ? DetailsPane::tr("user unknown") : DetailsPane::tr("user %1").arg(qs(f.user)));
    if (const auto parent = process.result().byPid(s.ppid))
        parts << DetailsPane::tr("parent %1 (%2)").arg(s.ppid).arg(qs(parent->sample().comm));
    else
        parts << DetailsPane::tr("parent %1").arg(s.ppid);
    const std::int64_t capturedAtMs = process.result().snapshot->capturedAtMs;
    if (capturedAtMs > 0) {
        const QDateTime started
            = QDateTime::fromMSecsSinceEpoch(capturedAtMs - static_cast<std::int64_t>(f.ageSeconds * 1000));
        const QDateTime scanned = QDateTime::fromMSecsSinceEpoch(capturedAtMs);
        const QString when = started.date() == scanned.date() ? QLocale().toString(started.time(), QLocale::ShortFormat)
                                                              : QLocale().toString(started, QLocale::ShortFormat);
        parts << DetailsPane::tr("started %1 (%2 ago)").arg(when, localDuration(f.ageSeconds));
    }
    parts << priorityName(s.nice);
    parts << (s.threads == 1 ? DetailsPane::tr("1 thread") : DetailsPane::tr("%1 threads").arg(s.threads));
    parts << ProcessColumns::stateLabel(s.state);
    return parts.join(QStringLiteral(" · "));
}

} // namespace

DetailsPane::DetailsPane(QWidget *parent)
    : QWidget(parent),
      m_title(new QLabel(this)),
      m_process(valueLabel(QStringLiteral("process"), this)),
      m_command(valueLabel(QStringLiteral("command"), this)),
      m_executable(valueLabel(QStringLiteral("executable"), this)),
      m_cwd(valueLabel(QStringLiteral("cwd"), this)),
      m_workspace(valueLabel(QStringLiteral("workspace"), this)),
      m_cgroup(valueLabel(QStringLiteral("cgroup"), this)),
      m_supervisor(valueLabel(QStringLiteral("supervisor"), this)),
      m_partial(valueLabel(QStringLiteral("partial"), this)),
      m_environment(makeReadOnlyTable({tr("Variable"), tr("Value")}, this)),
      m_files(makeReadOnlyTable({tr("fd"), tr("Kind"), tr("Mode"), tr("Target")}, this))
{
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_title->setFont(big);
    m_command->setFont(QFont(QStringLiteral("monospace")));
    m_partial->setStyleSheet(QStringLiteral("color: #a04000"));
    m_environment->setSelectionMode(QAbstractItemView::ContiguousSelection); // to copy from
    m_files->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_files->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_files->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_files->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_environment->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);

    auto *form = new QFormLayout;
    form->addRow(tr("Process:"), m_process);
    form->addRow(tr("Command line:"), m_command);
    form->addRow(tr("Executable:"), m_executable);
    form->addRow(tr("Working directory:"), m_cwd);
    form->addRow(tr("Project:"), m_workspace);
    form->addRow(tr("Cgroup:"), m_cgroup);
    form->addRow(tr("Supervisor:"), m_supervisor);
    form->addRow(m_partial);

    auto *envBox = new PaneSection(tr("Environment (secret-looking values masked)"), this);
    envBox->contents()->addWidget(m_environment);
    auto *filesBox = new PaneSection(tr("Open files and sockets"), this);
    filesBox->contents()->addWidget(m_files);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(filesBox);
    split->addWidget(envBox);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(form);
    layout->addWidget(split, 1);
    clear();
}

void DetailsPane::clear()
{
    m_result.reset();
    m_deep.reset();
    m_index = -1;
    m_identity = {};
    m_title->setText(tr("No process selected"));
    for (QLabel *l : {m_process, m_command, m_executable, m_cwd, m_workspace, m_cgroup, m_supervisor, m_partial})
        l->clear();
    m_partial->hide();
    m_environment->setRowCount(0);
    m_files->setRowCount(0);
}

void DetailsPane::showProcess(std::shared_ptr<const TriageResult> result, int index)
{
    const ProcessIdentity id = result->identityOf(index);
    if (id != m_identity)
        m_deep.reset();
    m_result = std::move(result);
    m_index = index;
    m_identity = id;
    const ProcessView process = m_result->process(index);
    const Sample &s = process.sample();
    const ProcessFacts &f = process.facts();
    m_title->setText(tr("%1 — pid %2").arg(processName(process)).arg(s.id.pid));
    m_process->setText(processLine(process));
    const ProcessDetails *d = s.details.get();
    if (d && !d->cmdline.empty()) {
        QStringList args;
        for (const auto &a : d->cmdline)
            args << qs(a);
        m_command->setText(args.join(QLatin1Char(' ')));
    } else {
        m_command->setText(tr("[%1] (no command line: a kernel thread, a zombie, or not readable)").arg(qs(s.comm)));
    }
    const QString unknown = tr("not readable");
    fillExecutable();
    m_cwd->setText(!d || d->cwd.empty() ? unknown : d->cwdDeleted ? tr("%1 (deleted)").arg(qs(d->cwd)) : qs(d->cwd));
    m_cgroup->setText(d && !d->cgroup.empty() ? qs(d->cgroup) : unknown);
    m_supervisor->setText(f.supervisor.empty() ? tr("none found") : qs(f.supervisor));
    if (d && !d->partial.empty()) {
        m_partial->setText(tr("Not everything could be read: %1").arg(partialPhrase(d->partial).text()));
        m_partial->show();
    } else {
        m_partial->hide();
    }
    fillDeep(m_deep ? m_deep.get() : s.deep.get());
}

void DetailsPane::showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep)
{
    if (!m_result || id != m_identity || !deep)
        return;
    m_deep = std::move(deep);
    fillExecutable();
    fillDeep(m_deep.get());
}

void DetailsPane::fillExecutable()
{
    const ProcessDetails *d = m_result ? m_result->process(m_index).sample().details.get() : nullptr;
    const auto shown
        = [this](const std::string &exe) { m_executable->setText(exe.empty() ? tr("not readable") : qs(exe)); };
    if (d && d->exeRead)
        shown(d->exe);
    else if (m_deep && m_deep->exeRead)
        shown(m_deep->exe);
    else if (m_result && !m_result->machine.readsDeep())
        m_executable->setText(
            tr("not read: the process is on %1").arg(QString::fromStdString(m_result->machine.hostName())));
    else
        m_executable->setText(tr("loading…"));
}

void DetailsPane::fillDeep(const DeepDetails *deep)
{
    if (!deep) {
        m_environment->setRowCount(0);
        m_files->setRowCount(0);
        // Another machine's process: its files and environment are read only on this machine.
        m_workspace->setText(m_result && !m_result->machine.readsDeep()
                ? tr("not read: the process is on %1").arg(QString::fromStdString(m_result->machine.hostName()))
                : tr("loading…"));
        return;
    }
    // Cell by cell, only what changed: a refresh with the same files repaints nothing and keeps
    // where the person scrolled to.
    m_workspace->setText(deep->workspace.empty() ? tr("none found") : qs(deep->workspace));
    m_environment->setRowCount(static_cast<int>(deep->environment.size()));
    int row = 0;
    for (const auto &[key, value] : deep->environment) {
        setReadOnlyCell(m_environment, row, 0, qs(key));
        setReadOnlyCell(m_environment, row, 1, qs(value));
        ++row;
    }
    const Snapshot &snap = *m_result->snapshot;
    m_files->setRowCount(static_cast<int>(deep->files.size()));
    row = 0;
    for (const auto &f : deep->files) {
        setReadOnlyCell(m_files, row, 0, QString::number(f.fd));
        setReadOnlyCell(m_files, row, 1, kindName(f.kind));
        setReadOnlyCell(m_files, row, 2, f.kind != FdKind::File ? QString() : f.writable ? tr("write") : tr("read"));
        setReadOnlyCell(m_files, row, 3, f.kind == FdKind::Socket ? describeSocket(f, snap) : qs(f.target));
        ++row;
    }
    if (!deep->partial.empty()) {
        m_partial->setText(tr("Not everything could be read: %1").arg(partialPhrase(deep->partial).text()));
        m_partial->show();
    }
}

QString DetailsPane::fieldText(const QString &objectName) const
{
    const auto *l = findChild<QLabel *>(objectName);
    return l ? l->text() : QString();
}

} // namespace ptriage
