#pragma once

#include "decide/Triage.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

namespace ptriage {

// The Ports view's rows: one per (listener, process) of the latest result — listener → process →
// who started it → its project — keyed by the process's identity and the listener, never by row, and
// one per listener of another user (its user, no process). A new result changes what rows say in
// place, appends new ones and removes ended ones, so a sorting proxy whose order is held keeps every
// row where it was.
class PortsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The listener ("TCP 127.0.0.1:3000", sorted by port) first, the verdict before the user: what a
    // narrow view must show.
    enum Column { Listener, Process, Origin, Project, Clients, Verdict, User, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole, // numbers as numbers
        IdentityRole, // the holder's ProcessIdentity
        PortRole, // the port, an int
    };

    explicit PortsModel(QObject *parent = nullptr);

    void setResult(std::shared_ptr<const TriageResult> result);
    std::shared_ptr<const TriageResult> result() const { return m_result; }
    int portCount() const; // distinct ports

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString key; // identity and listener
        ProcessIdentity identity;
        int port = 0;
        int clients = 0;
        bool safe = false;
        QStringList cells;
        QString verdictTip;
        QString originTip;
    };
    static std::vector<Row> rowsOf(const TriageResult &result);

    std::shared_ptr<const TriageResult> m_result;
    std::vector<Row> m_rows;
};

} // namespace ptriage
