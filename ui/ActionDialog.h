#pragma once

#include "act/ActRequest.h"
#include "decide/Triage.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace ptriage {

// "Are you sure?" before anything is done: every target with its command, class, memory, risk and
// what its blast radius holds; targets that can never get this action are listed as left alone
// (no override here). Cancel is the default. A high or critical risk needs a second, explicit
// confirmation.
class ActionDialog : public QDialog {
    Q_OBJECT

public:
    ActionDialog(const ActRequest &request, std::shared_ptr<const TriageResult> context, QWidget *parent = nullptr);

    // What will be asked of the engine: the request without the hard-blocked targets.
    ActRequest request() const { return m_allowed; }
    int blockedCount() const { return m_blocked; }
    bool needsSecondConfirmation() const;
    const QTableWidget *targetTable() const { return m_table; }
    QPushButton *actButton() const { return m_act; }
    QPushButton *cancelButton() const { return m_cancel; }
    QCheckBox *secondConfirmation() const { return m_understood; }

    static QString verbLabel(ActVerb verb);

private:
    void updateButtons();

    ActRequest m_allowed;
    int m_blocked = 0;
    QTableWidget *m_table;
    QCheckBox *m_understood;
    QPushButton *m_act;
    QPushButton *m_cancel;
};

} // namespace ptriage
