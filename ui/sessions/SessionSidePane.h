#pragma once

#include "act/ActRequest.h"
#include "session/SessionDiff.h"

#include <QWidget>

#include <string>
#include <vector>

class QGroupBox;
class QLabel;
class QPushButton;

namespace ptriage {

class ClassBars;

// One process of a session comparison on both sides, side by side: class and posterior, the
// recommendation, state, memory, CPU time and what blocked a stronger action, as each session saw
// it. From here the person can act on it (if it still runs) or spare it.
class SessionSidePane : public QWidget {
    Q_OBJECT

public:
    explicit SessionSidePane(QWidget *parent = nullptr);
    // `live`: the process still runs as this identity (acting is possible).
    void showEntry(const DiffEntry &entry, const SessionInfo &before, const SessionInfo &after, bool live);
    void clear();
    QString sideText(int side) const; // the text of one side (0 before, 1 after), for tests

Q_SIGNALS:
    void actRequested(const ptriage::ProcessIdentity &id, ptriage::ActVerb verb);
    // `command`: argv joined by '\0', as the session kept it.
    void spareRequested(const ptriage::ProcessIdentity &id, const std::vector<std::string> &argv);

private:
    struct Side {
        QGroupBox *box = nullptr;
        ClassBars *bars = nullptr;
        QLabel *text = nullptr;
    };
    Side makeSide();
    static void fill(Side &side, const SessionProcess *p, const QString &title);

    Side m_sides[2];
    QLabel *m_summary;
    QPushButton *m_end;
    QPushButton *m_spare;
    ProcessIdentity m_identity;
    std::vector<std::string> m_argv; // the shown process's command, what a spare learns from
};

} // namespace ptriage
