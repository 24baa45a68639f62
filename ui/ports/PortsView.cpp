#include "ports/PortsView.h"

#include "ports/PortsModel.h"
#include "table/OrderHold.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>

#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>
#include <utility>

namespace ptriage {

PortsView::PortsView(QWidget *parent)
    : QWidget(parent),
      m_model(new PortsModel(this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_view(new QTreeView(this)),
      m_summary(new QLabel(this)),
      m_free(new QPushButton(tr("Free port…"), this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PortsModel::SortRole);
    m_proxy->setDynamicSortFilter(true);
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->sortByColumn(PortsModel::Listener, Qt::AscendingOrder);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->resizeSection(PortsModel::Listener, 150);
    m_view->header()->resizeSection(PortsModel::Process, 130);
    m_view->header()->resizeSection(PortsModel::Origin, 150);
    m_view->header()->resizeSection(PortsModel::Project, 85);
    m_view->header()->resizeSection(PortsModel::Clients, 50);
    m_view->header()->resizeSection(PortsModel::Verdict, 260);
    // Rows stay put under the pointer, as in the process table: a refresh changes what they say.
    auto *hold = new OrderHold(m_view);
    connect(hold, &OrderHold::holdingChanged, this, [this](bool held) {
        m_proxy->setDynamicSortFilter(!held);
        if (!held)
            m_proxy->invalidate(); // what changed meanwhile, sorted now
    });
    m_summary->setWordWrap(true);
    m_summary->setToolTip(tr("Choose a listener to see its process; the Verdict's tooltip says why it is or is not "
                             "safe to end, and what ending it would break."));
    m_free->setEnabled(false);
    m_free->setToolTip(tr("The relief plan for the selected port: which of its holders to end, and what it costs"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_summary, 1);
    buttons->addWidget(m_free);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);

    // The person's choice selects its process; rows that a refresh moves or removes choose nothing.
    connect(
        m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
            currentChanged();
            if (m_applying || !current.isValid())
                return;
            const auto id = current.data(PortsModel::IdentityRole).value<ProcessIdentity>();
            if (id != m_activated) {
                m_activated = id;
                Q_EMIT processActivated(id);
            }
        });
    // A click makes the row current before it selects it: the button follows the selection too.
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &PortsView::currentChanged);
    connect(m_view, &QTreeView::clicked, this, [this](const QModelIndex &at) {
        m_activated = at.data(PortsModel::IdentityRole).value<ProcessIdentity>();
        Q_EMIT processActivated(m_activated); // again, after another process was chosen in the table
    });
    connect(m_free, &QPushButton::clicked, this, [this] {
        if (const int port = selectedPort())
            Q_EMIT freePortRequested(port);
    });
    connect(m_view, &QWidget::customContextMenuRequested, this, &PortsView::showMenu);
    showResult(nullptr);
}

void PortsView::showResult(std::shared_ptr<const TriageResult> result)
{
    // Behind the process table's tab its summary's new text would lay the window out at every
    // refresh whose listeners changed: the newest result waits until the view is shown.
    if (result && !isVisible()) {
        m_waiting = std::move(result);
        return;
    }
    m_waiting.reset();
    apply(std::move(result));
}

void PortsView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_waiting)
        return;
    apply(std::exchange(m_waiting, nullptr));
    if (const ProcessIdentity id = std::exchange(m_followWaiting, {}); id.isValid())
        followProcess(id);
}

void PortsView::apply(std::shared_ptr<const TriageResult> result)
{
    const bool scanned = result != nullptr;
    m_applying = true;
    m_model->setResult(std::move(result));
    m_applying = false;
    const int listeners = m_model->rowCount();
    const int ports = m_model->portCount();
    if (!scanned)
        m_summary->setText(tr("Waiting for the first scan…"));
    else if (listeners == 0)
        m_summary->setText(tr("No process of yours listens on a port (another user's listeners are visible only "
                              "with privileges)."));
    else if (listeners == 1)
        m_summary->setText(tr("1 listener"));
    else if (ports == 1)
        m_summary->setText(tr("%1 listeners on 1 port").arg(listeners));
    else
        m_summary->setText(tr("%1 listeners on %2 ports").arg(listeners).arg(ports));
    currentChanged(); // the button follows what the selected row says now
}

bool PortsView::selectListener(const ProcessIdentity &id, int port)
{
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex at = m_proxy->index(row, 0);
        if (at.data(PortsModel::PortRole).toInt() == port
            && at.data(PortsModel::IdentityRole).value<ProcessIdentity>() == id) {
            m_view->selectionModel()->setCurrentIndex(
                at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_view->scrollTo(at);
            return true;
        }
    }
    return false;
}

void PortsView::followProcess(const ProcessIdentity &id)
{
    if (m_waiting) { // the rows are not this result's yet
        m_followWaiting = id;
        return;
    }
    const QModelIndex current = m_view->currentIndex();
    if (!id.isValid() || (current.isValid() && current.data(PortsModel::IdentityRole).value<ProcessIdentity>() == id))
        return;
    // Chosen elsewhere (the table, the graph): its first listener here, without choosing it again.
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex at = m_proxy->index(row, 0);
        if (at.data(PortsModel::IdentityRole).value<ProcessIdentity>() == id) {
            m_applying = true;
            m_view->selectionModel()->setCurrentIndex(
                at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_applying = false;
            m_activated = id;
            m_view->scrollTo(at);
            return;
        }
    }
}

int PortsView::selectedPort() const
{
    // Only a row with a process to end frees its port: another user's listener has none here.
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() && m_view->selectionModel()->isRowSelected(current.row(), current.parent())
            && current.data(PortsModel::IdentityRole).value<ProcessIdentity>().isValid()
        ? current.data(PortsModel::PortRole).toInt()
        : 0;
}

QString PortsView::summary() const
{
    return m_summary->text();
}

void PortsView::currentChanged()
{
    const int port = selectedPort();
    m_free->setEnabled(port > 0);
    m_free->setText(port > 0 ? tr("Free port %1…").arg(port) : tr("Free port…"));
}

void PortsView::showMenu(const QPoint &pos)
{
    const QModelIndex at = m_view->indexAt(pos);
    if (!at.isValid() || !at.data(PortsModel::IdentityRole).value<ProcessIdentity>().isValid())
        return;
    const int port = at.data(PortsModel::PortRole).toInt();
    QMenu menu(this);
    menu.addAction(tr("Free port %1…").arg(port), this, [this, port] { Q_EMIT freePortRequested(port); });
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

} // namespace ptriage
