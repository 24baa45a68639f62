#pragma once

#include "act/ActRequest.h"
#include "act/ActionRules.h"
#include "decide/Triage.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLayout;
class QPushButton;
class QSpinBox;
class QLineEdit;
class QTableWidget;

namespace ptriage {

// "Are you sure?" before anything is done: every target with its command, whether ptriage recommends
// this action for it, whose it is, its class, memory, risk and what its blast radius holds; targets
// that can never get this action are listed as left alone (no override here), and a zombie to end
// is replaced by its parent, said so. Cancel is the default. A high or critical risk needs a second,
// explicit confirmation.
class ActionDialog : public QDialog {
    Q_OBJECT

public:
    // "End this group's leftovers": every member of an origin group is listed in its order; the
    // request's targets are checked, the left-out ones greyed with the reason and never included.
    struct GroupMembers {
        QString origin; // "the Claude Code session 1b2f…"
        QString owner; // "ended (last seen alive 4 min ago)"
        QString project; // "api@fix-auth"; may be empty
        std::vector<ProcessIdentity> members;
        std::vector<std::pair<ProcessIdentity, QString>> leftOut; // and why
    };

    ActionDialog(const ActRequest &request, std::shared_ptr<const TriageResult> context, QWidget *parent = nullptr,
        const GroupMembers *group = nullptr);

    // What will be asked of the engine: the request without the hard-blocked targets, with the
    // nice value, CPU share or CPU set chosen here.
    ActRequest request() const;
    int blockedCount() const { return m_blocked; }
    int leftOutCount() const { return m_leftOut; } // members of a group left out by its plan
    bool needsSecondConfirmation() const;
    const QTableWidget *targetTable() const { return m_table; }
    QPushButton *actButton() const { return m_act; }
    QPushButton *cancelButton() const { return m_cancel; }
    QCheckBox *secondConfirmation() const { return m_understood; }
    QSpinBox *parameter() const { return m_number; } // nice or CPU percent; null for other actions
    QLineEdit *cpuList() const { return m_cpus; } // quarantine only

    static QString verbLabel(ActVerb verb);
    // The act button: "End 1 process", "Pause 3 processes".
    static QString buttonLabel(ActVerb verb, int count);

private:
    // What the rows add up to, for the text above them.
    struct Tally {
        int highRisk = 0;
        int affected = 0;
        int recommended = 0;
        QStringList others; // owners that are not the person
        QStringList notes; // what a target became (a zombie: its parent)
    };
    void addTargetRow(const TriageResult &r, const VettedTarget &t, ActVerb verb, bool inGroup, Tally &tally);
    void addLeftOutRow(const TriageResult &r, const ProcessIdentity &id, const QString &why);
    void layOutTable(bool group);
    QStringList introLines(const TriageResult &r, const ActRequest &request, const QString &label,
        const GroupMembers *group, const Tally &tally);
    // Renice, throttle, quarantine: the value chosen here; null for other actions.
    QLayout *choiceRow(const TriageResult &r, const ActRequest &request);
    void updateButtons();

    ActRequest m_allowed;
    int m_blocked = 0;
    int m_leftOut = 0;
    QTableWidget *m_table;
    QCheckBox *m_understood;
    QPushButton *m_act;
    QPushButton *m_cancel;
    QSpinBox *m_number = nullptr;
    QLineEdit *m_cpus = nullptr;
    bool m_lowestAlready = false; // renice: every target at nice 19
};

} // namespace ptriage
