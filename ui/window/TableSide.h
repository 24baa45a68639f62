#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;

namespace ptriage {

class ProcessFilterModel;
class ProcessTableModel;
class ProcessTableView;
class SummaryBar;

// The left side of the main window: the summary line (SummaryBar), the filters (text, scope, candidates only), the
// "showing only the processes named in the alert" bar, and the process table sorted and filtered over the model.
class TableSide : public QWidget {
    Q_OBJECT

public:
    TableSide(ProcessTableModel &model, QWidget *parent = nullptr);

    ProcessTableView *table() const { return m_table; }
    ProcessFilterModel *filter() const { return m_filter; }
    SummaryBar *summary() const { return m_summary; }
    // First in the filters' row: which machine is shown (MachineChooser).
    void setMachineChooser(QWidget *chooser);
    // Only these processes in the table until "Show all" (all: empty).
    void showOnly(const std::vector<ProcessIdentity> &ids);

private:
    ProcessFilterModel *m_filter;
    ProcessTableView *m_table;
    QLineEdit *m_search;
    QComboBox *m_scope;
    QCheckBox *m_candidatesOnly;
    QWidget *m_onlyBar;
    QLabel *m_onlyLabel;
    SummaryBar *m_summary;
    QHBoxLayout *m_filters = nullptr;
};

} // namespace ptriage
