#include "hosts/MachineChooser.h"

#include "desk/Desk.h"
#include "remote/HostsFile.h"

#include <QAbstractItemView>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QStandardItemModel>

namespace ptriage {

MachineChooser::MachineChooser(Desk &desk, QWidget *parent) : QComboBox(parent), m_desk(desk)
{
    setObjectName(QStringLiteral("machineChooser"));
    setToolTip(tr("Which machine's processes are shown (File → Add host… adds one)"));
    // As wide as a host's name; the list opens wide enough for why a host is not reachable.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(12);
    connect(&desk.hosts(), &HostWatch::hostsChanged, this, &MachineChooser::refill);
    connect(&desk.hosts(), &HostWatch::fetchingChanged, this, &MachineChooser::refill);
    connect(this, &QComboBox::activated, this, [this](int index) { m_desk.showMachine(machineAt(index)); });
    refill();
}

Machine MachineChooser::machineAt(int index) const
{
    const QString name = itemData(index).toString(); // empty: this machine
    return name.isEmpty() ? Machine() : Machine::host(name.toStdString());
}

bool MachineChooser::choose(const Machine &machine)
{
    const int index = findData(QString::fromStdString(machine.hostName()));
    auto *items = qobject_cast<QStandardItemModel *>(model());
    if (index < 0 || !items->item(index)->isEnabled())
        return false;
    setCurrentIndex(index);
    m_desk.showMachine(machine);
    return true;
}

void MachineChooser::refill()
{
    const HostWatch &watch = m_desk.hosts();
    const QString shown = QString::fromStdString(m_desk.shownMachine().hostName());
    const QSignalBlocker block(this);
    clear();
    addItem(tr("This machine"), QString());
    auto *items = qobject_cast<QStandardItemModel *>(model());
    if (!watch.fileError().isEmpty()) {
        addItem(tr("The hosts file has an error: %1").arg(watch.fileError()));
        items->item(count() - 1)->setEnabled(false);
    }
    for (const HostWatch::Host &h : watch.hosts()) {
        const QString name = QString::fromStdString(h.machine.hostName());
        QString text = name;
        if (!h.error.isEmpty())
            text = h.result ? tr("%1 — not reachable now, showing its last answer: %2").arg(name, h.error)
                            : tr("%1 — not reachable: %2").arg(name, h.error);
        addItem(text.left(160), name);
        items->item(count() - 1)->setToolTip(h.error.isEmpty() ? name : h.error);
        items->item(count() - 1)->setEnabled(h.result != nullptr);
    }
    const int at = findData(shown);
    setCurrentIndex(std::max(0, at));
    view()->setMinimumWidth(view()->sizeHintForColumn(0) + 2 * view()->frameWidth());
    if (at < 0 && !shown.isEmpty())
        m_desk.showMachine(Machine()); // no longer in the hosts file: back to this machine
    setVisible(count() > 1);
}

QString MachineChooser::askToAddHost()
{
    bool ok = false;
    const QString name = QInputDialog::getText(window(), tr("Add host"),
        tr("A machine to triage over ssh: anything ssh accepts (user@host, an alias of ~/.ssh/config). ptriage "
           "must be installed there; its processes are judged here."),
        QLineEdit::Normal, {}, &ok)
                             .trimmed();
    if (!ok || name.isEmpty())
        return {};
    std::string why;
    if (!addToHostsFile(defaultHostsFile(), name.toStdString(), &why)) {
        QMessageBox::warning(
            window(), tr("Add host"), tr("%1 was not added: %2").arg(name, QString::fromStdString(why)));
        return {};
    }
    m_desk.hosts().refreshNow();
    return tr("%1 is in the hosts file; its processes can be chosen once it answers.").arg(name);
}

QString MachineChooser::askToRemoveHost()
{
    QStringList names;
    for (const HostWatch::Host &h : m_desk.hosts().hosts())
        names << QString::fromStdString(h.machine.hostName());
    if (names.isEmpty()) {
        QMessageBox::information(window(), tr("Remove host"), tr("The hosts file lists no host."));
        return {};
    }
    const int shown = static_cast<int>(names.indexOf(QString::fromStdString(m_desk.shownMachine().hostName())));
    bool ok = false;
    const QString name = QInputDialog::getItem(window(), tr("Remove host"),
        tr("Take this host out of the hosts file (its saved sessions stay):"), names, std::max(0, shown), false, &ok);
    if (!ok || name.isEmpty())
        return {};
    std::string why;
    if (!removeFromHostsFile(defaultHostsFile(), name.toStdString(), &why)) {
        QMessageBox::warning(
            window(), tr("Remove host"), tr("%1 was not removed: %2").arg(name, QString::fromStdString(why)));
        return {};
    }
    m_desk.hosts().refreshNow(); // the chooser refills, and shows this machine if the host was shown
    return tr("%1 is no longer in the hosts file.").arg(name);
}

} // namespace ptriage
