#pragma once

#include "panes/ProcessPane.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace ptriage {

// Everything read about one process: command line, executable, working directory and project,
// cgroup, the environment (secret-looking values arrive masked from the engine), open files and
// sockets. Fds and the environment are read on demand for the shown process only.
class DetailsPane : public QWidget, public ProcessPane {
    Q_OBJECT

public:
    explicit DetailsPane(QWidget *parent = nullptr);

    void showProcess(std::shared_ptr<const TriageResult> result, int index) override;
    void showDeep(const ProcessIdentity &id, std::shared_ptr<const DeepDetails> deep) override;
    void clear() override;
    void forgetResult() override { m_result.reset(); }
    ProcessIdentity shownIdentity() const override { return m_identity; }
    const QTableWidget *environmentTable() const { return m_environment; }
    const QTableWidget *filesTable() const { return m_files; }
    QString fieldText(const QString &objectName) const;

private:
    void fillDeep(const DeepDetails *deep);
    // From its details, or from the on-demand read while they have none (the window's first scan leaves it).
    void fillExecutable();

    std::shared_ptr<const TriageResult> m_result;
    int m_index = -1;
    ProcessIdentity m_identity;
    std::shared_ptr<const DeepDetails> m_deep; // the last on-demand read for the shown process
    QLabel *m_title;
    QLabel *m_process;
    QLabel *m_command;
    QLabel *m_executable;
    QLabel *m_cwd;
    QLabel *m_workspace;
    QLabel *m_cgroup;
    QLabel *m_supervisor;
    QLabel *m_partial;
    QTableWidget *m_environment;
    QTableWidget *m_files;
};

} // namespace ptriage
