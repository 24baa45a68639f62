#pragma once

#include "infer/Learning.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableWidget;

namespace ptriage {

class SessionKeeper;

// What ptriage learned from the person's decisions: each pattern with its level and (decayed)
// counts of processes ended and spared; forget one, or clear everything. Reads and writes go
// through the SessionKeeper's thread.
class LearnedDialog : public QDialog {
    Q_OBJECT

public:
    LearnedDialog(SessionKeeper &keeper, const LearningParams &params, QWidget *parent = nullptr);
    QTableWidget *table() const { return m_table; }
    QString status() const;

Q_SIGNALS:
    void changed(); // something was forgotten: the verdicts should be made again
    void shown(); // the list arrived (or its error)

private:
    void reload();
    void show(const std::vector<Match> &patterns, const QString &error);

    SessionKeeper &m_keeper;
    LearningParams m_params;
    QTableWidget *m_table;
    QLabel *m_status;
    QPushButton *m_forget;
    QPushButton *m_clear;
    std::vector<Match> m_patterns;
};

} // namespace ptriage
