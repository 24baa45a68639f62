#pragma once

#include "decide/Triage.h"

#include <QWidget>

#include <memory>

class QLabel;
class QMenu;
class QPushButton;
class QSortFilterProxyModel;
class QTreeView;

namespace ptriage {

class PortsModel;

// The Ports view: every listener of the latest result → its process, with protocol, address, the
// clients connected, user and whether ending it is safe (why not: the tooltip). Choosing a row
// chooses that process; "Free port P…" asks for the relief plan of that port. Rows stay where they
// are while the pointer is over them (OrderHold). Reads only the result, never /proc. GUI thread.
class PortsView : public QWidget {
    Q_OBJECT
public:
    explicit PortsView(QWidget *parent = nullptr);

    void showResult(std::shared_ptr<const TriageResult> result);
    // The row of this process's listener on `port`, selected (false when there is none).
    bool selectListener(const ProcessIdentity &id, int port);
    int selectedPort() const; // 0: none
    // The process chosen elsewhere: its listener's row selected here, when it has one.
    void followProcess(const ProcessIdentity &id);

    QTreeView *view() const { return m_view; }
    PortsModel *model() const { return m_model; }
    QPushButton *freePortButton() const { return m_free; }
    QString summary() const;

Q_SIGNALS:
    void processActivated(const ptriage::ProcessIdentity &id);
    void freePortRequested(int port);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void apply(std::shared_ptr<const TriageResult> result);
    void currentChanged();
    void showMenu(const QPoint &pos);

    PortsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTreeView *m_view;
    QLabel *m_summary;
    QPushButton *m_free;
    bool m_applying = false; // a result is being applied: the current row is not the person's choice
    // The newest result while the view is hidden: nothing is laid out or painted for it until shown.
    std::shared_ptr<const TriageResult> m_waiting;
    ProcessIdentity m_followWaiting; // the process to follow once the waiting result is applied
    ProcessIdentity m_activated; // the process the person last chose here
};

} // namespace ptriage
